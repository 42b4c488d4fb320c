/** Launches the machine's Chromium through Playwright, which serves only as a driver here. */
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, requireTestChromium } from '../../../scripts/chromium.mjs';

/** `extraArgs`: e.g. FAKE_CAMERA_ARGS, for Chromium's stand-in camera. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: requireTestChromium(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

/** Fails the test on any error the page itself reports, CSP violations included. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

export const appUrl = (path = '/'): string => new URL(path, inject('baseUrl')).toString();

/**
 * One Chromium for the test file and a fresh browser context (a profile) per test, closed after it: the
 * returned function opens that test's context.
 */
export function contextPerTest(): (options?: BrowserContextOptions) => Promise<BrowserContext> {
  let browser: Browser | undefined;
  let context: BrowserContext | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = null;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (options) => {
    if (!browser) throw new Error('The browser has not started');
    context = await browser.newContext(options);
    return context;
  };
}
