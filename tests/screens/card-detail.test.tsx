import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { COPY_FAILED_MESSAGE } from '../../src/components/CopyButton';
import { expectNoAxeViolations } from '../support/axe';
import { foundInPage } from '../support/found-in-page';
import { expiryIn, makeCard, renderApp, storedCards } from '../support/render';

const card = makeCard(
  {
    number: '4111111111111111',
    expiry: '09/29',
    cardholder: 'Ada Lovelace',
    issuer: 'HDFC Bank',
    cvv: '321',
    network: 'VISA',
  },
  { id: 'AbCd1234' },
);
const detailPath = `/home/cards/${card.id}`;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A detail's value as shown, without the reveal and copy buttons beside it in its description. */
const valueText = (field: Element): string | null | undefined => field.querySelector('.card-field-text')?.textContent;
const shownValue = (index: number) => () => valueText(page.getByRole('definition').nth(index).element());

describe('card detail', () => {
  test('shows every field read-only, the number grouped, with Back and Edit', async () => {
    await renderApp(detailPath, { cards: [card] });
    const fields = page.getByRole('definition');
    await expect.element(fields.nth(0)).toHaveTextContent('4111 1111 1111 1111');
    expect(fields.elements().map(valueText)).toEqual([
      '4111 1111 1111 1111',
      '09/29',
      'Ada Lovelace',
      'HDFC Bank',
      '•••Hidden',
      'Visa',
    ]);
    await expect.element(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    await expect
      .element(page.getByRole('link', { name: 'Edit', exact: true }))
      .toHaveAttribute('href', `${detailPath}/edit`);
    expect(page.getByRole('textbox').elements()).toHaveLength(0);
    await expectNoAxeViolations();
  });

  test('copies the raw number (no spaces) and confirms with a check icon', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await renderApp(detailPath, { cards: [card] });
    const copyNumber = page.getByRole('button', { name: 'Copy Card number' });
    await expect.element(copyNumber).toHaveAttribute('data-copied', 'false');
    await copyNumber.click();
    expect(writeText).toHaveBeenCalledWith('4111111111111111');
    await expect.element(copyNumber).toHaveAttribute('data-copied', 'true');
    expect(copyNumber.element().querySelector('[data-icon="check"]')).not.toBeNull();
    await page.getByRole('button', { name: 'Copy CVV' }).click();
    expect(writeText).toHaveBeenLastCalledWith('321');
  });

  test('says so in an error toast when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await renderApp(detailPath, { cards: [card] });
    const copyExpiry = page.getByRole('button', { name: 'Copy Expiry' });
    await copyExpiry.click();
    const toast = page.getByText(COPY_FAILED_MESSAGE);
    await expect.element(toast).toBeVisible();
    await expect.element(toast).toHaveAttribute('data-type', 'error');
    await expect.element(copyExpiry).toHaveAttribute('data-copied', 'false');
  });

  test('an unknown id goes back to /home', async () => {
    await renderApp('/home/cards/nope1234', { cards: [card] });
    await expect.poll(() => window.location.pathname).toBe('/home');
    await expect.element(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  });
});

describe('hidden details', () => {
  const secret = makeCard(
    { number: '5500005555555559', expiry: '07/31', cardholder: 'Grace Hopper', issuer: 'Harbour', cvv: '987' },
    { id: 'Hid3n123' },
  );
  const path = `/home/cards/${secret.id}`;
  const masked = { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } };

  test('the CVV is hidden until revealed, in the text and in every accessible name', async () => {
    await renderApp(path, { cards: [secret] });
    const reveal = page.getByRole('button', { name: 'Reveal CVV' });
    await expect.element(reveal).toBeVisible();
    await expect.element(page.getByRole('definition').nth(4)).toHaveTextContent('•••Hidden');
    expect(foundInPage('987')).toEqual([]);
    // Its copy button is there, named for the field, not the value.
    await expect.element(page.getByRole('button', { name: 'Copy CVV' })).toBeVisible();

    await reveal.click();
    await expect.poll(shownValue(4)).toBe('987');
    await page.getByRole('button', { name: 'Hide CVV' }).click();
    await expect.element(page.getByRole('button', { name: 'Reveal CVV' })).toBeVisible();
    expect(foundInPage('987')).toEqual([]);
  });

  test("with 'Mask card number' on, the number is masked here too until revealed, the preview with it", async () => {
    await renderApp(path, { cards: [secret], preferences: masked });
    const number = page.getByRole('definition').nth(0);
    await expect.element(number).toHaveTextContent('5500 •••• ••••middle digits hidden 5559');
    for (const hidden of ['5500005555555559', '5500 0055 5555 5559', '0055', '00555555']) {
      expect(foundInPage(hidden)).toEqual([]);
    }
    await expect.element(page.getByRole('button', { name: 'Copy Card number' })).toBeVisible();

    await page.getByRole('button', { name: 'Reveal card number' }).click();
    await expect.poll(shownValue(0)).toBe('5500 0055 5555 5559');
    // The card picture above shows the whole number as well.
    await expect.element(page.getByTestId('card-number')).toHaveTextContent('5500 0055 5555 5559');
    await page.getByRole('button', { name: 'Hide card number' }).click();
    await expect.element(number).toHaveTextContent('5500 •••• ••••middle digits hidden 5559');
    expect(foundInPage('0055')).toEqual([]);
    // The CVV keeps its own toggle, still hidden.
    expect(foundInPage('987')).toEqual([]);
  });

  test("with 'Mask card number' off, the number shows whole and has nothing to reveal", async () => {
    await renderApp(path, { cards: [secret] });
    await expect.element(page.getByRole('definition').nth(0)).toHaveTextContent(/^5500 0055 5555 5559$/);
    await expect.element(page.getByRole('button', { name: 'Reveal card number' })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Copy Card number' })).toBeVisible();
  });
});

describe('deleting a card', () => {
  test('asks first, with the exact texts; Cancel keeps the card', async () => {
    await renderApp(detailPath, { cards: [card] });
    const deleteButton = page.getByRole('button', { name: 'Delete' });
    await deleteButton.click();
    const sheet = page.getByRole('dialog', { name: 'Delete card' });
    await expect.element(sheet).toBeVisible();
    await expect.element(sheet).toHaveAttribute('aria-modal', 'true');
    await expect.element(sheet.getByText('Are you sure you want to delete this card?')).toBeVisible();
    await expect.element(sheet.getByText('This action cannot be undone.')).toBeVisible();
    await expect.element(sheet.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(sheet).not.toBeInTheDocument();
    await expect.element(deleteButton).toHaveFocus();
    expect(window.location.pathname).toBe(detailPath);
    expect(Object.keys(storedCards().cards)).toEqual([card.id]);
  });

  test('Delete closes the sheet, removes the card 200 ms later, goes home and confirms', async () => {
    const other = makeCard({ issuer: 'Keep Me' });
    await renderApp(detailPath, { cards: [card, other] });
    await page.getByRole('button', { name: 'Delete' }).click();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await page.getByRole('dialog', { name: 'Delete card' }).getByRole('button', { name: 'Delete' }).click();
      await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
      vi.advanceTimersByTime(199);
      expect(Object.keys(storedCards().cards)).toContain(card.id);
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    // The delete is a read-modify-write under the cross-tab lock, so it lands a moment after it starts.
    await expect.poll(() => Object.keys(storedCards().cards)).toEqual([other.id]);
    await expect.poll(() => window.location.pathname).toBe('/home');
    await expect.element(page.getByText('Card deleted')).toHaveAttribute('data-type', 'success');
    await expect.element(page.getByRole('link', { name: /HDFC Bank/ })).not.toBeInTheDocument();
    await expect.element(page.getByRole('link', { name: /^Keep Me Visa ending 1111, / })).toBeVisible();
  });

  test('the sheet closes with Escape, by keyboard alone', async () => {
    await renderApp(detailPath, { cards: [card] });
    await expect.element(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    page.getByRole('button', { name: 'Delete' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Delete card' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(Object.keys(storedCards().cards)).toEqual([card.id]);
  });
});

/** The card picture above the fields. */
const cardFace = () => page.elementLocator(document.querySelector('.card-preview') as Element);

describe('what the card has, and what it says about itself', () => {
  test('a card without an issuer shows no issuer placeholder on its face, nor any other placeholder', async () => {
    const plain = makeCard({ issuer: '', network: 'OTHER', number: '3530111333300000' }, { id: 'NoIssuer' });
    await renderApp(`/home/cards/${plain.id}`, { cards: [plain] });
    await expect.element(page.getByTestId('card-number')).toHaveTextContent('3530 1113 3330 0000');
    for (const placeholder of ['Issuer/bank', 'Your Name', 'MM/YY']) {
      await expect.element(page.getByText(placeholder)).not.toBeInTheDocument();
    }
    await expect.element(page.getByRole('definition').nth(3)).toHaveTextContent('Not set');
    await expectNoAxeViolations();
  });

  test('an Other card shows its network as Other and offers no copy of it; a Visa card does', async () => {
    const other = makeCard({ network: 'OTHER', number: '3530111333300000' }, { id: 'Other001' });
    const { unmount } = await renderApp(`/home/cards/${other.id}`, { cards: [other] });
    await expect.element(page.getByRole('definition').nth(5)).toHaveTextContent('Other');
    await expect.element(page.getByRole('button', { name: 'Copy Card number' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Copy Network' })).not.toBeInTheDocument();
    await unmount();
    await renderApp(detailPath, { cards: [card] });
    await expect.element(page.getByRole('button', { name: 'Copy Network' })).toBeVisible();
  });

  test('an expired card and one expiring soon are flagged beside the expiry and on the card', async () => {
    const expired = makeCard({ expiry: expiryIn(-1) }, { id: 'Expired1' });
    const soon = makeCard({ expiry: expiryIn(2) }, { id: 'Soon0001' });
    const later = makeCard({ expiry: expiryIn(3) }, { id: 'Later001' });
    const cards = [expired, soon, later];

    const first = await renderApp(`/home/cards/${expired.id}`, { cards });
    await expect.element(page.getByRole('definition').nth(1)).toHaveTextContent(`${expired.data.expiry} Expired`);
    await expect.element(cardFace().getByText('Expired')).toBeVisible();
    await expectNoAxeViolations();
    await first.unmount();

    const second = await renderApp(`/home/cards/${soon.id}`, { cards });
    await expect.element(page.getByRole('definition').nth(1)).toHaveTextContent(`${soon.data.expiry} Expires soon`);
    await expect.element(cardFace().getByText('Expires soon')).toBeVisible();
    // The copy button copies the date alone.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await page.getByRole('button', { name: 'Copy Expiry' }).click();
    expect(writeText).toHaveBeenCalledWith(soon.data.expiry);
    await second.unmount();

    await renderApp(`/home/cards/${later.id}`, { cards });
    await expect.element(page.getByRole('definition').nth(1)).toHaveTextContent(new RegExp(`^${later.data.expiry}$`));
    await expect.element(page.getByText(/^Expire/)).not.toBeInTheDocument();
  });

  test('a saved number that fails the checksum carries the warning under it', async () => {
    const typo = makeCard({ number: '4111111111111112' }, { id: 'Typo0001' });
    const { unmount } = await renderApp(`/home/cards/${typo.id}`, { cards: [typo] });
    const warning = 'This number fails the card checksum. Check it for a typo.';
    await expect.element(page.getByRole('definition').nth(0)).toHaveTextContent(`4111 1111 1111 1112${warning}`);
    await expectNoAxeViolations();
    await unmount();
    await renderApp(detailPath, { cards: [card] });
    await expect.element(page.getByText(warning)).not.toBeInTheDocument();
  });

  test('an American Express number is grouped 4-6-5 and, masked, hides its middle as well', async () => {
    const amex = makeCard({ number: '378282246310005', cvv: '1234', network: 'AMEX' }, { id: 'Amex0001' });
    const masked = { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } };
    const { unmount } = await renderApp(`/home/cards/${amex.id}`, { cards: [amex] });
    await expect.element(page.getByRole('definition').nth(0)).toHaveTextContent(/^3782 822463 10005$/);
    await expect.element(page.getByTestId('card-number')).toHaveTextContent('3782 822463 10005');
    await unmount();

    await renderApp(`/home/cards/${amex.id}`, { cards: [amex], preferences: masked });
    const number = page.getByRole('definition').nth(0);
    await expect.element(number).toHaveTextContent('3782 •••••• •middle digits hidden 0005');
    await expect.element(page.getByTestId('card-number')).toHaveTextContent('3782 •••••• •0005');
    for (const hidden of ['378282246310005', '822463', '2246', '10005']) expect(foundInPage(hidden)).toEqual([]);
    await expectNoAxeViolations();
  });
});
