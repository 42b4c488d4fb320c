/**
 * The Account screen signed in, with the real account module, the real worker and the real local backend: the name
 * and the Danger Zone, and signing out, confirmed first, with changes still waiting or none. Each test signs in the
 * way Google's popup ends (tests/e2e/sync.test.ts drives the popup itself).
 */
import { beforeAuthStateChanged } from 'firebase/auth';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { auth } from '../../src/remote/firebase';
import { saveCard } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { appOffline, appOnline } from '../support/page-database';
import { makeCard, renderApp } from '../support/render';
import { storedJson } from '../support/seed-storage';

const PASSWORD = 'Correct-Horse-9';
const _PIN = '274951';

let sub = '';

beforeEach(() => {
  sub = uniqueSub();
});

afterEach(async () => {
  await signOut();
});

/** Signed in to a new account on this device, on the Account screen. */
async function signedInOnAccount(): Promise<string> {
  await renderApp('/user/account', { cards: [makeCard({ issuer: 'First Bank' })] });
  const uid = await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  return uid;
}
test('signed in: the full name and the Danger Zone, confirmed first; Cancel keeps the account', async () => {
  const uid = await signedInOnAccount();
  await expect.element(page.getByText('Ada Lovelace')).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete account' });
  await expect.element(remove.getByText('Are you sure you want to delete your account?')).toBeVisible();
  await expect
    .element(
      remove.getByText('All your cards will be deleted from the server and this device. This action cannot be undone.'),
    )
    .toBeVisible();
  // 'Delete' needs Google's re-authentication popup: tests/e2e/sync.test.ts confirms it and checks what is left.
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  await expect.element(page.getByText('Ada Lovelace')).toBeVisible();
  expect(await serverValue(`${uid}/auth/password`)).not.toBeNull();
  expect(Object.keys((await serverValue(`${uid}/cards`)) as object)).toHaveLength(1);
});

test('signing out is confirmed first, holds the buttons while it runs and leaves nothing on this device', async () => {
  await signedInOnAccount();
  const preferences = { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } };
  localStorage.setItem('sleeve/preferences', JSON.stringify(preferences));
  // Firebase waits for this before it signs out, so the screen can be seen while the sign-out runs.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stopHolding = beforeAuthStateChanged(auth, (user) => (user === null ? held : undefined));
  try {
    await page.getByRole('button', { name: 'Sign out of your account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await expect.element(dialog.getByText(/stay in your account, but this device will forget them/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect.element(page.getByRole('status', { name: 'Working on your account' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Sign out of your account' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  } finally {
    release();
    stopHolding();
  }

  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect.element(page.getByText('Ada Lovelace')).not.toBeInTheDocument();
  expect(auth.currentUser).toBeNull();
  expect(localStorage.getItem('sleeve/cards')).toBeNull();
  expect(localStorage.getItem('sleeve/auth')).toBeNull();
  expect(storedJson('preferences')).toEqual(preferences);
});

test('signing out with changes not yet sent says they would be lost, and cancelling keeps them waiting', async () => {
  await signedInOnAccount();
  await appOffline();
  try {
    await saveCard({ data: makeCard({ cardholder: 'Grace Hopper' }).data });
    await page.getByRole('button', { name: 'Sign out of your account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await expect
      .element(
        dialog.getByText(
          '1 change has not reached your account yet. Signing out now loses them; go online and wait for them to be sent first.',
        ),
      )
      .toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(Object.keys((storedJson('outbox') as { cards: object }).cards)).toHaveLength(1);
  } finally {
    await appOnline();
  }
  // Back online, the change is sent, and the dialog says only what SPEC.md says.
  await expect.poll(() => Object.keys((storedJson('outbox') as { cards: object }).cards)).toHaveLength(0);
  await page.getByRole('button', { name: 'Sign out of your account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out' });
  await expect.element(dialog.getByText(/stay in your account, but this device will forget them/)).toBeVisible();
  await expect.element(dialog.getByText(/not reached your account yet/)).not.toBeInTheDocument();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
