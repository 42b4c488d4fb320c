/**
 * Every outward link of the built app leads somewhere. Built with the deployment's settings (a second build, into a
 * folder of its own, once for this file), 'Download app' and 'Source code' carry exactly the addresses set, the
 * version filled into the app's path. The suite's own build sets neither, as the local backend and `npm start` do:
 * there About has no source link and 'Download app' installs Sleeve itself, through the browser's offer (a
 * `beforeinstallprompt` event dispatched here, with a prompt the test answers) or the how-to screen.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { appUrl, launchChromium, watchPageErrors } from './support/browser';
import { buildAndServe, type ServedBuild } from './support/build';

const SETTINGS = {
  VITE_SOURCE_CODE_URL: 'https://example.org/sleeve',
  VITE_ANDROID_APP_URL: 'https://example.org/releases/v{version}/app.apk',
};

let browser: Browser;
let withLinks: ServedBuild;
let page: Page | null = null;

beforeAll(async () => {
  [withLinks, browser] = await Promise.all([buildAndServe({ outDir: 'dist-links', env: SETTINGS }), launchChromium()]);
}, 120_000);
afterEach(async () => {
  await page?.context().close();
  page = null;
});
afterAll(async () => {
  await browser?.close();
  await withLinks?.close();
});

async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(url);
  await page.getByRole('heading', { name: 'You', level: 1 }).waitFor();
  return { page, errors };
}

it("links to the deployment's Android app for this version and to its source code", async () => {
  const { page, errors } = await open(`${withLinks.url}/user`);
  const info = page.getByRole('region', { name: 'App info' });
  const download = info.getByRole('link', { name: /Download app/ });
  expect(await download.getAttribute('href')).toBe('https://example.org/releases/v1.0.2/app.apk');
  expect(await download.getAttribute('target')).toBe('_blank');
  expect(await download.getAttribute('rel')).toBe('noopener noreferrer');
  await info.getByRole('link', { name: 'About' }).click();
  await page.getByRole('heading', { name: 'About', level: 1 }).waitFor();
  const source = page.getByRole('link', { name: /Source code/ });
  expect(await source.getAttribute('href')).toBe('https://example.org/sleeve');
  expect(await source.getAttribute('rel')).toBe('noopener noreferrer');
  expect(errors).toEqual([]);
});

it('without them, has no source link and installs Sleeve itself: the how-to screen, then the browser prompt', async () => {
  const { page, errors } = await open(appUrl('/user'));
  const info = page.getByRole('region', { name: 'App info' });
  await info.getByRole('link', { name: 'About' }).click();
  await page.getByRole('heading', { name: 'About', level: 1 }).waitFor();
  await page.getByText('Version 1.0.2').waitFor();
  expect(await page.getByRole('link', { name: /Source code/ }).count()).toBe(0);

  // No offer from the browser yet: the how-to screen, every browser's way on it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'You' }).click();
  await info.getByRole('link', { name: 'Download app' }).click();
  await page.getByRole('heading', { name: 'Install Sleeve', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/install');
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    'Chrome or Edge',
    'Safari on iPhone or iPad',
    'Safari on Mac',
    'Firefox',
  ]);
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('heading', { name: 'You', level: 1 }).waitFor();

  // The browser offers to install: the event is held, and pressing the row asks the browser.
  const heldBack = await page.evaluate(() => {
    const calls: string[] = [];
    (window as unknown as { promptCalls: string[] }).promptCalls = calls;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        calls.push('prompt');
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(heldBack).toBe(true);
  await info.getByRole('button', { name: 'Download app' }).click();
  await info.getByText('Sleeve is installed on this device').waitFor();
  expect(await page.evaluate(() => (window as unknown as { promptCalls: string[] }).promptCalls)).toEqual(['prompt']);
  expect(errors).toEqual([]);
});
