/**
 * Deletions and edits in the order they were made, on two devices of one account in the built app: device A changes
 * cards while its connection is down, device B acts on the same cards later, online; when A is back the newer action
 * has won on both devices (an edit made after a deletion keeps the card, a deletion made after an edit removes it),
 * nothing is left waiting and no error is shown.
 */
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import {
  createPassword,
  enterPassword,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
} from './support/account-flows';
import { addCard, MASTERCARD, storedItem, VISA } from './support/actions';
import { cardLink, devicesOnOneBrowser } from './support/devices';

const EMAIL = 'ada.order@example.com';

const device = devicesOnOneBrowser();

/** Error toasts the page shows from now on (until it reloads). */
const errorToasts = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { errorToasts: string[] }).errorToasts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('.toast[data-type="error"]').forEach((toast) => {
        seen.push(toast.textContent ?? '');
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
const errorToastsSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { errorToasts: string[] }).errorToasts);

async function home(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Home' }).click();
  await page.waitForURL(/\/home$/);
}

async function openEditor(page: Page, issuer: string): Promise<void> {
  await home(page);
  await cardLink(page, issuer).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  // The editor is a script of its own: shown, not just asked for, before the device goes offline.
  await page.getByLabel('Cardholder', { exact: true }).waitFor();
}

async function saveHolder(page: Page, holder: string): Promise<void> {
  await page.getByLabel('Cardholder', { exact: true }).fill(holder);
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByText('Card updated').waitFor();
}

async function deleteCard(page: Page, issuer: string): Promise<void> {
  await home(page);
  await cardLink(page, issuer).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/home$/);
}

it('when a device comes back online, the newer of two actions on a card wins on both devices', async () => {
  const a = await device();
  await addCard(a.page, VISA);
  await addCard(a.page, MASTERCARD);
  await signInWithGoogle(a.page, EMAIL, 'Ada Lovelace');
  await createPassword(a.page, PASSWORD);
  const uid = await signedInUid(a.page);
  const onServer = async () => ((await readServer()) as Record<string, { cards?: object }>)[uid]?.cards ?? {};
  await expect.poll(async () => Object.keys(await onServer()).length).toBe(2);
  const b = await device();
  await signInWithGoogle(b.page, EMAIL, 'Ada Lovelace');
  await enterPassword(b.page, PASSWORD);
  await home(b.page);
  await cardLink(b.page, 'First Bank').waitFor();
  await cardLink(b.page, 'Harbour Credit').waitFor();
  await errorToasts(a.page);

  // A, offline: edits First Bank's card (its editor opened a moment before) and deletes Harbour Credit's.
  await openEditor(a.page, 'First Bank');
  await a.context.setOffline(true);
  await saveHolder(a.page, 'Offline Edit');
  await deleteCard(a.page, 'Harbour Credit');
  await a.page.getByText('2 changes waiting to sync').waitFor();

  // B, later and online: deletes First Bank's card and edits Harbour Credit's.
  await deleteCard(b.page, 'First Bank');
  await openEditor(b.page, 'Harbour Credit');
  await saveHolder(b.page, 'Edited On Bee');
  await expect.poll(async () => Object.keys(await onServer()).length).toBe(1);

  await a.context.setOffline(false);
  await expect.poll(() => a.page.getByText('waiting to sync').count(), { timeout: 30_000 }).toBe(0);
  for (const page of [a.page, b.page]) {
    await home(page);
    await expect.poll(() => cardLink(page, 'First Bank').count()).toBe(0);
    await cardLink(page, 'Harbour Credit').click();
    await page.getByText('Edited On Bee').first().waitFor();
  }
  expect(Object.keys(await onServer())).toHaveLength(1);
  expect(await storedItem(a.page, 'sleeve/outbox')).toMatchObject({ cards: {} });
  expect(await errorToastsSeen(a.page)).toEqual([]);
  expect(a.errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  expect(b.errors).toEqual([]);
});
