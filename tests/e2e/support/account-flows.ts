/** Account steps in the built app, through the Auth emulator's own Google account chooser. */
import type { Page } from 'playwright';
import { inject } from 'vitest';

export const PASSWORD = 'Correct-Horse-42!';
export const NEW_PASSWORD = 'Battery Staple #7é';

/** The emulator's Google popup: add a new account, or pick the existing one with this email. */
async function chooseGoogleAccount(popup: Page, email: string, name: string): Promise<void> {
  await popup.waitForLoadState('domcontentloaded');
  const existing = popup.locator('.js-reuse-account', { hasText: email });
  await popup.locator('#add-account-button, .js-new-account').first().waitFor();
  if ((await existing.count()) > 0) {
    await existing.first().click();
    return;
  }
  await popup.locator('.js-new-account').first().click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(name);
  await popup.locator('#sign-in').click();
}

export async function openAccount(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account' }).waitFor();
}

/** Account → 'Sign in with Google' → the popup; resolves once the popup has closed. */
export async function signInWithGoogle(page: Page, email: string, name: string): Promise<void> {
  await openAccount(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;
  await chooseGoogleAccount(popup, email, name);
  await popup.waitForEvent('close');
}

/** The CREATE_PASSWORD step: the password, then its confirmation. */
export async function createPassword(page: Page, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Create a password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create password' }).click();
  await page.getByText('Password has been created').waitFor();
}

/** The ENTER_PASSWORD step on a device joining an existing account. */
export async function enterPassword(page: Page, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Enter your password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Signed in', { exact: true }).waitFor();
}

/**
 * The uid of the Google account signed in on this page, as the Firebase SDK keeps it (IndexedDB). Other test files
 * create accounts on the same backend at the same time, so a uid is never found by what appeared on the server.
 */
export async function signedInUid(page: Page): Promise<string> {
  const uid = await page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            resolve(null);
            return;
          }
          const read = db.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            const items = read.result as { fbase_key: string; value: { uid?: unknown } }[];
            const user = items.find((item) => item.fbase_key.startsWith('firebase:authUser:'));
            resolve(typeof user?.value.uid === 'string' ? user.value.uid : null);
          };
        };
      }),
  );
  if (!uid) throw new Error('Nobody is signed in on this page');
  return uid;
}

/** The whole database as the server holds it (test-only dump, see tests/support/backend.ts). */
export async function readServer(): Promise<unknown> {
  const response = await fetch(inject('databaseDumpUrl'));
  return response.json();
}

/**
 * Writes `value` at `path`, the rules aside (test-only, see tests/support/backend.ts): what another client of the
 * account writes, here one whose writes the rules take anyway (tests/rules/ shows which they do).
 */
export async function writeServer(path: string, value: unknown): Promise<void> {
  const response = await fetch(new URL(path, inject('databaseDumpUrl')), {
    method: 'PUT',
    body: JSON.stringify(value),
  });
  if (!response.ok) throw new Error(`The backend did not take the write at ${path}: ${response.status}`);
}

/** Every string anywhere in a JSON value. */
export function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}
