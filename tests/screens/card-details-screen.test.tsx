/**
 * A card's details on its screen: a row for each detail given, each copied by its button, the phone a call link and
 * the website a link that opens in a new tab; the card PIN hidden until revealed. With 'Ask before showing PINs' on,
 * revealing or copying the PIN first asks for the PIN on the verify screen, then comes back to the card with the PIN
 * revealed (or copied), and does not ask again for a minute (driven by a stand-in clock, never a real wait).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { CardDetails } from '../../src/domain/card-details';
import type { Preferences } from '../../src/domain/preferences';
import { createPin } from '../../src/state/pin-changes';
import { detailsState } from '../../src/state/store';
import { expectNoAxeViolations } from '../support/axe';
import { foundInPage } from '../support/found-in-page';
import { currentPath, makeCard, renderApp } from '../support/render';
import { plainDetailsJson } from '../support/seed-details';

const PIN = '274951';
const card = makeCard({ issuer: 'Harbour Bank', cvv: '321' }, { id: 'Detail01' });
const plain = makeCard({ issuer: 'Plain Bank' }, { id: 'Detail02' });
const cardPath = `/home/cards/${card.id}`;
const all: CardDetails = {
  pin: '4821',
  notes: 'Use abroad\nKept in the blue wallet',
  validFrom: '04/24',
  phone: '+1 (800) 555-0100',
  website: 'https://bank.example/',
};
const asking = (on: boolean): Preferences => ({
  userInterface: { maskCardNumber: false },
  updates: { checkAtLaunch: true },
  security: { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: on },
});

afterEach(() => {
  vi.restoreAllMocks();
});

const details = () => page.getByRole('region', { name: 'More details' });
const button = (name: string) => page.getByRole('button', { name, exact: true });
/** A row's value as shown, without the buttons and links beside it. */
const shown = (label: string) => () =>
  page
    .getByRole('term')
    .elements()
    .find((term) => term.textContent === label)
    ?.nextElementSibling?.querySelector('.card-field-text')?.textContent;

async function openCard(options: { ask?: boolean; pin?: boolean } = {}) {
  await renderApp(cardPath, {
    cards: [card, plain],
    raw: { details: plainDetailsJson({ [card.id]: all }) },
    preferences: asking(options.ask ?? false),
  });
  await expect.element(details()).toBeVisible();
  if (options.pin) await createPin(PIN);
}

async function enterPin() {
  await expect.poll(currentPath).toBe(`${cardPath}/pin/verify`);
  await expect.element(page.getByRole('heading', { name: 'Verify your PIN', level: 1 })).toBeVisible();
  for (const digit of PIN) await button(digit).click();
  await expect.poll(currentPath).toBe(cardPath);
}

describe("a card's details on its screen", () => {
  test('every detail given has a row; the PIN is hidden until revealed, in the text and every name', async () => {
    await openCard();
    expect(
      page
        .getByRole('term')
        .elements()
        .map((term) => term.textContent),
    ).toContain('Bank website');
    await expect.poll(shown('Notes')).toBe('Use abroad\nKept in the blue wallet');
    expect(shown('Valid from')()).toBe('04/24');
    expect(shown('Bank phone number')()).toBe('+1 (800) 555-0100');
    expect(shown('Card PIN')()).toBe('••••Hidden');
    expect(foundInPage('4821')).toEqual([]);
    await expectNoAxeViolations();

    await button('Reveal card PIN').click();
    await expect.poll(shown('Card PIN')).toBe('4821');
    await button('Hide card PIN').click();
    await expect.poll(shown('Card PIN')).toBe('••••Hidden');
    expect(foundInPage('4821')).toEqual([]);
  });

  test('each detail is copied as it is; the phone calls the bank and the website opens in a new tab', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await openCard();
    for (const [label, value] of [
      ['Card PIN', all.pin],
      ['Notes', all.notes],
      ['Valid from', all.validFrom],
      ['Bank phone number', all.phone],
      ['Bank website', all.website],
    ] as const) {
      await button(`Copy ${label}`).click();
      await expect.poll(() => writeText.mock.lastCall?.[0]).toBe(value);
    }
    // Copied without being revealed.
    expect(shown('Card PIN')()).toBe('••••Hidden');
    await expect
      .element(page.getByRole('link', { name: 'Call your bank' }))
      .toHaveAttribute('href', 'tel:+18005550100');
    const site = page.getByRole('link', { name: /^https:\/\/bank\.example\/ \(opens in a new tab\)$/ });
    await expect.element(site).toHaveAttribute('href', 'https://bank.example/');
    await expect.element(site).toHaveAttribute('target', '_blank');
    expect(site.element().getAttribute('rel')?.split(' ')).toContain('noopener');
  });

  test('a card without details shows no details section', async () => {
    await renderApp(`/home/cards/${plain.id}`, {
      cards: [card, plain],
      raw: { details: plainDetailsJson({ [card.id]: all }) },
    });
    await expect.poll(() => Object.keys(detailsState.byCard)).toEqual([card.id]);
    await expect.element(page.getByRole('heading', { name: 'Card', level: 1 })).toBeVisible();
    await expect.element(details()).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  test("with 'Ask before showing PINs' off, a PIN reveals and copies at once", async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await openCard({ pin: true });
    await button('Reveal card PIN').click();
    await expect.poll(shown('Card PIN')).toBe('4821');
    await button('Copy Card PIN').click();
    await expect.poll(() => writeText.mock.lastCall?.[0]).toBe('4821');
    expect(currentPath()).toBe(cardPath);
  });
});

// Each test makes a PIN and enters it at least once (a real derivation each time), and some lock and unlock too: on a
// busy 2-core machine that takes longer than the browser tests' usual 20 s.
describe("'Ask before showing PINs' on", { timeout: 60_000 }, () => {
  test('revealing asks for the PIN first, comes back revealed, and does not ask again within a minute', async () => {
    await openCard({ ask: true, pin: true });
    await button('Reveal card PIN').click();
    // The verification is dated somewhere between these two readings of the clock, however long the PIN takes.
    const notBefore = Date.now();
    await enterPin();
    await expect.poll(shown('Card PIN')).toBe('4821');
    const notAfter = Date.now();
    await expectNoAxeViolations();
    await button('Hide card PIN').click();
    expect(foundInPage('4821')).toEqual([]);

    // 59 seconds on: still within the minute.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(notBefore + 59_000);
    await button('Reveal card PIN').click();
    await expect.poll(shown('Card PIN')).toBe('4821');
    expect(currentPath()).toBe(cardPath);
    await button('Hide card PIN').click();

    // A minute and more: asked again.
    clock.mockReturnValue(notAfter + 61_000);
    await button('Reveal card PIN').click();
    await expect.poll(currentPath).toBe(`${cardPath}/pin/verify`);
    await expectNoAxeViolations();
  });

  test('copying asks for the PIN first, then copies and says so; a reveal right after does not ask', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await openCard({ ask: true, pin: true });
    await button('Copy Card PIN').click();
    expect(writeText).not.toHaveBeenCalled();
    await enterPin();
    expect(writeText).toHaveBeenLastCalledWith('4821');
    await expect.element(page.getByText('Card PIN copied')).toBeVisible();
    // Copied, not shown.
    expect(shown('Card PIN')()).toBe('••••Hidden');
    await button('Reveal card PIN').click();
    await expect.poll(shown('Card PIN')).toBe('4821');
    expect(currentPath()).toBe(cardPath);
  });

  test('Back on the verify screen reveals nothing', async () => {
    await openCard({ ask: true, pin: true });
    await button('Reveal card PIN').click();
    await expect.poll(currentPath).toBe(`${cardPath}/pin/verify`);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.poll(currentPath).toBe(cardPath);
    await expect.poll(shown('Card PIN')).toBe('••••Hidden');
  });

  test('locking ends the minute: after unlocking, revealing asks again', async () => {
    await openCard({ ask: true, pin: true });
    await button('Reveal card PIN').click();
    await enterPin();
    await expect.poll(shown('Card PIN')).toBe('4821');
    await page.getByRole('link', { name: 'Home' }).click();
    await button('Lock now').click();
    await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
    for (const digit of PIN) await button(digit).click();
    await expect.element(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /^Harbour Bank / }).click();
    await expect.element(details()).toBeVisible();
    expect(shown('Card PIN')()).toBe('••••Hidden');
    await button('Reveal card PIN').click();
    await expect.poll(currentPath).toBe(`${cardPath}/pin/verify`);
  });

  test('without a PIN or password there is nothing to ask for: the PIN reveals at once', async () => {
    await openCard({ ask: true });
    await button('Reveal card PIN').click();
    await expect.poll(shown('Card PIN')).toBe('4821');
    expect(currentPath()).toBe(cardPath);
  });
});
