/**
 * A card's details across two devices and a client that knows only SPEC's fields, in the built app. The account and
 * its cards are made in Node with node:crypto alone (tests/interop/seed-client.ts), written through the real Firebase
 * SDK under the rules, and that same client later edits the card and then removes it, as the seed's clients do.
 * Device A adds details in the editor; device B sees them on the card's screen; the edit keeps them; the removal
 * takes them off the server; the server never holds them in the clear.
 */
import { randomBytes } from 'node:crypto';
import { type Database, ref, remove, set } from 'firebase/database';
import type { Page } from 'playwright';
import { afterAll, expect, it } from 'vitest';
import { sealCard, seedRecord, type WirePlainCard } from '../interop/seed-client';
import { inClear } from '../support/in-clear';
import { enterPassword, readServer, signInWithGoogle } from './support/account-flows';
import { devicesOnOneBrowser } from './support/devices';
import { type SeedClientApp, seedClientApp } from './support/seed-client-app';

const EMAIL = 'ada.details@example.com';
const NAME = 'Ada Lovelace';
const PASSWORD = 'Zoë’s wallet 🔐 2024';
const CARD: WirePlainCard = {
  id: 'DetCard1',
  data: {
    number: '4111111111111111',
    expiry: '12/29',
    cardholder: 'Ada Lovelace',
    issuer: 'Seed Savings',
    cvv: '123',
    network: 'VISA',
    theme: 'SKY',
  },
  modifiedAt: Date.now() - 60_000,
};
const PIN = '9753';
const NOTES = 'Reisekarte — keine Gebühren 😀';
const PHONE = '+49 30 1234567';

const device = devicesOnOneBrowser();

/** The seed's client of the account, signed in as the person, and the account's DEK. */
let seedApp: SeedClientApp | undefined;
afterAll(async () => {
  await seedApp?.close();
});

async function seedClient(): Promise<{ db: Database; uid: string; dek: Buffer }> {
  seedApp = await seedClientApp('seed-details-client', { sub: 'seed-e2e-details', email: EMAIL, name: NAME });
  const { db, uid } = seedApp;
  const dek = randomBytes(32);
  await set(ref(db, `${uid}/auth/password`), seedRecord(PASSWORD, dek, Date.now() - 60_000));
  await set(ref(db, `${uid}/cards/${CARD.id}`), sealCard(dek, CARD));
  return { db, uid, dek };
}

async function signIn(page: Page): Promise<void> {
  await signInWithGoogle(page, EMAIL, NAME);
  await enterPassword(page, PASSWORD);
  await page.getByRole('link', { name: 'Home' }).click();
}

const cardLink = (page: Page, issuer: string) =>
  page.getByRole('link', { name: new RegExp(`^${issuer} .*ending 1111, `) });
const detailsOnServer = async (uid: string) =>
  ((await readServer()) as Record<string, { details?: Record<string, unknown> }>)[uid]?.details ?? {};

it("follows its card between devices, stays through an edit by a client that knows only SPEC's fields, and goes with a removal", async () => {
  const seed = await seedClient();

  // Device A adds the details in the editor's 'More details'.
  const a = await device();
  await signIn(a.page);
  await cardLink(a.page, 'Seed Savings').click();
  await a.page.getByRole('link', { name: 'Edit', exact: true }).click();
  await a.page.getByRole('button', { name: 'More details' }).click();
  await a.page.getByLabel('Card PIN').fill(PIN);
  await a.page.getByLabel('Notes').fill(NOTES);
  await a.page.getByLabel('Bank phone number').fill(PHONE);
  await a.page.getByRole('button', { name: 'Update' }).click();
  await a.page.getByText(NOTES).waitFor();
  await expect.poll(async () => Object.keys(await detailsOnServer(seed.uid))).toEqual([CARD.id]);
  // Only ciphertext reaches the server.
  const account = ((await readServer()) as Record<string, unknown>)[seed.uid];
  for (const typed of [PIN, NOTES, PHONE]) expect(inClear(account, typed), typed).toBe(false);

  // Device B sees them on the card's screen: the PIN hidden until revealed, the phone a link.
  const b = await device();
  await signIn(b.page);
  await cardLink(b.page, 'Seed Savings').click();
  await b.page.getByText(NOTES).waitFor();
  expect(await b.page.getByRole('link', { name: 'Call your bank' }).getAttribute('href')).toBe('tel:+49301234567');
  expect(await b.page.locator('main').innerText()).not.toContain(PIN);
  await b.page.getByRole('button', { name: 'Reveal card PIN' }).click();
  await b.page.getByText(PIN, { exact: true }).waitFor();

  // The seed's client edits the card (SPEC's fields only): both devices show the edit, and the details stay.
  const edited = { ...CARD, data: { ...CARD.data, issuer: 'Edited Savings' }, modifiedAt: Date.now() };
  await set(ref(seed.db, `${seed.uid}/cards/${CARD.id}`), sealCard(seed.dek, edited));
  await b.page.getByText('Edited Savings').first().waitFor();
  await b.page.getByText(NOTES).waitFor();
  expect(Object.keys(await detailsOnServer(seed.uid))).toEqual([CARD.id]);

  // The seed's client removes the card with a plain removal: the details do not outlive it.
  await remove(ref(seed.db, `${seed.uid}/cards/${CARD.id}`));
  await expect.poll(async () => Object.keys(await detailsOnServer(seed.uid))).toEqual([]);
  await a.page.getByRole('link', { name: 'Home' }).click();
  await expect.poll(() => a.page.getByRole('link', { name: /ending 1111, / }).count()).toBe(0);
  expect([...a.errors, ...b.errors]).toEqual([]);
});
