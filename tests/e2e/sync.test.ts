import { expect, it } from 'vitest';
import {
  allStrings,
  createPassword,
  enterPassword,
  NEW_PASSWORD,
  openAccount,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
} from './support/account-flows';
import { addCard, MASTERCARD, storedItem, type TypedCard, VISA } from './support/actions';
import { cardLink, devicesOnOneBrowser } from './support/devices';
import { createPinFromSecurity, openSecurity } from './support/pin-flows';

const EMAIL = 'ada.sync@example.com';
const DISCOVER: TypedCard = {
  number: '6011000990139424',
  expiry: '0330',
  holder: 'Device Bee',
  issuer: 'Bee Savings',
  cvv: '456',
  network: 'DISCOVER',
};
const TYPED = [VISA, MASTERCARD, DISCOVER];

const device = devicesOnOneBrowser();

it('syncs one account across two devices with only ciphertext on the server', async () => {
  const uidsBefore = Object.keys(((await readServer()) as object | null) ?? {});
  // Device A: an anonymous wallet with two cards becomes an account.
  const a = await device();
  await addCard(a.page, VISA);
  await addCard(a.page, MASTERCARD);
  await signInWithGoogle(a.page, EMAIL, 'Ada Lovelace');
  await createPassword(a.page, PASSWORD);
  await a.page.getByText('Ada Lovelace').first().waitFor();
  await a.page.getByRole('link', { name: 'Home' }).click();
  await a.page.getByRole('heading', { name: 'Hey, Ada' }).waitFor();
  await cardLink(a.page, 'First Bank').waitFor();
  await cardLink(a.page, 'Harbour Credit').waitFor();
  const uid = await signedInUid(a.page);
  expect(uidsBefore).not.toContain(uid);
  // The plain cards have left the device. What it keeps instead, written a moment after the server's answer, is the
  // account's cards as the server holds them: ciphertext only.
  const keptOnA = async () => (await storedItem(a.page, 'sleeve/cards')) as { type: string; cards: object };
  await expect.poll(async () => (await keptOnA()).type).toBe('ENCRYPTED');
  const serverCardsOfA = ((await readServer()) as Record<string, { cards?: object }>)[uid]?.cards ?? {};
  expect(Object.keys((await keptOnA()).cards).sort()).toEqual(Object.keys(serverCardsOfA).sort());
  expect(Object.keys(serverCardsOfA)).toHaveLength(2);
  for (const card of [VISA, MASTERCARD]) expect(allStrings(await keptOnA()).join('\n')).not.toContain(card.number);

  // Device B has its own PIN-protected card, joins the account and keeps it.
  const b = await device();
  await addCard(b.page, DISCOVER);
  await createPinFromSecurity(b.page, '274951');
  await signInWithGoogle(b.page, EMAIL, 'Ada Lovelace');
  await enterPassword(b.page, PASSWORD);
  await b.page.getByRole('link', { name: 'Home' }).click();
  for (const issuer of ['First Bank', 'Harbour Credit', 'Bee Savings']) await cardLink(b.page, issuer).waitFor();
  const bAuth = (await storedItem(b.page, 'sleeve/auth')) as { password: unknown; pin: unknown };
  expect(bAuth.pin).toBeNull();
  expect(bAuth.password).not.toBeNull();
  // A sees B's card without a reload.
  await cardLink(a.page, 'Bee Savings').waitFor();

  // Nothing typed reaches the server in the clear.
  const server = await readServer();
  const strings = allStrings(server).join('\n');
  for (const card of TYPED) {
    expect(strings).not.toContain(card.number);
    expect(strings).not.toContain(card.holder);
    expect(strings).not.toContain(card.issuer);
  }
  expect(strings).not.toContain(PASSWORD);

  // An edit on B appears on A without a reload.
  await cardLink(b.page, 'First Bank').click();
  await b.page.getByRole('link', { name: 'Edit', exact: true }).click();
  await b.page.getByLabel('Cardholder', { exact: true }).fill('Ada King');
  await b.page.getByRole('button', { name: 'Update' }).click();
  await b.page.getByText('Card updated').waitFor();
  await cardLink(a.page, 'First Bank').click();
  await a.page.getByText('Ada King').first().waitFor();

  // A delete on A disappears on B.
  await a.page.getByRole('button', { name: 'Delete' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await a.page.waitForURL(/\/home$/);
  await b.page.getByRole('link', { name: 'Home' }).click();
  await cardLink(b.page, 'Harbour Credit').waitFor();
  await expect.poll(() => cardLink(b.page, 'First Bank').count(), { timeout: 15_000 }).toBe(0);

  // A password change on A sends B to 'Enter your new password'; the new one unlocks.
  await openSecurity(a.page);
  await a.page.getByRole('link', { name: 'Change password' }).click();
  await a.page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await a.page.getByRole('button', { name: 'Continue' }).click();
  await a.page.getByText('Password verified').waitFor();
  await a.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await a.page.getByRole('button', { name: 'Continue' }).click();
  await a.page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await a.page.getByRole('button', { name: 'Change password' }).click();
  await a.page.getByText('Password has been changed').waitFor();
  await b.page.waitForURL(/\/password\/unlock$/, { timeout: 15_000 });
  await b.page.getByText('Enter your new password').first().waitFor();
  await b.page.getByLabel('Enter your new password', { exact: true }).fill(NEW_PASSWORD);
  await b.page.getByRole('button', { name: 'Continue' }).click();
  await b.page.waitForURL(/\/home$/);
  await cardLink(b.page, 'Bee Savings').waitFor();

  // Signing out leaves nothing of the account on B.
  await openAccount(b.page);
  await b.page.getByRole('button', { name: 'Sign out of your account' }).click();
  await b.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await b.page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  const bCards = (await storedItem(b.page, 'sleeve/cards')) as { cards: object } | null;
  expect(bCards === null || Object.keys(bCards.cards).length === 0).toBe(true);
  const bAuthAfter = (await storedItem(b.page, 'sleeve/auth')) as { password: unknown; pin: unknown } | null;
  expect(bAuthAfter === null || (bAuthAfter.password === null && bAuthAfter.pin === null)).toBe(true);
  await b.page.getByRole('link', { name: 'Home' }).click();
  await b.page.getByText('No cards found').waitFor();

  // Deleting the account on A leaves nothing under its uid on the server.
  await openAccount(a.page);
  await a.page.getByRole('button', { name: 'Delete account' }).click();
  const popupOpened = a.page.waitForEvent('popup');
  await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const popup = await popupOpened;
  await popup.locator('.js-reuse-account', { hasText: EMAIL }).first().click();
  await a.page.getByText('Account has been deleted').waitFor();
  const after = (await readServer()) as Record<string, unknown> | null;
  expect(after?.[uid] ?? null).toBeNull();
  expect(await storedItem(a.page, 'sleeve/auth')).not.toMatchObject({ password: expect.anything() });

  expect([...a.errors, ...b.errors]).toEqual([]);
});
