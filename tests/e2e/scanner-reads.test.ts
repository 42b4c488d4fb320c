/**
 * The built app reading a card from Chromium's stand-in camera, with the real recognition worker under its own
 * policy: a clip of a card photo (scripts/scan-corpus/clip.mjs) fills the editor and stops the camera; a clip of a
 * card whose printed number fails its checksum fills nothing, however long it is shown. One browser per clip, since
 * the camera is chosen at launch. Once Sleeve runs from its service worker, the reader's files are kept on the first
 * scan, and a card is read with the network off. What each photo says is in tests/fixtures/scan-sample/labels.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, afterEach, expect, it } from 'vitest';
import { CHROMIUM_ARGS, FAKE_CAMERA_ARGS, requireTestChromium } from '../../scripts/chromium.mjs';
import { makeClip } from '../../scripts/scan-corpus/clip.mjs';
import { appUrl, watchPageErrors } from './support/browser';
import { keepTracks, trackStates } from './support/camera-tracks';
import { cachedUrls, serviceWorkerReady } from './support/service-worker';

const SAMPLE = join(import.meta.dirname, '../fixtures/scan-sample');
const { labels } = JSON.parse(readFileSync(join(SAMPLE, 'labels.json'), 'utf8')) as {
  labels: { file: string; number: string; network: string; expiry: string; valid: boolean }[];
};
const clipDir = mkdtempSync(join(tmpdir(), 'sleeve-scan-reads-'));
afterAll(() => rmSync(clipDir, { recursive: true, force: true }));

/** A clip of one sample photo, held still in front of the camera. */
function clipOf(file: string): string {
  const path = join(clipDir, `${file}.mjpeg`);
  writeFileSync(path, makeClip([join(SAMPLE, file)], 10));
  return path;
}

/**
 * How long a test waits for a read to fill the editor. The reader's first read starts its model: seconds alone, but
 * beside the suite's other files on a loaded machine a first read has taken over 30 s (the same wait in
 * tests/screens/scanner.test.tsx).
 */
const READ_WAIT = 90_000;

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** The app's scanner open in a browser whose camera plays `clip`; every camera track is kept for the test. */
async function scannerWith(clip: string): Promise<{ page: Page; errors: string[] }> {
  browser = await chromium.launch({
    executablePath: requireTestChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${clip}`],
    headless: true,
  });
  const context = await browser.newContext();
  await context.addInitScript(keepTracks);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(appUrl('/')).origin) errors.push(`request to ${request.url()}`);
  });
  await page.goto(appUrl('/add/scan'));
  await page.getByRole('heading', { name: 'Scan Card', level: 1 }).waitFor();
  return { page, errors };
}

it('a card held up to the camera fills the editor, and the camera stops at once', {
  timeout: READ_WAIT + 30_000,
}, async () => {
  const label = labels.find((one) => one.file === 'card-0000.jpg');
  if (!label) throw new Error('card-0000.jpg has no label');
  const { page, errors } = await scannerWith(clipOf(label.file));
  await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor({ timeout: READ_WAIT });
  expect(await trackStates(page)).toEqual(['ended']);
  expect((await page.getByLabel('Card number').inputValue()).replace(/\s/g, '')).toBe(label.number);
  expect(await page.getByLabel('Network').inputValue()).toBe(label.network);
  expect(await page.getByLabel('Expiry').inputValue()).toBe(label.expiry);
  await page
    .getByRole('status')
    .filter({ hasText: /Check the number, expiry and name/ })
    .waitFor();
  // The recognition worker ends with the scanner; nothing was saved.
  await expect.poll(() => page.workers().some((worker) => worker.url().includes('scan-worker'))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('sleeve/cards'))).toBeNull();
  expect(errors).toEqual([]);
});

it('a card whose printed number fails its checksum fills nothing, and the hint says what else to try', async () => {
  const label = labels.find((one) => !one.valid);
  if (!label) throw new Error('the sample has no card failing its checksum');
  const { page, errors } = await scannerWith(clipOf(label.file));
  // Read frame after frame for the scanner's 15 s: never accepted.
  await page.getByRole('status').filter({ hasText: 'No card has been read yet.' }).waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/add/scan');
  expect(await trackStates(page)).toEqual(['live']);
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor();
  expect(await page.getByLabel('Card number').inputValue()).toBe('');
  expect(await trackStates(page)).toEqual(['ended']);
  expect(errors).toEqual([]);
});

it('once Sleeve runs from its service worker, a first scan keeps the reader, and the next one reads with the network off', {
  timeout: 2 * READ_WAIT + 30_000,
}, async () => {
  const label = labels.find((one) => one.file === 'card-0001.jpg');
  if (!label) throw new Error('card-0001.jpg has no label');
  const { page, errors } = await scannerWith(clipOf(label.file));
  // The first visit installs the service worker; from the next page load on, it answers the app's requests (and
  // its workers').
  await serviceWorkerReady(page);
  const scannerFiles = async () =>
    (await cachedUrls(page)).filter((url) => /\/assets\/[^/]+\.(wasm|onnx)$/.test(new URL(url).pathname));
  // Installing does not fetch the reader: a person who never scans never downloads it.
  expect(await scannerFiles()).toEqual([]);
  await page.goto(appUrl('/add/scan'));
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor({ timeout: READ_WAIT });
  await expect.poll(async () => (await scannerFiles()).length).toBe(2);

  await page.context().setOffline(true);
  await page.goto(appUrl('/add/scan'));
  await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor({ timeout: READ_WAIT });
  expect((await page.getByLabel('Card number').inputValue()).replace(/\s/g, '')).toBe(label.number);
  expect(await page.getByLabel('Expiry').inputValue()).toBe(label.expiry);
  expect(errors).toEqual([]);
});
