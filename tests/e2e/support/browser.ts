/** Launches the machine's Chromium through Playwright, which serves only as a driver here. */
import { type Browser, chromium, type Page } from 'playwright';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../../../scripts/chromium.mjs';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
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
