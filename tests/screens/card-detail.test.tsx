import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { COPY_FAILED_MESSAGE } from '../../src/components/CopyButton';
import { makeCard, renderApp, storedCards } from '../support/render';

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

describe('card detail', () => {
  test('shows every field read-only, the number grouped, with Back and Edit', async () => {
    await renderApp(detailPath, { cards: [card] });
    const fields = page.getByRole('definition');
    await expect.element(fields.nth(0)).toHaveTextContent('4111 1111 1111 1111');
    expect(fields.elements().map((field) => field.textContent)).toEqual([
      '4111 1111 1111 1111',
      '09/29',
      'Ada Lovelace',
      'HDFC Bank',
      '•••Hidden',
      'Visa',
    ]);
    await expect.element(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    await expect.element(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${detailPath}/edit`);
    expect(page.getByRole('textbox').elements()).toHaveLength(0);
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

/** Where the page shows `value` to anyone: its text (what is seen and read out) or any attribute (names, labels). */
function foundInPage(value: string): string[] {
  const found: string[] = [];
  if (document.body.textContent?.includes(value)) found.push('the text');
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (attribute.value.includes(value)) found.push(`${element.tagName.toLowerCase()}[${attribute.name}]`);
    }
  }
  return found;
}

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
    await expect.element(page.getByRole('definition').nth(4)).toHaveTextContent(/^987$/);
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
    await expect.element(number).toHaveTextContent(/^5500 0055 5555 5559$/);
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
    await expect.element(page.getByRole('link', { name: 'Keep Me card ending 1111' })).toBeVisible();
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
