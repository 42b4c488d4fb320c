/**
 * The account's password record against a replaced key, on three devices of one person (a browser context each): a
 * password changed on a device that has not heard of the replacement never wraps the old key in the account's record.
 * Offline the change is refused at once, with nothing queued; back online the device asks for the new password, and a
 * new device signs in with it and opens every card.
 */
import { expect, it } from 'vitest';
import { openSeedRecord, type WireRecord } from '../interop/seed-client.ts';
import {
  createPassword,
  enterPassword,
  NEW_PASSWORD,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
} from './support/account-flows';
import { addCard, VISA } from './support/actions';
import { cardLink, devicesOnOneBrowser } from './support/devices';
import { changePassword } from './support/password-flows';

const EMAIL = 'ada.record-races@example.com';
const LAPTOP_PASSWORD = 'Laptop-Staple-77!';
const device = devicesOnOneBrowser();

const recordOf = async (uid: string) =>
  ((await readServer()) as Record<string, { auth: { password: WireRecord } }>)[uid]?.auth.password as WireRecord;

it('a password changed offline over a key replaced elsewhere is refused, and the account keeps the new key', async () => {
  const phone = await device();
  const laptop = await device();
  await addCard(phone.page, VISA);
  await signInWithGoogle(phone.page, EMAIL, 'Ada Lovelace');
  await createPassword(phone.page, PASSWORD);
  await signInWithGoogle(laptop.page, EMAIL, 'Ada Lovelace');
  await enterPassword(laptop.page, PASSWORD);
  const uid = await signedInUid(phone.page);

  await laptop.context.setOffline(true);
  await changePassword(phone.page, { replaceKey: true });
  await phone.page.getByText('Password and encryption key have been changed', { exact: true }).waitFor();
  const replaced = await recordOf(uid);

  // The laptop, away, changes the password over the old key: told at once, nothing kept to send later.
  await changePassword(laptop.page, { replaceKey: false, next: LAPTOP_PASSWORD });
  await laptop.page.getByText('Connect to the internet to change your password. Nothing was changed.').waitFor();
  await laptop.context.setOffline(false);
  await laptop.page.waitForURL(/\/password\/unlock$/, { timeout: 30_000 });
  await laptop.page.getByLabel('Enter your new password', { exact: true }).waitFor();
  expect(await recordOf(uid)).toEqual(replaced);
  expect(() => openSeedRecord(LAPTOP_PASSWORD, replaced)).toThrow();

  // A new device: the laptop's password opens nothing; the new one opens the record and every card.
  const tablet = await device();
  await signInWithGoogle(tablet.page, EMAIL, 'Ada Lovelace');
  await tablet.page.getByRole('heading', { name: 'Enter your password' }).waitFor();
  await tablet.page.getByLabel('Password', { exact: true }).fill(LAPTOP_PASSWORD);
  await tablet.page.getByRole('button', { name: 'Continue' }).click();
  await tablet.page.getByText('Entered password is incorrect').waitFor();
  await tablet.page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await tablet.page.getByRole('button', { name: 'Continue' }).click();
  await tablet.page.getByText('Signed in', { exact: true }).waitFor();
  await tablet.page.getByRole('link', { name: 'Home' }).click();
  await cardLink(tablet.page, 'First Bank').waitFor();
  expect(await tablet.page.getByText(/could not be opened/).count()).toBe(0);
  expect([
    ...phone.errors,
    ...tablet.errors,
    ...laptop.errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED')),
  ]).toEqual([]);
});
