/**
 * A new version at launch. The build under test and a second one that differs only in its build id (About names
 * it) are served one after the other at the same origin, as a deployment replaces one with the next. After a visit to
 * the first, the next launch runs the installed version and, with 'Check for updates at launch' on (the default),
 * offers the new one: Reload starts it. With the switch off nothing is offered, and the new version starts once every
 * Sleeve tab has closed.
 */
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { launchChromium, watchPageErrors } from './support/browser';
import { buildApp, type ServedBuild, serveBuilt } from './support/build';
import { serviceWorkerReady } from './support/service-worker';

/** The e2e setup's build of this checkout (tests/e2e/support/serve-build.ts), made without a build id. */
const OLD = { outDir: 'dist' };
const NEW = { outDir: 'dist-update-new', id: 'new-build' };
const OFFER = 'A new version of Sleeve is available';

let browser: Browser;
let served: (ServedBuild & { port: number }) | null = null;
let context: BrowserContext | null = null;

beforeAll(async () => {
  await buildApp({ outDir: NEW.outDir, env: { VITE_BUILD_ID: NEW.id } });
  browser = await launchChromium();
}, 120_000);
afterEach(async () => {
  await context?.close();
  context = null;
  await served?.close();
  served = null;
});
afterAll(async () => {
  await browser?.close();
});

/** The origin now serves the new build in place of the old one. */
async function deployNewBuild(): Promise<void> {
  const port = served?.port;
  await served?.close();
  served = await serveBuilt({ outDir: NEW.outDir, port });
}

/** Loads (or reloads) the page and waits for the module that registers the service worker and looks for updates. */
async function load(page: Page, open: () => Promise<unknown>): Promise<void> {
  const registering = page.waitForResponse((response) => /\/assets\/service-worker-[\w-]+\.js$/.test(response.url()));
  await open();
  await registering;
}

/** Opens Sleeve in a new tab at About. */
async function launch(): Promise<{ page: Page; errors: string[] }> {
  if (!context || !served) throw new Error('Nothing is served');
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const url = `${served.url}/user/about`;
  await load(page, () => page.goto(url));
  return { page, errors };
}

/** The running build as About shows it: the version, and the build id when the build has one. */
async function runningBuild(page: Page): Promise<string[]> {
  await page.getByText('Version 1.0.2').waitFor();
  return page.locator('.about-version').allTextContents();
}
const NEW_BUILD = ['Version 1.0.2', `Build ${NEW.id}`];
/** What About shows for the e2e setup's build (a build id only if the environment gave it one). */
let oldBuild: string[] = [];

/** The first visit: the old build, its service worker installed with everything precached. Closes the tab after. */
async function visitOldBuild(before?: (page: Page) => Promise<void>): Promise<void> {
  served = await serveBuilt({ outDir: OLD.outDir });
  context = await browser.newContext();
  const { page, errors } = await launch();
  oldBuild = await runningBuild(page);
  expect(oldBuild).not.toEqual(NEW_BUILD);
  await before?.(page);
  await serviceWorkerReady(page);
  await page.close();
  expect(errors).toEqual([]);
}

const waitingVersion = (page: Page): Promise<boolean> =>
  page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

it('offers the new version at the next launch, and Reload starts it', async () => {
  await visitOldBuild();
  await deployNewBuild();

  const { page, errors } = await launch();
  // The installed version starts, and finds the new one.
  expect(await runningBuild(page)).toEqual(oldBuild);
  const offer = page.getByRole('status').filter({ hasText: OFFER });
  await offer.waitFor();
  const reload = offer.getByRole('button', { name: 'Reload' });
  await reload.focus();
  await page.keyboard.press('Enter');
  await page.getByText(`Build ${NEW.id}`).waitFor();
  expect(await runningBuild(page)).toEqual(NEW_BUILD);
  expect(await page.getByText(OFFER).count()).toBe(0);
  expect(errors).toEqual([]);
});

it('offers nothing with the switch off; the new version starts once every tab has closed', async () => {
  await visitOldBuild(async (page) => {
    await page.getByRole('link', { name: 'You', exact: true }).click();
    await page.getByRole('link', { name: 'User Interface' }).click();
    const toggle = page.getByRole('switch', { name: 'Check for updates at launch' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
  });
  await deployNewBuild();

  const { page, errors } = await launch();
  expect(await runningBuild(page)).toEqual(oldBuild);
  // Browsers look for a new version on their own after navigations; here it is asked to look now. It installs and
  // waits, and a launch that finds it waiting offers nothing either.
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect.poll(() => waitingVersion(page), { timeout: 15_000 }).toBe(true);
  await load(page, () => page.reload());
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'About' }).click();
  expect(await runningBuild(page)).toEqual(oldBuild);
  expect(await page.getByText(OFFER).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();

  // Every tab closed: the browser lets the new version take over, and the next launch runs it.
  await expect
    .poll(
      async () => {
        const next = await launch();
        const running = await runningBuild(next.page);
        const offered = await next.page.getByText(OFFER).count();
        await next.page.close();
        return { running, offered };
      },
      { timeout: 30_000 },
    )
    .toEqual({ running: NEW_BUILD, offered: 0 });
});
