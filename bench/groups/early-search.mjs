/**
 * A search begun the moment Home shows, before its search index is built: a cold load of Home with a full wallet,
 * throttled from the start, and as soon as the first card is painted the search box focused and one key typed ('v').
 * The `search` group's throttled runs report it (`long_tasks_search_early_10k_slow`, `search_early_ms_10k_slow`), and
 * `node bench/early-search.mjs` prints each run.
 *
 * @typedef {import('playwright').Browser} Browser
 */
import { throttle } from '../support/cdp.mjs';
import { freshPage, probeState } from '../support/pages.mjs';

/**
 * One run: the key's time to the search's summary in the DOM, and the page's tasks of 50 ms or more from the focus
 * on (when each began after the focus, and how long it took).
 * @param {Browser} browser @param {string} appUrl @param {Record<string, string>} seed
 * @param {{ rate: number, delay?: number }} options `delay`: a wait before the focus (with a few seconds the index
 * is whole, for comparing)
 */
export async function earlySearch(browser, appUrl, seed, { rate, delay = 0 }) {
  const { context, page } = await freshPage(browser, seed);
  try {
    if (rate > 1) await throttle(page, rate);
    await page.goto(`${appUrl}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    if (delay > 0) await page.waitForTimeout(delay);
    // Found before the timing starts: the driver's search of the page by role is a long task of its own at 4×.
    const box = await page.getByRole('searchbox', { name: 'Search cards' }).elementHandle();
    const from = await page.evaluate(() => performance.now());
    await box?.focus();
    await page.keyboard.press('v');
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.summaries.length > 0, null, {
      timeout: 30_000,
    });
    // The index's slices, if any were left, and the list's paint are over by then.
    await page.waitForTimeout(1500);
    const state = await probeState(page);
    const summary = /** @type {{ changedAt: number }} */ (state.summaries.at(-1));
    const tasks = state.longTasks
      .map((start, index) => ({ start: start - from, ms: /** @type {number} */ (state.longTaskMs[index]) }))
      .filter((task) => task.start >= 0);
    return { ms: summary.changedAt - state.keydownAt, tasks };
  } finally {
    await context.close();
  }
}
