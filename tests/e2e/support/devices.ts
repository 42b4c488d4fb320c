/**
 * Devices of one person in the built app: each a browser context of its own (its own storage, its own connection,
 * offline on its own) over one Chromium launched for the test file, with the app open on Home.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { appUrl, launchChromium, watchPageErrors } from './browser';
import { serveGapiStandIn } from './gapi-stand-in';

export interface Device {
  context: BrowserContext;
  page: Page;
  /** Errors the page reported (watchPageErrors). */
  errors: string[];
}

/** Registers the file's browser (launched before its tests, closed after) and returns how to open a device on it. */
export function devicesOnOneBrowser(): (options?: BrowserContextOptions) => Promise<Device> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  // `options`: a device's own, as an audit's (axe goes in as a script of the test's, which the page's policy refuses).
  return async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await serveGapiStandIn(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(appUrl('/home'));
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    return { context, page, errors };
  };
}

/** A card on Home, by its issuer, as the list names its link. */
export const cardLink = (page: Page, issuer: string) =>
  page.getByRole('link', { name: new RegExp(`^${issuer} .*ending \\d{4}, `) });
