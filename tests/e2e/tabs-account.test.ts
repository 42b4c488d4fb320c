/**
 * Two tabs of one browser profile on the built app, signed in to an account: signing in in one tab asks the other
 * for the password, and signing out or deleting the account in one leaves the other a plain wallet with nothing of
 * the account left.
 */
import { expect, it } from 'vitest';
import { createPassword, openAccount, PASSWORD, signInWithGoogle } from './support/account-flows';
import { addCard, storedItem, VISA } from './support/actions';
import { cardLink, inFront, type Tab, twoTabsPerTest } from './support/two-tabs';

const twoTabs = twoTabsPerTest();

/** A Google account no earlier run has used, so signing in asks to create a password. */
const newEmail = (label: string) => `tabs.${label}.${Date.now()}@example.com`;

/** A signs in and creates the account's password; B, which holds no key, is asked for it and opens the cards. */
async function signInBoth(a: Tab, b: Tab, email: string): Promise<void> {
  await signInWithGoogle(await inFront(a), email, 'Ada Lovelace');
  await createPassword(a.page, PASSWORD);
  await b.page.waitForURL(/\/password\/unlock$/);
  await (await inFront(b)).getByLabel('Enter password', { exact: true }).fill(PASSWORD);
  await b.page.getByRole('button', { name: 'Continue' }).click();
  await b.page.waitForURL(/\/home$/);
  await b.page.getByRole('heading', { name: 'Hey, Ada' }).waitFor();
  await cardLink(b.page, 'First Bank').waitFor();
}

/** B, signed out by the other tab, is back to a plain wallet with nothing of the account left. */
async function expectSignedOut(b: Tab): Promise<void> {
  await b.page.waitForURL(/\/home$/);
  await b.page.getByRole('heading', { name: 'Home' }).waitFor();
  await b.page.getByText('No cards found').waitFor();
  const auth = (await storedItem(b.page, 'sleeve/auth')) as { password: unknown; pin: unknown } | null;
  expect(auth === null || (auth.password === null && auth.pin === null)).toBe(true);
  await openAccount(await inFront(b));
  await b.page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
}

it('follows signing in and signing out in the other tab', async () => {
  const [a, b] = await twoTabs({ google: true });
  await addCard(await inFront(a), VISA);
  await cardLink(b.page, 'First Bank').waitFor();
  await signInBoth(a, b, newEmail('signout'));

  await openAccount(await inFront(a));
  await a.page.getByRole('button', { name: 'Sign out of your account' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await a.page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  await expectSignedOut(b);
  expect([...a.errors, ...b.errors]).toEqual([]);
});

it('follows the account being deleted in the other tab', async () => {
  const [a, b] = await twoTabs({ google: true });
  const email = newEmail('delete');
  await addCard(await inFront(a), VISA);
  await cardLink(b.page, 'First Bank').waitFor();
  await signInBoth(a, b, email);

  await openAccount(await inFront(a));
  await a.page.getByRole('button', { name: 'Delete account' }).click();
  const popupOpened = a.page.waitForEvent('popup');
  await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const popup = await popupOpened;
  await popup.locator('.js-reuse-account', { hasText: email }).first().click();
  await a.page.getByText('Account has been deleted').waitFor();
  await expectSignedOut(b);
  expect([...a.errors, ...b.errors]).toEqual([]);
});
