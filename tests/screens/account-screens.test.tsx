/**
 * The Account screen signed out and its password steps, with the real account module, the real worker and the real
 * local backend. Google's popup cannot run here (tests/e2e/sync.test.ts drives it), so each test signs in the way the
 * popup ends and then opens the step the account module says comes next, as the Account screen does. Signed in:
 * account-signed-in-screens.test.tsx.
 */
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { navigate } from 'wouter/use-browser-location';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import type { SignInResult } from '../../src/state/account';
import { gateFor } from '../../src/state/gate';
import { removeAccount, signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { expectNoAxeViolations } from '../support/axe';
import { googleSignIn, serverValue, uniqueSub, writeRulesAside } from '../support/google';
import { currentPath, makeCard, renderApp, seedStorage } from '../support/render';
import { storedJson } from '../support/seed-storage';

const PASSWORD = 'Correct-Horse-9';
const PIN = '274951';
const STEP_PATHS: Record<SignInResult, string> = {
  CREATE_PASSWORD: '/user/account/password/create',
  ENTER_PASSWORD: '/user/account/password/sign-in',
  PASSWORD_MISSING: '/user/account/password/missing',
};

let sub = '';

beforeEach(() => {
  sub = uniqueSub();
});

afterEach(async () => {
  await signOut();
});

/** Google's part, ended as the popup ends it; then the password step that must follow, opened as the screen does. */
async function signInWithGoogle(expected: SignInResult): Promise<string> {
  const uid = await googleSignIn(sub);
  expect(await continueSignIn()).toBe(expected);
  navigate(STEP_PATHS[expected]);
  return uid;
}

/** An account whose password was created on another device; this device has never signed in. */
async function accountFromAnotherDevice(): Promise<string> {
  await getEngine().lock();
  await startApp();
  const uid = await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  await signOut();
  return uid;
}

test('signed out: Account offers Google sign-in, and nothing is running', async () => {
  await renderApp('/user/account');
  await expect.element(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/Sign in to keep your cards in sync/)).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect.element(page.getByRole('status', { name: 'Signing in' })).not.toBeInTheDocument();
  await expectNoAxeViolations();
});

test('the password steps need a Google sign-in first', async () => {
  await renderApp('/user/account/password/create');
  await expect.poll(currentPath).toBe('/user/account');
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  navigate('/user/account/password/sign-in');
  await expect.poll(currentPath).toBe('/user/account');
  // Signed in to a new account, the step for an existing one is not open either.
  await signInWithGoogle('CREATE_PASSWORD');
  await expect.element(page.getByRole('heading', { name: 'Create a password', level: 1 })).toBeVisible();
  navigate('/user/account/password/sign-in');
  await expect.poll(currentPath).toBe('/user/account');
});

test('a new account creates its password, confirmed, then returns to Account', async () => {
  await renderApp('/user/account');
  const uid = await signInWithGoogle('CREATE_PASSWORD');
  await expect.element(page.getByRole('heading', { name: 'Create a password', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/cannot be recovered/)).toBeVisible();
  const field = page.getByLabelText('Password', { exact: true });
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await field.fill('horse');
  await expect
    .element(page.getByRole('listitem').filter({ hasText: '12 characters or more' }))
    .toHaveAttribute('data-met', 'false');
  await expect.element(continueButton).toBeDisabled();
  await field.fill(PASSWORD);
  await expect
    .element(page.getByText('Entered password is strong and secure against brute-force attacks'))
    .toBeVisible();
  await continueButton.click();
  await page.getByLabelText('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect.element(page.getByText('Password has been created')).toHaveAttribute('data-type', 'success');
  await expect.poll(currentPath).toBe('/user/account');
  await expect.element(page.getByText('Ada Lovelace')).toBeVisible();

  const server = await serverValue(`${uid}/auth/password`);
  expect(server).toEqual({
    salt: expect.any(String),
    encryptedDek: { ciphertext: expect.any(String), iv: expect.any(String) },
    modifiedAt: expect.any(Number),
  });
  expect(storedJson('auth')).toEqual({ password: server, pin: null, passkey: null });
});

test("on a device with a PIN, the new account's password comes after the PIN, which the engine wants first", async () => {
  await renderApp('/user/account', { cards: [makeCard({ issuer: 'First Bank' })] });
  await createPin(PIN);
  const pinOnly = localStorage.getItem('sleeve/auth');
  const uid = await signInWithGoogle('CREATE_PASSWORD');
  const createPassword = async () => {
    await page.getByLabelText('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabelText('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create password' }).click();
  };
  // Reached without the PIN (a typed address): refused, and nothing is stored here or on the server.
  await createPassword();
  await expect
    .element(page.getByText('Enter your current PIN or password first, then try again.'))
    .toHaveAttribute('data-type', 'error');
  expect(localStorage.getItem('sleeve/auth')).toBe(pinOnly);
  expect(await serverValue(`${uid}/auth/password`)).toBeNull();
  // As the Account screen goes on after Google's popup on a device with a PIN: the PIN first, then the password.
  const next = () => navigate('/user/account/password/create', { replace: true });
  expect(gateFor(next, { forNewSecret: true })).toBe('pin/verify');
  navigate('/user/account/pin/verify');
  await expect.element(page.getByRole('heading', { name: 'Verify your PIN', level: 1 })).toBeVisible();
  for (const digit of PIN) await page.getByRole('button', { name: digit, exact: true }).click();
  await expect.poll(currentPath).toBe('/user/account/password/create');
  await createPassword();
  await expect.element(page.getByText('Password has been created')).toHaveAttribute('data-type', 'success');
  const server = await serverValue(`${uid}/auth/password`);
  expect(storedJson('auth')).toEqual({ password: server, pin: JSON.parse(pinOnly ?? 'null').pin, passkey: null });
});

test('an existing account asks for its password; a wrong one is flagged, the right one signs in', async () => {
  const uid = await accountFromAnotherDevice();
  await renderApp('/user/account');
  await signInWithGoogle('ENTER_PASSWORD');
  await expect.element(page.getByRole('heading', { name: 'Enter your password', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/PIN does not carry over/)).toBeVisible();
  const field = page.getByLabelText('Password', { exact: true });
  await expect.element(field).toHaveFocus();
  await field.fill('Wrong-Horse-9');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  expect(localStorage.getItem('sleeve/auth')).toBeNull();
  await field.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Signed in', { exact: true })).toHaveAttribute('data-type', 'success');
  await expect.poll(currentPath).toBe('/user/account');
  await expect.element(page.getByText('Ada Lovelace')).toBeVisible();
  expect(storedJson('auth')).toEqual({ password: await serverValue(`${uid}/auth/password`), pin: null, passkey: null });
});

test("'Forgot password?' explains, then asks a second time; Cancel keeps the account", async () => {
  const uid = await accountFromAnotherDevice();
  await renderApp('/user/account');
  await signInWithGoogle('ENTER_PASSWORD');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const explain = page.getByRole('dialog', { name: 'Forgot password?' });
  await expect.element(explain.getByText(/cannot be recovered/)).toBeVisible();
  await expectNoAxeViolations();
  await explain.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('dialog', { name: 'Forgot password?' }).getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect.element(confirm.getByText('Are you sure you want to delete your account?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  await expect.element(page.getByRole('heading', { name: 'Enter your password', level: 1 })).toBeVisible();
  expect(await serverValue(`${uid}/auth/password`)).not.toBeNull();

  // 'Delete' re-authenticates through Google's popup, which cannot run here: tests/e2e/sync.test.ts deletes an
  // account through it. What follows the popup runs for real: the account goes, and so does the password step.
  await removeAccount();
  await expect.element(page.getByText('Account has been deleted')).toBeVisible();
  await expect.poll(currentPath).toBe('/user/account');
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  // The same Google account now signs in to a brand-new, empty account.
  expect(await googleSignIn(sub)).not.toBe(uid);
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
});

test('an account with cards but no password record offers no password: it explains, and signing out keeps this device', async () => {
  await seedStorage({ cards: [makeCard({ issuer: 'Their Bank' })] });
  const uid = await accountFromAnotherDevice();
  // The record went missing (rules aside: the server keeps a record while the account holds cards).
  await writeRulesAside(`${uid}/auth`, null);
  await renderApp('/user/account', { cards: [makeCard({ issuer: 'Own Bank' })] });
  const storedBefore = localStorage.getItem('sleeve/cards');
  await signInWithGoogle('PASSWORD_MISSING');
  await expect.element(page.getByRole('heading', { name: 'Password record missing', level: 1 })).toBeVisible();
  await expect
    .element(
      page.getByText(
        "This account's cards cannot be opened: its password record is missing from the server, and a new password would not open them.",
      ),
    )
    .toBeVisible();
  await expect.element(page.getByText(/Sign out to leave this device as it is/)).toBeVisible();
  await expect.element(page.getByText(/delete the account with the cards nobody can open/)).toBeVisible();
  await expect.element(page.getByLabelText('Password', { exact: true })).not.toBeInTheDocument();
  // Neither password step opens for this account.
  navigate('/user/account/password/create');
  await expect.poll(currentPath).toBe('/user/account');
  navigate('/user/account/password/missing');
  await expect.element(page.getByRole('heading', { name: 'Password record missing', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect.element(confirm.getByText(/cards on the server will be deleted/)).toBeVisible();
  await expect.element(confirm.getByText(/The cards on this device stay/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect.poll(currentPath).toBe('/user/account');
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  expect(auth.currentUser).toBeNull();
  expect(localStorage.getItem('sleeve/cards')).toBe(storedBefore);
  expect(localStorage.getItem('sleeve/auth')).toBeNull();
  // The account's cards are still on the server, for the day the record is back.
  const server = (await (await fetch(inject('databaseDumpUrl'))).json()) as Record<string, { cards?: object }>;
  expect(Object.keys(server[uid]?.cards ?? {})).toHaveLength(1);
});
