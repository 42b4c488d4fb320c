import { expect, it } from 'vitest';
import {
  createPassword,
  enterPassword,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
} from './support/account-flows';
import { addCard, MASTERCARD, VISA } from './support/actions';
import { cardLink, type Device, devicesOnOneBrowser } from './support/devices';
import { changePassword } from './support/password-flows';

const EMAIL = 'ada.first-password@example.com';
const LAPTOP_PASSWORD = 'Laptop-Staple-77!';

const device = devicesOnOneBrowser();

const authOf = async (uid: string) => ((await readServer()) as Record<string, { auth: unknown }>)[uid]?.auth;

/**
 * The phone and the laptop both at 'Create a password' for `email`; the phone finishes first, then the laptop tries
 * and is told another device was first. Resolves with the account's uid.
 */
async function raceForFirstPassword(phone: Device, laptop: Device, email: string): Promise<string> {
  await signInWithGoogle(phone.page, email, 'Ada Lovelace');
  await signInWithGoogle(laptop.page, email, 'Ada Lovelace');
  await laptop.page.getByRole('heading', { name: 'Create a password' }).waitFor();
  await createPassword(phone.page, PASSWORD);
  const uid = await signedInUid(phone.page);
  const record = await authOf(uid);

  await laptop.page.getByLabel('Password', { exact: true }).fill(LAPTOP_PASSWORD);
  await laptop.page.getByRole('button', { name: 'Continue' }).click();
  await laptop.page.getByLabel('Confirm password', { exact: true }).fill(LAPTOP_PASSWORD);
  await laptop.page.getByRole('button', { name: 'Create password' }).click();
  await laptop.page.getByRole('heading', { name: 'Enter your password' }).waitFor();
  await laptop.page.getByText(/created this account's password a moment before this one/).waitFor();
  // The phone's record stands.
  expect(await authOf(uid)).toEqual(record);
  return uid;
}

it('the second device to create the first password joins under the first one’s, and no card is lost', async () => {
  const phone = await device();
  const laptop = await device();
  await addCard(phone.page, VISA);
  await addCard(laptop.page, MASTERCARD);
  const uid = await raceForFirstPassword(phone, laptop, EMAIL);

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

it('the device that won the race for the first password can replace the key once a third device has joined', async () => {
  const phone = await device();
  const laptop = await device();
  await addCard(phone.page, VISA);
  const uid = await raceForFirstPassword(phone, laptop, 'ada.first-password-replace@example.com');
  const tablet = await device();
  await signInWithGoogle(tablet.page, 'ada.first-password-replace@example.com', 'Ada Lovelace');
  await enterPassword(tablet.page, PASSWORD);
  await tablet.page.getByRole('link', { name: 'Home' }).click();
  await cardLink(tablet.page, 'First Bank').waitFor();

  // The laptop's refused record never was the account's: the rules judge the replacement against the phone's.
  const before = (await authOf(uid)) as { password: unknown };
  await changePassword(phone.page, { replaceKey: true });
  await phone.page.getByText('Password and encryption key have been changed', { exact: true }).waitFor();
  expect(((await authOf(uid)) as { password: unknown }).password).not.toEqual(before.password);
  expect([...phone.errors, ...laptop.errors, ...tablet.errors]).toEqual([]);
});
