/**
 * What the browser alone takes of a keystroke: the search group's queries typed into a page that holds nothing but
 * a search box, at a given CPU throttling rate. For each key, when its event was made, its first keydown listener
 * ran, its keydown listeners were done and its `input` event began (page time): the part of a keystroke on Home
 * that comes before any of the app's code could answer, measured on the same machine in the same minutes. The
 * `slow` group reports its p95 beside `search_dom_p95_ms_10k_slow`.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {{ made: number, keydown: number, keydownDone: number, input: number }} KeyMoments
 */
import { throttle } from '../support/cdp.mjs';
import { PHONE } from '../support/pages.mjs';

/**
 * Types the first four keys of each of `queries` (the search group's), `rounds` times over, the box emptied between
 * queries, with a pause after each key about as long as a keystroke on Home takes to be timed, so that the page is
 * as idle between keys as Home is.
 * @param {Browser} browser @param {readonly string[]} queries
 * @param {{ rate: number, rounds?: number, keys?: number }} plan `keys` stops it sooner
 * @returns {Promise<KeyMoments[]>}
 */
export async function browserKeys(browser, queries, { rate, rounds = 1, keys: limit = Number.POSITIVE_INFINITY }) {
  const page = await browser.newPage({ viewport: PHONE });
  try {
    await page.setContent('<main><input type="search" aria-label="Search cards"></main>');
    await page.evaluate(watchKeyMoments);
    const session = await throttle(page, rate);
    const box = page.getByRole('searchbox', { name: 'Search cards' });
    /** @type {KeyMoments[]} */
    const keys = [];
    for (let pass = 1; pass <= rounds && keys.length < limit; pass++) {
      for (const query of queries) {
        await box.fill('');
        await box.focus();
        for (const key of query.slice(0, 4)) {
          if (keys.length >= limit) break;
          const before = await page.evaluate(() => /** @type {any} */ (window).__keyMoments.input);
          await page.keyboard.press(key);
          await page.waitForFunction((at) => /** @type {any} */ (window).__keyMoments.input > at, before);
          keys.push(await page.evaluate(() => ({ .../** @type {any} */ (window).__keyMoments })));
          await page.waitForTimeout(100);
        }
      }
    }
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return keys;
  } finally {
    await page.close();
  }
}

/** From a key's event made to its `input` event: all of the browser's part. @param {KeyMoments} key */
export const beforeInput = (key) => key.input - key.made;

/**
 * Keeps the moments of the last key as `window.__keyMoments`: its event made (the event's time stamp), its first
 * keydown listener (a capturing one on the window), its keydown listeners done (a bubbling one on the window, the
 * last to run) and its `input` event begun (a capturing listener on the window, the first to run). Runs in the page,
 * before any app.
 */
function watchKeyMoments() {
  /** @type {KeyMoments} */
  const moments = { made: 0, keydown: 0, keydownDone: 0, input: 0 };
  /** @type {any} */ (window).__keyMoments = moments;
  addEventListener(
    'keydown',
    (event) => {
      moments.made = event.timeStamp;
      moments.keydown = performance.now();
    },
    true,
  );
  addEventListener('keydown', () => (moments.keydownDone = performance.now()));
  addEventListener('input', () => (moments.input = performance.now()), true);
}
