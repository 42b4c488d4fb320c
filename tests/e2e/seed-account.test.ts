/**
 * An account whose server data the seed's clients made, opened in the built app. The data is made in Node with
 * node:crypto alone (tests/interop/seed-client.ts): the password record holds the DEK's base64 text, written through
 * the real Firebase SDK as the account's own user, so the server's rules judge it; the cards are stored as the seed's
 * clients leave them. Then a person signs in through the Auth emulator's Google popup, types the password and sees
 * the cards.
 */
import { randomBytes } from 'node:crypto';
import { goOffline, ref, set } from 'firebase/database';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sealCard, seedRecord, type WirePlainCard, type WireRecord } from '../interop/seed-client';
import { enterPassword, readServer, signInWithGoogle } from './support/account-flows';
import { storedItem } from './support/actions';
import { appUrl, launchChromium, watchPageErrors } from './support/browser';
import { serveGapiStandIn } from './support/gapi-stand-in';
import { seedClientApp } from './support/seed-client-app';

const EMAIL = 'ada.seed@example.com';
const NAME = 'Ada Lovelace';
const PASSWORD = 'Zoë’s wallet 🔐 2024';

const CARDS: WirePlainCard[] = [
  {
    id: 'SeedCrd1',
    data: {
      number: '4111111111111111',
      expiry: '12/29',
      cardholder: 'Ada Lovelace',
      issuer: 'Seed Savings',
      cvv: '123',
      network: 'VISA',
      theme: 'SKY',
    },
    modifiedAt: 1_700_000_000_000,
  },
  {
    id: 'SeedCrd2',
    data: {
      number: '5500005555555559',
      expiry: '07/31',
      cardholder: 'Zoë Núñez',
      issuer: 'Caisse d’Épargne',
      cvv: '',
      network: 'MASTERCARD',
      theme: 'TEAL',
    },
    modifiedAt: 1_700_000_000_001,
  },
];

let browser: Browser;
let context: BrowserContext | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/**
 * The seed's client of this account: signs in as the Google account (which the emulator's chooser then offers), writes
 * the password record under the rules and the cards as that client stores them; returns the uid.
 */
async function seedTheAccount(): Promise<string> {
  const client = await seedClientApp('seed-client', { sub: 'seed-e2e-ada', email: EMAIL, name: NAME });
  try {
    const { db, uid } = client;
    const dek = randomBytes(32);
    await set(ref(db, `${uid}/auth/password`), seedRecord(PASSWORD, dek, Date.now() - 60_000));
    const cards = Object.fromEntries(CARDS.map((card) => [card.id, sealCard(dek, card)]));
    // Written as the seed's clients write them, so the rules judge them too.
    await set(ref(db, `${uid}/cards`), cards);
    goOffline(db);
    return uid;
  } finally {
    await client.close();
  }
}

const cardLink = (page: Page, card: WirePlainCard) =>
  page.getByRole('link', { name: new RegExp(`^${card.data.issuer} .*ending ${card.data.number.slice(-4)}, `) });

it("signs in to an account the seed's clients made and shows its cards after the password", async () => {
  const uid = await seedTheAccount();
  const server = (await readServer()) as Record<string, { auth: { password: WireRecord } }>;
  const record = server[uid]?.auth.password;
  expect(Buffer.from(record?.encryptedDek.ciphertext ?? '', 'base64')).toHaveLength(60);

  context = await browser.newContext();
  await serveGapiStandIn(context);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await signInWithGoogle(page, EMAIL, NAME);
  await enterPassword(page, PASSWORD);
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('heading', { name: 'Hey, Ada' }).waitFor();
  for (const card of CARDS) await cardLink(page, card).waitFor();
  await expect.poll(() => page.getByRole('link', { name: /ending \d{4}, / }).count()).toBe(CARDS.length);

  // A card opens in full, every field as the seed's client wrote it.
  const [visa] = CARDS as [WirePlainCard];
  await cardLink(page, visa).click();
  await page.getByText(visa.data.cardholder).first().waitFor();
  await page.getByText(visa.data.issuer).first().waitFor();
  // This device keeps the record as the server holds it, so the seed's clients and Sleeve share it.
  expect(((await storedItem(page, 'sleeve/auth')) as { password: unknown }).password).toEqual(record);
  expect(errors).toEqual([]);
});
