/**
 * The installed app without a connection: after one visit, the built app starts from its service worker's precache
 * with the network switched off, signed out or signed in. Signed out, cards are on this device and everything works;
 * signed in, a change waits in the outbox and reaches the server once the connection is back. What the service
 * worker keeps is only Sleeve's own files: never Firebase traffic, never a card.
 */
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import {
  allStrings,
  createPassword,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
} from './support/account-flows';
import { addCard, MASTERCARD, storedItem, VISA } from './support/actions';
import { appUrl, contextPerTest, watchPageErrors } from './support/browser';
import { serveGapiStandIn } from './support/gapi-stand-in';
import { cachedUrls, serviceWorkerReady } from './support/service-worker';

const newContext = contextPerTest();
const OFFLINE = 'You are offline. Changes you make are kept on this device and sync when you are back online.';

const cardLink = (page: Page, issuer: string) =>
  page.getByRole('link', { name: new RegExp(`^${issuer} .*ending \\d{4}, `) });

it('starts and saves cards with the network off after one visit, signed out', async () => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  const visaId = await addCard(page, VISA);
  await serviceWorkerReady(page);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  // The card's own screen, as the person left it.
  await page.getByText('4111 1111 1111 1111').first().waitFor();
  await page.getByRole('link', { name: 'Home' }).click();
  await cardLink(page, 'First Bank').waitFor();

  // A new card offline needs the engine's worker script, which comes from the precache too.
  const mastercardId = await addCard(page, MASTERCARD);
  await page.getByText('5500 0055 5555 5559').first().waitFor();
  const stored = (await storedItem(page, 'sleeve/cards')) as { cards: Record<string, unknown> };
  expect(Object.keys(stored.cards).sort()).toEqual([visaId, mastercardId].sort());

  await page.goto(appUrl('/home'));
  await cardLink(page, 'First Bank').waitFor();
  await cardLink(page, 'Harbour Credit').waitFor();
  // Without an account nothing depends on the connection, so nothing is said about it.
  expect(await page.getByText(OFFLINE).count()).toBe(0);
  expect(errors).toEqual([]);
});

it('starts signed in with the network off: unlocks, keeps a new card in the outbox, sends it once back online', async () => {
  const context = await newContext();
  await serveGapiStandIn(context);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await signInWithGoogle(page, 'olive.offline@example.com', 'Olive Offline');
  await createPassword(page, PASSWORD);
  const uid = await signedInUid(page);
  const serverCards = async () =>
    Object.keys(((await readServer()) as Record<string, { cards?: object }>)[uid]?.cards ?? {});
  const visaId = await addCard(page, VISA);
  await expect.poll(serverCards).toEqual([visaId]);
  // The account's cards are kept on this device as the server holds them (ciphertext), for a start without a network.
  const kept = async () => (await storedItem(page, 'sleeve/cards')) as { type: string; cards: Record<string, unknown> };
  await expect.poll(async () => Object.keys((await kept()).cards)).toEqual([visaId]);
  expect((await kept()).type).toBe('ENCRYPTED');
  expect(allStrings(await kept()).join('\n')).not.toContain(VISA.number);
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await page.reload();
  // Firebase (a precached chunk) keeps the session it stored; the local password record unlocks.
  await page.waitForURL(/\/password\/unlock$/);
  await page.getByText(OFFLINE).waitFor();
  await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/home$/);
  await page.getByRole('heading', { name: 'Hey, Olive' }).waitFor();
  // The account's cards as this device last saw them, said so.
  await page
    .getByText(
      `${OFFLINE} Your cards show as this device last saw them; changes from other devices arrive once the connection is back.`,
    )
    .waitFor();
  await cardLink(page, 'First Bank').waitFor();

  const mastercardId = await addCard(page, MASTERCARD);
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByText('1 change waiting to sync').waitFor();
  await cardLink(page, 'Harbour Credit').waitFor();
  // Kept on this device, encrypted, until the server has it.
  const outbox = (await storedItem(page, 'sleeve/outbox')) as { uid: string; cards: Record<string, unknown> };
  expect(outbox.uid).toBe(uid);
  expect(Object.keys(outbox.cards)).toEqual([mastercardId]);
  expect(allStrings(outbox).join('\n')).not.toContain(MASTERCARD.number);
  expect(await serverCards()).toEqual([visaId]);

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverCards()).sort(), { timeout: 30_000 })
    .toEqual([visaId, mastercardId].sort());
  await expect.poll(() => page.getByText('waiting to sync').count(), { timeout: 15_000 }).toBe(0);
  await cardLink(page, 'First Bank').waitFor();
  await cardLink(page, 'Harbour Credit').waitFor();
  expect(await page.getByText(OFFLINE).count()).toBe(0);
  expect(await storedItem(page, 'sleeve/outbox')).toMatchObject({ cards: {} });

  // Cache Storage holds Sleeve's own files only: no Firebase response, no card, nothing from another origin.
  const origin = new URL(appUrl()).origin;
  const cached = await cachedUrls(page);
  expect(cached.length).toBeGreaterThan(0);
  for (const url of cached) {
    expect(new URL(url).origin).toBe(origin);
    expect(new URL(url).pathname).toMatch(/^\/(index\.html|manifest\.webmanifest|sleeve\.svg|icons\/|assets\/)/);
  }
  // The browser reports each connection attempt made while offline; nothing else went wrong (no CSP refusal).
  expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

it('says plainly when an account on this device could not be opened for want of a connection', async () => {
  // No service worker here: a browser that has not installed Sleeve's files must fetch Firebase's chunk to resume.
  const context = await newContext({ serviceWorkers: 'block' });
  await serveGapiStandIn(context);
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await signInWithGoogle(page, 'cora.closed@example.com', 'Cora Closed');
  await createPassword(page, PASSWORD);

  // The page itself still loads; Firebase's chunk does not.
  await context.route('**/assets/remote-*.js', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await page.waitForURL(/\/password\/unlock$/);
  await context.setOffline(true);
  await page
    .getByText('You are offline, and Sleeve could not open your account. Reload Sleeve once you are back online.')
    .waitFor();
  // No promise of syncing that could not be kept.
  expect(await page.getByText(OFFLINE).count()).toBe(0);
});
