/** Steps a person takes in the built app, shared by the end-to-end tests. */
import type { Page } from 'playwright';

export interface TypedCard {
  number: string;
  expiry: string;
  holder: string;
  issuer: string;
  cvv: string;
  network: string;
}

/** Opens Add Card → the editor and types the card, without saving it. */
export async function fillNewCard(page: Page, card: TypedCard): Promise<void> {
  await page.getByRole('link', { name: 'Add Card' }).click();
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await page.getByRole('heading', { name: 'New Card' }).waitFor();
  await page.getByLabel('Card number').pressSequentially(card.number);
  await page.getByLabel('Expiry').pressSequentially(card.expiry);
  await page.getByLabel('Cardholder').fill(card.holder);
  await page.getByLabel('Issuer').fill(card.issuer);
  await page.getByLabel('CVV').fill(card.cvv);
  await page.getByLabel('Network').selectOption(card.network);
}

/** Adds a card through Add Card → the editor, and returns the new card's id from the detail URL it lands on. */
export async function addCard(page: Page, card: TypedCard): Promise<string> {
  await fillNewCard(page, card);
  await page.getByRole('button', { name: 'Save' }).click();
  // On an unprotected device the first save recommends a PIN; these steps answer Skip, as a person may.
  const opened = page.waitForURL(/\/home\/cards\/[A-Za-z0-9]{8}$/);
  const recommendation = page.getByRole('dialog', { name: 'Protect your cards' });
  const first = await Promise.race([opened.then(() => 'opened'), recommendation.waitFor().then(() => 'asked')]);
  if (first === 'asked') await recommendation.getByRole('button', { name: 'Skip' }).click();
  await opened;
  return page.url().split('/').pop() as string;
}

/** Types a PIN on the keypad screen that is showing, as digits on the keyboard. */
export async function typePin(page: Page, pin: string): Promise<void> {
  await page.getByRole('group', { name: 'PIN keypad' }).waitFor();
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

export const storedItem = (page: Page, key: string): Promise<unknown> =>
  page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null'), key);

export const VISA: TypedCard = {
  number: '4111111111111111',
  expiry: '1229',
  holder: 'Ada Lovelace',
  issuer: 'First Bank',
  cvv: '123',
  network: 'VISA',
};

export const MASTERCARD: TypedCard = {
  number: '5500005555555559',
  expiry: '0731',
  holder: 'Grace Hopper',
  issuer: 'Harbour Credit',
  cvv: '',
  network: 'MASTERCARD',
};
