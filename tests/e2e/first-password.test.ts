import { expect, it } from 'vitest';
import { createPassword, PASSWORD, readServer, signedInUid, signInWithGoogle } from './support/account-flows';
import { addCard, MASTERCARD, VISA } from './support/actions';
import { cardLink, devicesOnOneBrowser } from './support/devices';

const EMAIL = 'ada.first-password@example.com';
const LAPTOP_PASSWORD = 'Laptop-Staple-77!';

const device = devicesOnOneBrowser();

it('the second device to create the first password joins under the first one’s, and no card is lost', async () => {
  const phone = await device();
  const laptop = await device();
  await addCard(phone.page, VISA);
  await addCard(laptop.page, MASTERCARD);
  await signInWithGoogle(phone.page, EMAIL, 'Ada Lovelace');
  await signInWithGoogle(laptop.page, EMAIL, 'Ada Lovelace');
  // Both at 'Create a password', neither finished: the phone finishes first.
  await laptop.page.getByRole('heading', { name: 'Create a password' }).waitFor();
  await createPassword(phone.page, PASSWORD);
  const uid = await signedInUid(phone.page);
  const record = ((await readServer()) as Record<string, { auth: unknown }>)[uid]?.auth;

  await laptop.page.getByLabel('Password', { exact: true }).fill(LAPTOP_PASSWORD);
  await laptop.page.getByRole('button', { name: 'Continue' }).click();
  await laptop.page.getByLabel('Confirm password', { exact: true }).fill(LAPTOP_PASSWORD);
  await laptop.page.getByRole('button', { name: 'Create password' }).click();
  await laptop.page.getByRole('heading', { name: 'Enter your password' }).waitFor();
  await laptop.page.getByText(/created this account's password a moment before this one/).waitFor();
  // The phone's record stands.
  expect(((await readServer()) as Record<string, { auth: unknown }>)[uid]?.auth).toEqual(record);

  await laptop.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await laptop.page.getByRole('button', { name: 'Continue' }).click();
  await laptop.page.getByText('Signed in', { exact: true }).waitFor();
  for (const page of [phone.page, laptop.page]) {
    await page.getByRole('link', { name: 'Home' }).click();
    await cardLink(page, 'First Bank').waitFor();
    await cardLink(page, 'Harbour Credit').waitFor();
  }
  expect(Object.keys(((await readServer()) as Record<string, { cards: object }>)[uid]?.cards ?? {})).toHaveLength(2);
  expect([...phone.errors, ...laptop.errors]).toEqual([]);
});
