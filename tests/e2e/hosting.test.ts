/**
 * The production build as Firebase Hosting serves it: the Hosting emulator (firebase-tools, offline) with the
 * hosting configuration made from the build's own settings, so every header is the one a deployment sends. Each
 * kind of path carries its headers; the app works under them (cards, PIN, every worker, the service worker, sign-in
 * through the Auth emulator's popup) with Trusted Types required and no violation; the page itself reaches neither
 * the database nor any script URL its policy does not let through; a page on another origin cannot frame it; and
 * nothing is fetched from a third-party host until 'Sign in with Google' is pressed, not even by a signed-in person
 * opening the app.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { settingsForBuild } from '../../deploy/build-settings.ts';
import {
  databaseWorkerPolicy,
  ENGINE_WORKER_POLICY,
  pagePolicy,
  SCAN_WORKER_POLICY,
  SERVICE_WORKER_POLICY,
} from '../../deploy/content-security-policy.ts';
import { hostingConfig, IMMUTABLE, REVALIDATE, SECURITY_HEADERS } from '../../deploy/hosting.ts';
import { startHosting } from '../../scripts/hosting-emulator.mjs';
import { TEST_HOSTING_PORT } from '../support/test-ports';
import { createPassword, openAccount, PASSWORD, signInWithGoogle } from './support/account-flows';
import { addCard, typePin, VISA } from './support/actions';
import { contextPerTest, watchPageErrors } from './support/browser';
import { serveGapiStandIn } from './support/gapi-stand-in';
import { DIST, reach, recordTraffic, recordWorkers, samplePhoto, workerPaths } from './support/hosted-build';
import { createPinFromSecurity } from './support/pin-flows';
import { serviceWorkerReady } from './support/service-worker';

const PIN = '418263';
/** A first read starts the card reader: seconds alone, far longer beside the suite's other files on a busy machine. */
const READ_WAIT = 90_000;
/** A phone's Chrome: where the Firebase SDK would start Google's loader with Auth if it were given the resolver. */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

// The settings the e2e build was made with (tests/e2e/support/build.ts): the local backend on the test ports.
const settings = settingsForBuild({ ...process.env, VITE_USE_FIREBASE_EMULATORS: 'true' });
let hosting: { url: string; stop: () => Promise<void> } | undefined;
const newContext = contextPerTest();

beforeAll(async () => {
  hosting = await startHosting({ hosting: hostingConfig(settings), port: TEST_HOSTING_PORT, quiet: true });
}, 200_000);
afterAll(async () => {
  await hosting?.stop();
});

const site = (path = '/'): string => new URL(path, hosting?.url).toString();

/** The hosts a page may reach before anyone asks to sign in: this site and the local backend. */
const ownHosts = (): string[] => [site(), inject('authUrl'), inject('databaseUrl')].map((url) => new URL(url).host);

const foreign = (urls: string[]): string[] =>
  urls.filter((url) => /^(https?|wss?):/.test(url) && !ownHosts().includes(new URL(url).host));

async function answer(path: string) {
  const response = await fetch(site(path), { redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

it('sends every header, by kind of path, and answers routes with the app but never a missing script', async () => {
  const html = readFileSync(`${DIST}index.html`, 'utf8');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? '';
  const pagePolicyHeader = pagePolicy(settings, 'header');
  const expected: Record<string, { policy: string; cache: string }> = {
    '/': { policy: pagePolicyHeader, cache: REVALIDATE },
    '/index.html': { policy: pagePolicyHeader, cache: REVALIDATE },
    '/home/cards/xyz': { policy: pagePolicyHeader, cache: REVALIDATE },
    '/manifest.webmanifest': { policy: pagePolicyHeader, cache: REVALIDATE },
    [style]: { policy: pagePolicyHeader, cache: IMMUTABLE },
    [script]: { policy: ENGINE_WORKER_POLICY, cache: IMMUTABLE },
    [workerPaths().engine]: { policy: ENGINE_WORKER_POLICY, cache: IMMUTABLE },
    [workerPaths().scan]: { policy: SCAN_WORKER_POLICY, cache: IMMUTABLE },
    [workerPaths().reading]: { policy: ENGINE_WORKER_POLICY, cache: IMMUTABLE },
    [workerPaths().strength]: { policy: ENGINE_WORKER_POLICY, cache: IMMUTABLE },
    [workerPaths().database]: { policy: databaseWorkerPolicy(settings), cache: IMMUTABLE },
    '/sw.js': { policy: SERVICE_WORKER_POLICY, cache: REVALIDATE },
  };
  for (const [path, { policy, cache }] of Object.entries(expected)) {
    const { status, headers } = await answer(path);
    expect(status, path).toBe(200);
    for (const { key, value } of SECURITY_HEADERS) expect(headers.get(key), `${path} ${key}`).toBe(value);
    expect(headers.get('Content-Security-Policy'), path).toBe(policy);
    expect(headers.get('Cache-Control'), path).toBe(cache);
  }
  expect((await answer(script)).headers.get('Content-Type')).toMatch(/^(application|text)\/javascript/);

  // A route of the app is the app's page, with the meta policy the header repeats (and framing refused on top).
  const page = await answer('/home/cards/xyz');
  expect(page.body).toBe(html);
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page.body)?.[1];
  expect(`${meta}; frame-ancestors 'none'`).toBe(page.headers.get('Content-Security-Policy'));
  expect(meta).toContain(`connect-src 'self' ${inject('authUrl')}`);
  // A script an old page asks for after a deployment is missing, not the page served as a script.
  const missing = await answer('/assets/index-gone1234.js');
  expect(missing.status).toBe(404);
  expect(missing.body).not.toContain('<div id="root">');
});

/** Locks by opening the app afresh, and unlocks with the PIN. */
async function reopenAndUnlock(page: Page): Promise<void> {
  await page.waitForURL(/\/pin\/unlock$/);
  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);
  await page.getByText('First Bank').first().waitFor();
}

it('keeps cards under a PIN, with the engine worker and the service worker, and reaches no other host', async () => {
  const context = await newContext();
  const traffic = recordTraffic(context);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(site('/home'));
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  await page.goto(site('/home/cards'));
  await reopenAndUnlock(page);

  await serviceWorkerReady(page);
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await reopenAndUnlock(page);
  await context.setOffline(false);

  expect(errors).toEqual([]);
  // Someone who never signs in talks to this site alone.
  expect(traffic.length).toBeGreaterThan(0);
  expect(traffic.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).host !== new URL(site()).host)).toEqual(
    [],
  );

  // The engine's worker runs under its own policy: it reaches nothing, not even this site, where the page may.
  const engine = page.workers().find((worker) => worker.url() === site(workerPaths().engine));
  if (!engine) throw new Error('The engine worker is not running');
  expect(await engine.evaluate(reach, site('/manifest.webmanifest'))).toBe('refused');
  expect(await engine.evaluate(reach, inject('authUrl'))).toBe('refused');
  expect(await page.evaluate(reach, site('/manifest.webmanifest'))).toBe('reached');
});

it("signs in through the popup under its opener policy, and loads Google's loader only once asked to", async () => {
  const context = await newContext({ userAgent: ANDROID_CHROME });
  await serveGapiStandIn(context);
  const traffic = recordTraffic(context);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const workers = recordWorkers(page);
  await page.goto(site('/home'));
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await openAccount(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  expect(foreign(traffic)).toEqual([]);

  const beforeSignIn = traffic.length;
  await signInWithGoogle(page, 'hosted.helen@example.com', 'Helen Hosted');
  await createPassword(page, PASSWORD);
  // Pressing the button brought in Google's loader (here its stand-in), from the two paths the policy allows.
  const loaded = foreign(traffic.slice(beforeSignIn)).map((url) => new URL(url));
  expect(loaded.some((url) => url.origin === 'https://apis.google.com' && url.pathname === '/js/api.js')).toBe(true);
  expect(
    loaded.some(
      (url) => url.origin === 'https://apis.google.com' && url.pathname.startsWith('/_/scs/abc-static/_/js/'),
    ),
  ).toBe(true);

  // Opening the app again, signed in: Firebase restores the session without any third-party script.
  const afterSignIn = traffic.length;
  await page.reload();
  await page.waitForURL(/\/password\/unlock$/);
  await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/home$/);
  await openAccount(page);
  await page.getByText('Signed in with Google as').waitFor();
  await page.getByText('Helen Hosted').first().waitFor();
  expect(foreign(traffic.slice(afterSignIn))).toEqual([]);
  // The password's strength was estimated, and the account read, in workers the page's Trusted Types let start.
  expect(workers).toEqual(expect.arrayContaining([workerPaths().strength, workerPaths().database]));
  expect(errors).toEqual([]);
});

it('starts its own workers under Trusted Types, and lets no other script URL through nor the page reach the database', async () => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const workers = recordWorkers(page);
  await page.goto(site('/user/data-management/import'));
  await page.getByRole('heading', { name: 'Import cards' }).waitFor();
  await page
    .locator('input[type="file"]')
    .setInputFiles(join(import.meta.dirname, '../fixtures/transfer/bitwarden.json'));
  await page.getByRole('button', { name: /^Import \d+ cards?$/ }).waitFor();
  expect(workers).toContain(workerPaths().reading);
  await serviceWorkerReady(page);
  expect(errors).toEqual([]);

  // What the page's own policy lets through: same-origin workers and Google's loader as Firebase asks for it.
  const verdicts = await page.evaluate(() => {
    const attempt = (action: () => unknown) => {
      try {
        action();
        return 'allowed';
      } catch {
        return 'refused';
      }
    };
    const script = () => document.createElement('script');
    return {
      ownScript: attempt(() => {
        script().src = `${location.origin}/assets/any.js`;
      }),
      googleLoader: attempt(() => {
        script().src = 'https://apis.google.com/js/api.js?onload=__iframefcb123456';
      }),
      otherGoogleScript: attempt(() => {
        script().src = 'https://apis.google.com/js/platform.js';
      }),
      dataWorker: attempt(() => new Worker('data:text/javascript,postMessage(1)')),
      markup: attempt(() => {
        document.createElement('div').innerHTML = '<img src=x>';
      }),
      newPolicy: attempt(() => {
        const { trustedTypes } = window as {
          trustedTypes?: { createPolicy: (name: string, rules: object) => unknown };
        };
        trustedTypes?.createPolicy('another', {});
      }),
    };
  });
  expect(verdicts).toEqual({
    ownScript: 'refused',
    googleLoader: 'allowed',
    otherGoogleScript: 'refused',
    dataWorker: 'refused',
    markup: 'refused',
    newPolicy: 'refused',
  });
  // The database is its worker's to reach (under that worker's policy), not the page's.
  expect(await page.evaluate(reach, inject('databaseUrl'))).toBe('refused');
  expect(await page.evaluate(reach, inject('authUrl'))).toBe('reached');
});

it("reads a photo with the scanner, whose worker is handed the reader's files and reaches no network at all", {
  timeout: READ_WAIT + 30_000,
}, async () => {
  const photo = samplePhoto('card-0000.jpg');
  const context = await newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const started = page.waitForEvent('worker', (worker) => worker.url() === site(workerPaths().scan));
  await page.goto(site('/add/scan'));
  await page.getByRole('heading', { name: 'Scan Card', level: 1 }).waitFor();
  // Under its own policy the recognition worker reaches nothing, not even this site, where the page fetched its files.
  const scanner = await started;
  expect(errors).toEqual([]);
  expect(await scanner.evaluate(reach, site('/manifest.webmanifest'))).toBe('refused');
  // That refusal is reported as a violation, as it should be; from here on none may be.
  errors.length = 0;

  await page.locator('input[type="file"]').setInputFiles(photo.path);
  await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor({ timeout: READ_WAIT });
  expect((await page.getByLabel('Card number').inputValue()).replace(/\s/g, '')).toBe(photo.number);
  expect(errors).toEqual([]);
});

it('cannot be framed by a page on another origin', async () => {
  const framing: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(
      `<!doctype html><title>Another site</title><iframe title="Sleeve" src="${site('/home')}" onload="document.title = 'framed'"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
  try {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(framing.address() as AddressInfo).port}/`);
    // The frame's load event fires whether the browser showed Sleeve in it or refused to.
    await page.waitForFunction(() => document.title === 'framed');
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame?.url()).not.toBe(site('/home'));
    expect(await frame?.locator('#root').count()).toBe(0);
    expect(await page.frameLocator('iframe').getByRole('heading', { name: 'Home' }).count()).toBe(0);
  } finally {
    await new Promise((resolve) => framing.close(resolve));
  }
});
