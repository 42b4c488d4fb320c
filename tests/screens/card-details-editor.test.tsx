/**
 * A card's details through the editor: 'More details' closed at first, each field saved with the card and shown on
 * its screen; an error opens the section and takes the cursor; the details go with the card through the PIN Sleeve
 * recommends; a card's editor starts from what is kept, and with 'Ask before showing PINs' on, revealing the kept PIN
 * there asks first and brings back what was typed.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { CardDetailsMessages } from '../../src/domain/card-details-rules';
import { holdScanBase, holdScanned } from '../../src/state/drafts';
import { createPin } from '../../src/state/pin-changes';
import { detailsState } from '../../src/state/store';
import { expectNoAxeViolations } from '../support/axe';
import { currentPath, makeCard, renderApp, storedCards } from '../support/render';
import { plainDetailsJson } from '../support/seed-details';
import { storedJson } from '../support/seed-storage';

const PIN = '274951';
const toggle = () => page.getByRole('button', { name: 'More details' });
const field = (label: string) => page.getByLabelText(label, { exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const cardId = () => currentPath().split('/').pop() as string;

afterEach(() => {
  vi.restoreAllMocks();
});

async function fillVisa(): Promise<void> {
  await field('Card number').fill('4111111111111111');
  await field('Expiry').fill('1229');
  await field('Cardholder').fill('Ada Lovelace');
}

async function fillDetails(): Promise<void> {
  await toggle().click();
  await field('Card PIN').fill('4821');
  await field('Notes').fill('  Use abroad  ');
  await field('Valid from').fill('0424');
  await field('Bank phone number').fill('+1 800 555 0100');
  await field('Bank website').fill('bank.example');
}

test('a new card saves each detail with it, and its screen shows them', async () => {
  await renderApp('/add/editor');
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'false');
  await fillVisa();
  await fillDetails();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations();
  await button('Save').click();
  await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Skip' }).click();
  await expect.poll(currentPath).toMatch(/^\/home\/cards\/[A-Za-z0-9]{8}$/);
  expect(detailsState.byCard[cardId()]).toEqual({
    pin: '4821',
    notes: 'Use abroad',
    validFrom: '04/24',
    phone: '+1 800 555 0100',
    website: 'https://bank.example/',
  });
  const region = page.getByRole('region', { name: 'More details' });
  await expect.element(region).toBeVisible();
  await expect.element(region.getByText('Use abroad')).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Call your bank' })).toHaveAttribute('href', 'tel:+18005550100');
  await expectNoAxeViolations();
});

test('an error in a closed section opens it and takes the cursor; nothing is saved until it is fixed', async () => {
  await renderApp('/add/editor');
  await fillVisa();
  await toggle().click();
  await field('Card PIN').fill('12');
  await toggle().click();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'false');
  await button('Save').click();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'true');
  await expect.element(page.getByText(CardDetailsMessages.pin)).toBeVisible();
  await expect.element(field('Card PIN')).toHaveFocus();
  await expect.element(field('Card PIN')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations();
  expect(storedCards().cards).toEqual({});
  await field('Card PIN').fill('1234');
  await expect.element(page.getByText(CardDetailsMessages.pin)).not.toBeInTheDocument();
});

test('the details wait with the card while the recommended PIN is created, and are saved encrypted', async () => {
  await renderApp('/add/editor');
  await fillVisa();
  await fillDetails();
  await button('Save').click();
  await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Create PIN' }).click();
  // Going back keeps them.
  await page.getByRole('link', { name: 'Back' }).click();
  await toggle().click();
  await expect.element(field('Notes')).toHaveValue('  Use abroad  ');
  await button('Save').click();
  await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Create PIN' }).click();
  for (const step of [PIN, PIN]) for (const digit of step) await button(digit).click();
  await expect.poll(currentPath).toMatch(/^\/home\/cards\/[A-Za-z0-9]{8}$/);
  await expect.poll(() => detailsState.byCard[cardId()]?.notes).toBe('Use abroad');
  const stored = JSON.stringify(storedJson('details'));
  expect(stored).toContain('"ENCRYPTED"');
  expect(stored).not.toContain('Use abroad');
});

test('what was typed in the details waits while the scanner reads the card, and comes back beside its reading', async () => {
  await renderApp('/add');
  const typed = makeCard({ number: '', expiry: '', cardholder: '', issuer: 'Typed Bank' }).data;
  holdScanBase(typed, { pin: '', notes: 'Typed before the scan', validFrom: '', phone: '', website: '' });
  holdScanned({ number: '4111111111111111', network: 'VISA', expiry: '12/29', cardholder: 'ADA LOVELACE' });
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await expect.element(field('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect.element(field('Issuer')).toHaveValue('Typed Bank');
  await toggle().click();
  await expect.element(field('Notes')).toHaveValue('Typed before the scan');
});

const kept = makeCard({ issuer: 'Harbour Bank' }, { id: 'Edit0d01' });
const keptDetails = { pin: '4821', notes: 'Use abroad', phone: '+1 800 555 0100' };

test("a card's editor starts from its details; a change and a removal are saved", async () => {
  await renderApp(`/home/cards/${kept.id}/edit`, {
    cards: [kept],
    raw: { details: plainDetailsJson({ [kept.id]: keptDetails }) },
  });
  await expect.poll(() => detailsState.byCard[kept.id]?.pin).toBe('4821');
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'false');
  await toggle().click();
  await expect.element(field('Notes')).toHaveValue('Use abroad');
  await expect.element(field('Card PIN')).toHaveAttribute('data-secret', 'hidden');
  await expectNoAxeViolations();
  await field('Notes').fill('Home only');
  await field('Bank phone number').fill('');
  await button('Update').click();
  await expect.poll(currentPath).toBe(`/home/cards/${kept.id}`);
  expect(detailsState.byCard[kept.id]).toEqual({
    ...keptDetails,
    notes: 'Home only',
    phone: '',
    validFrom: '',
    website: '',
  });
  await expect.element(page.getByRole('link', { name: 'Call your bank' })).not.toBeInTheDocument();
});

test("with 'Ask before showing PINs' on, revealing the kept PIN asks first and keeps what was typed", async () => {
  await renderApp(`/home/cards/${kept.id}/edit`, {
    cards: [kept],
    raw: { details: plainDetailsJson({ [kept.id]: keptDetails }) },
    preferences: {
      userInterface: { maskCardNumber: false },
      updates: { checkAtLaunch: true },
      security: { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: true },
    },
  });
  await expect.poll(() => detailsState.byCard[kept.id]?.pin).toBe('4821');
  await createPin(PIN);
  await field('Issuer').fill('Typed Bank');
  await toggle().click();
  await field('Notes').fill('Typed note');
  await button('Reveal card PIN').click();
  await expect.poll(currentPath).toBe(`/home/cards/${kept.id}/edit/pin/verify`);
  for (const digit of PIN) await button(digit).click();
  await expect.poll(currentPath).toBe(`/home/cards/${kept.id}/edit`);
  await expect.element(field('Card PIN')).toHaveAttribute('data-secret', 'shown');
  await expect.element(field('Card PIN')).toHaveValue('4821');
  await expect.element(field('Issuer')).toHaveValue('Typed Bank');
  await expect.element(field('Notes')).toHaveValue('Typed note');
  await expectNoAxeViolations();
});
