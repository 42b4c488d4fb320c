/** What the installed app's service worker has done, asked of the page as a person's browser would know it. */
import type { Page } from 'playwright';

/** Resolves once the page's service worker is active, i.e. installed with every precached file stored. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Every URL in the origin's Cache Storage, whatever cache holds it. */
export const cachedUrls = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** The script URL of the service worker controlling the page, or null. */
export const controllingScript = (page: Page): Promise<string | null> =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
