/**
 * With VITE_AUTH_TOKEN_SYNC_URL set, the signed-in person's ID token is synced to that same-origin path, the Firebase
 * SDK's `authTokenSyncURL` exchange (src/remote/token-sync.ts): a POST with the token as a bearer credential on
 * sign-in, a DELETE on sign-out (SPEC.md §7).
 */
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPassword, openAccount, PASSWORD, signInWithGoogle } from './support/account-flows';
import { launchChromium } from './support/browser';
import { buildAndServe, type ServedBuild } from './support/build';
import { serveGapiStandIn } from './support/gapi-stand-in';

const SYNC_PATH = '/__/auth/token-sync';
let browser: Browser;
let served: ServedBuild;

beforeAll(async () => {
  served = await buildAndServe({ outDir: 'dist-token-sync', env: { VITE_AUTH_TOKEN_SYNC_URL: SYNC_PATH } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

it('posts the ID token on sign-in and deletes it on sign-out', async () => {
  const context = await browser.newContext();
  await serveGapiStandIn(context);
  const seen: { method: string; authorization: string | undefined }[] = [];
  await context.route(`**${SYNC_PATH}`, async (route) => {
    seen.push({ method: route.request().method(), authorization: route.request().headers().authorization });
    await route.fulfill({ status: 200, body: '' });
  });
  const page = await context.newPage();
  await page.goto(`${served.url}/home`);
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  expect(seen).toEqual([]);

  await signInWithGoogle(page, 'token.sync@example.com', 'Tess Token');
  await expect.poll(() => seen.find((request) => request.method === 'POST')).toBeDefined();
  const post = seen.find((request) => request.method === 'POST');
  // An ID token is a JWT: three base64url parts.
  expect(post?.authorization).toMatch(/^Bearer [\w-]+\.[\w-]*\.[\w-]*$/);

  await createPassword(page, PASSWORD);
  await openAccount(page);
  await page.getByRole('button', { name: 'Sign out of your account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => seen.some((request) => request.method === 'DELETE')).toBe(true);
  await context.close();
});
