/**
 * Replacing the encryption key with the password, on two devices of one person (a browser context each): the phone
 * replaces it while the laptop is away with an edit waiting, sealed under the old key. The laptop comes back, asks
 * for the new password, keeps its edit, and seals it again; in the end the seed's algorithm opens every card on the
 * server with the new password, and the old password with the old record opens none.
 */
import { expect, it } from 'vitest';
import { openCard, openSeedRecord, type WireEncryptedCard, type WireRecord } from '../interop/seed-client.ts';
import {
  createPassword,
  enterPassword,
  NEW_PASSWORD,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
} from './support/account-flows';
import { addCard, MASTERCARD, storedItem, typePin, VISA } from './support/actions';
import { watchPageErrors } from './support/browser';
import { cardLink, devicesOnOneBrowser } from './support/devices';
import { changePassword } from './support/password-flows';
import { openSecurity } from './support/pin-flows';

const EMAIL = 'ada.replace-key@example.com';
const device = devicesOnOneBrowser();

interface Account {
  auth: { password: WireRecord; retiredKeys?: unknown };
  cards: Record<string, WireEncryptedCard>;
}
const account = async (uid: string) => ((await readServer()) as Record<string, Account>)[uid] as Account;

/** Every card on the server opened the seed's way with `password`; throws on the first that does not open. */
const openAll = (password: string, record: WireRecord, cards: Record<string, WireEncryptedCard>) => {
  const key = openSeedRecord(password, record);
  return Object.values(cards).map((card) => openCard(key, card));
};

it('a replaced key reaches the other device, whose edit made away under the old key is kept and sealed again', async () => {
  const phone = await device();
  const laptop = await device();
  await addCard(phone.page, VISA);
  await addCard(phone.page, MASTERCARD);
  await signInWithGoogle(phone.page, EMAIL, 'Ada Lovelace');
  await createPassword(phone.page, PASSWORD);
  await signInWithGoogle(laptop.page, EMAIL, 'Ada Lovelace');
  await enterPassword(laptop.page, PASSWORD);
  // A PIN on the phone, made after the password is verified (it wraps the key the password does).
  await openSecurity(phone.page);
  await phone.page.getByRole('button', { name: 'Create PIN' }).click();
  await phone.page.getByRole('heading', { name: 'Verify your password' }).waitFor();
  await phone.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phone.page.getByRole('button', { name: 'Continue' }).click();
  await phone.page.getByRole('heading', { name: 'Create a PIN' }).waitFor();
  await typePin(phone.page, '480213');
  await phone.page.getByRole('heading', { name: 'Confirm your PIN' }).waitFor();
  await typePin(phone.page, '480213');
  await phone.page.getByText('PIN has been created').waitFor();
  const uid = await signedInUid(phone.page);
  const before = await account(uid);

  // The laptop goes away and edits a card: the change waits there, sealed under the old key.
  await laptop.page.getByRole('link', { name: 'Home' }).click();
  await cardLink(laptop.page, 'First Bank').click();
  await laptop.page.getByRole('link', { name: 'Edit', exact: true }).click();
  await laptop.page.getByLabel('Cardholder', { exact: true }).waitFor();
  await laptop.context.setOffline(true);
  await laptop.page.getByLabel('Cardholder', { exact: true }).fill('Ada King');
  await laptop.page.getByRole('button', { name: 'Update' }).click();
  await laptop.page.getByText('Card updated').waitFor();

  // The phone changes the password and replaces the key.
  await changePassword(phone.page, { replaceKey: true });
  await phone.page
    .getByText('Password and encryption key have been changed. Set up your PIN or passkey again.')
    .waitFor();
  // The PIN wrapped the old key: it is gone, and Security offers to create one again.
  await phone.page.getByRole('button', { name: 'Create PIN' }).waitFor();
  expect(await storedItem(phone.page, 'sleeve/auth')).toMatchObject({ pin: null, passkey: null });

  const replaced = await account(uid);
  expect(replaced.auth.retiredKeys).toBeDefined();
  expect(openAll(NEW_PASSWORD, replaced.auth.password, replaced.cards)).toHaveLength(2);
  expect(() => openSeedRecord(PASSWORD, replaced.auth.password)).toThrow();
  for (const card of Object.values(replaced.cards)) {
    expect(() => openAll(PASSWORD, before.auth.password, { [card.id]: card })).toThrow();
  }

  // The laptop comes back: it asks for the new password and keeps its edit.
  await laptop.context.setOffline(false);
  await laptop.page.waitForURL(/\/password\/unlock$/, { timeout: 30_000 });
  await laptop.page.getByLabel('Enter your new password', { exact: true }).fill(NEW_PASSWORD);
  await laptop.page.getByRole('button', { name: 'Continue' }).click();
  await laptop.page.waitForURL(/\/home$/);
  await cardLink(laptop.page, 'Harbour Credit').waitFor();
  await cardLink(laptop.page, 'First Bank').click();
  await laptop.page.getByText('Ada King').first().waitFor();

  // Sealed again under the new key: the server's cards all open the new way, none the old way, the edit included.
  await expect
    .poll(
      async () => {
        const now = await account(uid);
        try {
          return openAll(NEW_PASSWORD, now.auth.password, now.cards)
            .map((card) => card.cardholder)
            .sort();
        } catch {
          return 'a card is not under the new key yet';
        }
      },
      { timeout: 30_000 },
    )
    .toEqual(['Ada King', MASTERCARD.holder].sort());
  const after = await account(uid);
  for (const card of Object.values(after.cards)) {
    expect(() => openAll(PASSWORD, before.auth.password, { [card.id]: card })).toThrow();
  }
  await phone.page.getByRole('link', { name: 'Home' }).click();
  await cardLink(phone.page, 'First Bank').click();
  await phone.page.getByText('Ada King').first().waitFor();
  // The laptop's only errors are the connections refused while it was away.
  expect([
    ...phone.errors,
    ...laptop.errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED')),
  ]).toEqual([]);
});

it('another tab of the device that replaced the key locks, and opens every card with the new password', async () => {
  const { context, page, errors } = await device();
  await addCard(page, VISA);
  await signInWithGoogle(page, 'ada.replace-key-tabs@example.com', 'Ada Lovelace');
  await createPassword(page, PASSWORD);
  const other = await context.newPage();
  const otherErrors = watchPageErrors(other);
  await other.goto(page.url().replace(/\/[^/]*$/, '/home'));
  await other.waitForURL(/\/password\/unlock$/);
  await other.getByLabel('Enter password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Continue' }).click();
  await cardLink(other, 'First Bank').waitFor();

  await changePassword(page, { replaceKey: true });
  await page.getByText('Password and encryption key have been changed', { exact: true }).waitFor();
  // The other tab held the old key: it locks rather than show the new cards as unreadable or seal under it. The new
  // record is this device's own (the first tab stored it), so it asks for the password as any unlock does, not as
  // for a password changed on another device, whichever it heard first, the server or the first tab.
  await other.waitForURL(/\/password\/unlock$/, { timeout: 15_000 });
  const newPassword = other.getByLabel('Enter password', { exact: true });
  await newPassword.waitFor();
  await expect.poll(() => other.getByText('Your password was changed on another device').count()).toBe(0);
  // Locked as it heard the new key, not before: it never tried to open the cards without a key.
  expect(await other.getByText(/Encryption Key is not present/).count()).toBe(0);
  await newPassword.fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Continue' }).click();
  await cardLink(other, 'First Bank').waitFor();
  expect(await other.getByText(/could not be opened/).count()).toBe(0);
  expect([...errors, ...otherErrors]).toEqual([]);
});
