/**
 * `npm start` on a machine without internet: the dev server and the local backend as the command starts them, and a
 * browser that can reach nothing but this machine. Google sign-in still works against the local backend: the real
 * Firebase SDK, the real Auth emulator's popup and account chooser, with the stand-in for Google's script loader
 * that the dev server and the emulator's front serve.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_START_APP_PORT, TEST_START_AUTH_PORT, TEST_START_DATABASE_PORT } from '../support/test-ports';
import { createPassword, PASSWORD, signInWithGoogle } from './support/account-flows';
import { launchChromium, watchPageErrors } from './support/browser';

const APP_URL = `http://127.0.0.1:${TEST_START_APP_PORT}`;
const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

let started: ChildProcess | undefined;
let printed = '';
let browser: Browser;
const cacheDir = mkdtempSync(join(tmpdir(), 'sleeve-start-'));

/** `npm start` (its script, as npm runs it) on the test ports; resolves once it says the app is running. */
function npmStart(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs', `--port=${TEST_START_APP_PORT}`], {
    env: {
      ...process.env,
      VITE_USE_FIREBASE_EMULATORS: 'true',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${TEST_START_AUTH_PORT}`,
      VITE_FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${TEST_START_DATABASE_PORT}`,
      SLEEVE_VITE_CACHE_DIR: cacheDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Sleeve is running at')) resolve(child);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start stopped (exit ${code}):\n${printed}`)));
  });
}

beforeAll(async () => {
  [started, browser] = await Promise.all([npmStart(), launchChromium()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (started && started.exitCode === null) {
    const exited = new Promise((resolve) => started?.once('exit', resolve));
    started.kill('SIGTERM');
    await exited;
  }
  rmSync(cacheDir, { recursive: true, force: true });
});

it('signs in with Google against the local backend with no internet at all', async () => {
  const context = await browser.newContext();
  // No internet: anything beyond this machine fails as it would offline, in the app, the popup and the iframe.
  const outside = new Set<string>();
  await context.route('**/*', async (route) => {
    const { hostname } = new URL(route.request().url());
    if (LOOPBACK.has(hostname)) return route.fallback();
    outside.add(hostname);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${APP_URL}/home`);
  await page.getByRole('heading', { name: 'Home' }).waitFor({ timeout: 60_000 });

  await signInWithGoogle(page, 'offline.start@example.com', 'Olive Offline');
  await createPassword(page, PASSWORD);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('heading', { name: 'Hey, Olive' }).waitFor();

  // Google's loader was never even asked for; only the emulator's popup styling and fonts were out of reach.
  expect(outside).not.toContain('apis.google.com');
  expect(errors).toEqual([]);
}, 120_000);
