/**
 * A person without an account uses the built app in Chromium: adds two cards, searches, masks numbers, edits,
 * deletes, reloads, and finds their cards still there, stored in the documented shape.
 */
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCard, MASTERCARD, VISA } from './support/actions';
import { appUrl, launchChromium, watchPageErrors } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

it('keeps two cards through search, masking, editing, deleting and a reload', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/'));
  await page.waitForURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home' }).isVisible()).resolves.toBe(true);
  await page.getByText('No cards found').waitFor();

  const visaId = await addCard(page, VISA);
  expect(await page.getByText('4111 1111 1111 1111').count()).toBeGreaterThan(0);
  const mastercardId = await addCard(page, MASTERCARD);
  expect(mastercardId).not.toBe(visaId);

  // Search: trimmed, case-insensitive, numbers with spaces.
  await page.getByRole('link', { name: 'Home' }).click();
  const search = page.getByPlaceholder('Enter card number, bank or network');
  await search.fill('  harbour ');
  await page.getByText('Showing 1 out of 2 card(s)').waitFor();
  await search.fill('4111 1111');
  await page.getByText('Showing 1 out of 2 card(s)').waitFor();
  expect(await page.locator(`a[href$="/cards/${visaId}"]`).count()).toBe(1);
  await page.getByRole('button', { name: 'Clear' }).click();
  expect(await search.inputValue()).toBe('');

  // Mask card numbers from User Interface; the home list then hides the middle digits.
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'User Interface' }).click();
  await page.getByRole('switch', { name: 'Mask card number' }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByText('4111 •••• •••• 1111').waitFor();
  expect(await page.getByText('4111 1111 1111 1111').count()).toBe(0);

  // Edit the Visa's cardholder.
  await page.locator(`a[href$="/cards/${visaId}"]`).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Cardholder', { exact: true }).fill('Ada King');
  await page.getByRole('button', { name: 'Update' }).click();
  await page.waitForURL(new RegExp(`/home/cards/${visaId}$`));
  await page.getByText('Ada King').first().waitFor();

  // Delete the Mastercard through the confirmation sheet.
  await page.goto(appUrl(`/home/cards/${mastercardId}`));
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Are you sure you want to delete this card?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/home$/);

  await page.reload();
  await page.locator(`a[href$="/cards/${visaId}"]`).waitFor();
  expect(await page.locator(`a[href$="/cards/${mastercardId}"]`).count()).toBe(0);

  const stored = await page.evaluate(() => ({
    cards: JSON.parse(localStorage.getItem('sleeve/cards') ?? 'null'),
    preferences: JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null'),
  }));
  expect(stored.preferences).toEqual({
    userInterface: { maskCardNumber: true },
    updates: { checkAtLaunch: true },
    security: { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: false },
  });
  expect(stored.cards.type).toBe('UNENCRYPTED');
  expect(Object.keys(stored.cards.cards)).toEqual([visaId]);
  expect(stored.cards.cards[visaId]).toEqual({
    id: visaId,
    modifiedAt: expect.any(Number),
    data: {
      number: '4111111111111111',
      expiry: '12/29',
      cardholder: 'Ada King',
      issuer: 'First Bank',
      cvv: '123',
      network: 'VISA',
      theme: expect.stringMatching(
        /^(SKY|PINK|RED|CYAN|YELLOW|BLUE|GREEN|EMERALD|FUCHSIA|PURPLE|VIOLET|INDIGO|ORANGE|TEAL|ROSE)$/,
      ),
    },
  });
  expect(errors).toEqual([]);
  await context.close();
});
