/**
 * The password once an account exists: unlocking with it on a fresh page, after a change on another device, and
 * in Security (changing it, and the gate in front of the PIN actions). The real account module, the real worker
 * and the real local backend; each test signs this device in to its own new account, as the popup would end.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { emptyPlainCollection } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import * as db from '../../src/remote/database';
import { auth } from '../../src/remote/firebase';
import { continueSignIn, createAccountPassword, signOut } from '../../src/state/account';
import { createPin } from '../../src/state/secrets';
import { startEngine, stopEngines } from '../support/engine-worker';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { currentPath, makeCard, renderApp } from '../support/render';
import { storedJson } from '../support/seed-storage';

const PASSWORD = 'Correct-Horse-9';
const NEXT = 'Battery-Staple-7';
const PIN = '274951';

let sub = '';

beforeEach(() => {
  sub = uniqueSub();
});

afterEach(async () => {
  await signOut();
  stopEngines();
});

type Mounted = Awaited<ReturnType<typeof renderApp>>;

/** The app open at `path`, signed in to a new account holding this device's one card (First Bank). */
async function signedIn(path: string, { pin = false } = {}): Promise<{ uid: string; app: Mounted }> {
  const app = await renderApp(path, { cards: [makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' })] });
  const uid = await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  if (pin) await createPin(PIN);
  return { uid, app };
}

/** A fresh page of the same device at `path`: what is stored here, and Firebase's session, carry over. */
async function reopen(app: Mounted, path: string): Promise<void> {
  await app.unmount();
  const raw = { cards: localStorage.getItem('sleeve/cards') ?? '', auth: localStorage.getItem('sleeve/auth') ?? '' };
  await renderApp(path, { raw });
}

const firstBank = () => page.getByRole('link', { name: /First Bank card ending/ });

test('a fresh page unlocks with the password; a wrong one is flagged, the right one opens the cards', async () => {
  const { app } = await signedIn('/home');
  await reopen(app, '/home');
  await expect.poll(currentPath).toBe('/password/unlock');
  await expect.element(page.getByRole('heading', { name: 'Unlock Sleeve', level: 1 })).toBeVisible();
  await expect.element(page.getByText('Unlock using your password')).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'You', exact: true })).not.toBeInTheDocument();

  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect.poll(currentPath).toBe('/password/unlock/help');
  await expect.element(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Unlock using your PIN' })).not.toBeInTheDocument();
  await page.getByRole('link', { name: 'Back' }).click();

  const field = page.getByLabelText('Enter password', { exact: true });
  await field.fill('Wrong-Horse-9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  await expect.element(firstBank()).not.toBeInTheDocument();
  await field.fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(currentPath).toBe('/home');
  await expect.element(firstBank()).toBeVisible();
});

test('with a PIN, the password unlock help offers it; signing out there leaves nothing on this device', async () => {
  const { app } = await signedIn('/home', { pin: true });
  await reopen(app, '/password/unlock');
  await expect.element(page.getByText('Unlock using your password')).toBeVisible();
  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect
    .element(page.getByRole('link', { name: 'Unlock using your PIN' }))
    .toHaveAttribute('href', '/pin/unlock');
  await expect.element(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out of your account' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(currentPath).toBe('/home');
  await expect.element(page.getByText('No cards found')).toBeVisible();
  expect(auth.currentUser).toBeNull();
  expect(localStorage.getItem('sleeve/cards')).toBeNull();
  expect(localStorage.getItem('sleeve/auth')).toBeNull();
});

test('after a change on another device, unlock asks for the new password; the PIN is offered until it opens', async () => {
  const { uid } = await signedIn('/home', { pin: true });
  await expect.element(firstBank()).toBeVisible();
  // Another device changes the password: the same key under a new, later record.
  const other = startEngine();
  await other.unlock(PASSWORD, (await db.readPasswordRecord(uid)) as SecretRecord);
  const { record } = await other.createSecret(NEXT, emptyPlainCollection(), Date.now() + 1000);
  await db.setPasswordRecord(uid, record);

  await expect.poll(currentPath).toBe('/password/unlock');
  await expect.element(page.getByText('Enter your new password', { exact: true }).first()).toBeVisible();
  await expect.element(page.getByText(/changed on another device/)).toBeVisible();
  await expect.element(page.getByText('Unlock using your password')).not.toBeInTheDocument();
  // The PIN is still this device's way in: nothing has opened the new record yet.
  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect.element(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect
    .element(page.getByRole('link', { name: 'Unlock using your PIN' }))
    .toHaveAttribute('href', '/pin/unlock');
  await page.getByRole('link', { name: 'Back' }).click();

  const field = page.getByLabelText('Enter your new password', { exact: true });
  await field.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  expect((storedJson('auth') as { pin: unknown }).pin).not.toBeNull();
  await field.fill(NEXT);
  await userEvent.keyboard('{Enter}');
  await expect.poll(currentPath).toBe('/home');
  await expect.element(firstBank()).toBeVisible();
  // Opened with the new password: its record is this device's now, and the PIN goes with the old one.
  expect(storedJson('auth')).toEqual({ password: record, pin: null, passkey: null });
});

test('Security without a password shows no Password section', async () => {
  await renderApp('/user/security');
  await expect.element(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'PIN' })).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'Password' })).not.toBeInTheDocument();
  await expect.element(page.getByRole('link', { name: 'Change password' })).not.toBeInTheDocument();
});

test('change password: verify the current one, then a different new one, confirmed', async () => {
  const { uid, app } = await signedIn('/user/security');
  const before = await serverValue(`${uid}/auth/password`);
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect.poll(currentPath).toBe('/user/security/password/change');
  await expect.element(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await expect.element(page.getByLabelText('New password', { exact: true })).not.toBeInTheDocument();

  const current = page.getByLabelText('Current password', { exact: true });
  await current.fill('Wrong-Horse-9');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  // From here the change itself: DESIGN.md invariant 5 allows two derivations (the current password, the new one).
  const derivationsBefore = await getEngine().derivationCount();
  await current.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Password verified')).toBeVisible();
  await expect.element(current).toBeDisabled();

  const next = page.getByLabelText('New password', { exact: true });
  await expect.element(next).toHaveFocus();
  await next.fill(PASSWORD);
  await expect.element(page.getByText('Entered password is equal to current password')).toBeVisible();
  await next.fill(NEXT);
  // Submit waits for the strength estimate, as the person does.
  await expect
    .element(page.getByText('Entered password is strong and secure against brute-force attacks'))
    .toBeVisible();
  await userEvent.keyboard('{Enter}');
  await page.getByLabelText('Confirm password', { exact: true }).fill(NEXT);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect.element(page.getByText('Password has been changed')).toHaveAttribute('data-type', 'success');
  await expect.poll(currentPath).toBe('/user/security');
  expect((await getEngine().derivationCount()) - derivationsBefore).toBe(2);

  const after = await serverValue(`${uid}/auth/password`);
  expect(after).not.toEqual(before);
  expect(storedJson('auth')).toEqual({ password: after, pin: null, passkey: null });
  // On a fresh page only the new password unlocks.
  await reopen(app, '/home');
  const field = page.getByLabelText('Enter password', { exact: true });
  await field.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  await field.fill(NEXT);
  await userEvent.keyboard('{Enter}');
  await expect.element(firstBank()).toBeVisible();
});

test('with a password, the PIN actions pass through password/verify first', async () => {
  await signedIn('/user/security');
  await page.getByRole('button', { name: 'Create PIN' }).click();
  await expect.poll(currentPath).toBe('/user/security/password/verify');
  await expect.element(page.getByRole('heading', { name: 'Verify your password', level: 1 })).toBeVisible();
  const field = page.getByLabelText('Password', { exact: true });
  await field.fill('Wrong-Horse-9');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  expect(currentPath()).toBe('/user/security/password/verify');
  await field.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.poll(currentPath).toBe('/user/security/pin/create');
  await expect.element(page.getByRole('heading', { name: 'Create a PIN', level: 1 })).toBeVisible();
});
