/**
 * The browser's own time to store the cards, throttled, with none of the app's script running: the floor under the
 * throttled import's and deletion's longest task (`longest_task_import_10k_ms_slow`, `longest_task_delete_10k_ms_slow`).
 * Each of those stores the one value DESIGN.md's format holds every card in (`sleeve/cards`), and `localStorage`
 * takes it in one synchronous call on the page's main thread, so no app can split it.
 *
 * A page of the app's origin that holds nothing (answered by the benchmark, not the server), throttled, stores the
 * very text the throttled import stored, a fresh string each time as the app's is, `WRITES` times, each a task apart;
 * the time of each `setItem` is what `store_floor_ms_10k_slow` reports, the median of them all.
 *
 * @typedef {import('playwright').Browser} Browser
 */
import { SLOW_RATE, throttle } from '../support/cdp.mjs';
import { freshPage } from '../support/pages.mjs';

/** Writes of the text per throttled run. */
const WRITES = 5;

/** The path the empty page is answered at: no file of the build has it. */
const EMPTY_PAGE = '/store-floor';

/**
 * The times, in ms, of `writes` stores of `text` under `key` in an empty page of `appUrl`'s origin at `rate`.
 * @param {Browser} browser @param {string} appUrl @param {string} key @param {string} text
 * @param {{ rate?: number, writes?: number }} [options]
 */
export async function storeFloor(browser, appUrl, key, text, { rate = SLOW_RATE, writes = WRITES } = {}) {
  const { context, page } = await freshPage(browser, {});
  try {
    await page.route(`${appUrl}${EMPTY_PAGE}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Store floor</title>' }),
    );
    await page.goto(`${appUrl}${EMPTY_PAGE}`);
    await throttle(page, rate);
    return await page.evaluate(
      async ({ key, quoted, writes }) => {
        /** @type {number[]} */
        const times = [];
        for (let write = 0; write < writes; write++) {
          localStorage.removeItem(key);
          // A new string each time, flat and one byte a character as the app's is: a string stored once is kept
          // by the browser, and storing it again would cost less than the app's first store of its own text.
          const fresh = JSON.parse(quoted);
          await new Promise((resolve) => setTimeout(resolve, 50));
          const start = performance.now();
          localStorage.setItem(key, fresh);
          times.push(performance.now() - start);
        }
        localStorage.removeItem(key);
        return times;
      },
      { key, quoted: JSON.stringify(text), writes },
    );
  } finally {
    await context.close();
  }
}
