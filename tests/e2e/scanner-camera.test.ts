/**
 * The built app's scanner with Chromium's stand-in camera: its moving test pattern, and a clip of card photos
 * (scripts/scan-corpus/clip.mjs) played as the camera; one browser per source, since the camera is chosen at launch.
 * The camera starts, the video plays, the scanner's script and worker load only when /add/scan opens, and every
 * track ends on leaving. Reading a card from a clip waits for the real recognition (scan-worker/recognize/).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, FAKE_CAMERA_ARGS, requireTestChromium } from '../../scripts/chromium.mjs';
import { jpegSize, makeClip } from '../../scripts/scan-corpus/clip.mjs';
import { appUrl, watchPageErrors } from './support/browser';
import { keepTracks, trackStates } from './support/camera-tracks';

const PHOTO = join(import.meta.dirname, '../fixtures/scan-sample/card-0000.jpg');
const clipDir = mkdtempSync(join(tmpdir(), 'sleeve-scan-clip-'));
const CLIP = join(clipDir, 'card.mjpeg');
writeFileSync(CLIP, makeClip([PHOTO], 10));
afterAll(() => rmSync(clipDir, { recursive: true, force: true }));

const videoState = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    return { playing: !!video && !video.paused && video.readyState >= 2, width: video?.videoWidth ?? 0 };
  });

const sources = [
  { name: "Chromium's test pattern", args: [] as string[], width: 0 },
  { name: 'a clip of a card photo', args: [`--use-file-for-fake-video-capture=${CLIP}`], width: 960 },
];

for (const source of sources) {
  describe(`the camera showing ${source.name}`, () => {
    let browser: Browser | undefined;
    afterAll(async () => {
      await browser?.close();
    });

    it('starts, plays, loads the scanner only when opened, and ends every track on leaving', async () => {
      browser = await chromium.launch({
        executablePath: requireTestChromium(),
        args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS, ...source.args],
        headless: true,
      });
      const context = await browser.newContext();
      await context.addInitScript(keepTracks);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));

      await page.goto(appUrl('/home'));
      await page.getByRole('link', { name: 'Add Card' }).click();
      await page.getByRole('link', { name: 'Scan card' }).waitFor();
      // Neither the scanner's screen nor its worker has been fetched yet.
      expect(requests.filter((path) => path.includes('scan-worker'))).toEqual([]);
      expect(page.workers().filter((worker) => worker.url().includes('scan-worker'))).toEqual([]);

      await page.getByRole('link', { name: 'Scan card' }).click();
      await page.getByRole('heading', { name: 'Scan Card', level: 1 }).waitFor();
      await expect.poll(() => videoState(page).then((video) => video.playing)).toBe(true);
      if (source.width) expect((await videoState(page)).width).toBe(source.width);
      await expect.poll(() => trackStates(page)).toEqual(['live']);
      await expect.poll(() => page.workers().some((worker) => worker.url().includes('scan-worker'))).toBe(true);
      await page.getByRole('status').filter({ hasText: 'Hold your card inside the frame' }).waitFor();

      await page.getByRole('link', { name: 'Add card manually' }).click();
      await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor();
      await expect.poll(() => trackStates(page)).toEqual(['ended']);
      // The recognition worker ends with the scanner.
      await expect.poll(() => page.workers().some((worker) => worker.url().includes('scan-worker'))).toBe(false);
      expect(errors).toEqual([]);
    });
  });
}

it('the clip maker lays whole JPEG frames end to end', () => {
  const photo = readFileSync(PHOTO);
  expect(jpegSize(photo)).toEqual({ width: 960, height: 720 });
  expect(readFileSync(CLIP).length).toBe(photo.length * 10);
});
