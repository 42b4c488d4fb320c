/**
 * Another tab's change to a full wallet while Home shows a search: Home with a wallet of 10,000 cards searches for
 * text no card holds, the page is throttled, and a second tab of the same browser stores the cards again without
 * one of them, as Sleeve in another tab stores a deletion. The `search` group's throttled runs report it
 * (`long_tasks_tab_change_10k_slow`, `tab_change_ms_10k_slow`), and `node bench/tab-change.mjs` prints each run.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').CDPSession} CDPSession
 */
import { throttle } from '../support/cdp.mjs';
import { freshPage, probeState, typePinUntilList } from '../support/pages.mjs';

const QUERY = 'qzx';

/**
 * One run: the time from the other tab's write to the summary that counts one card fewer, and the page's tasks of 50
 * ms or more after the write (when each began after it, and how long it took).
 * @param {Browser} browser @param {string} appUrl @param {Record<string, string>} seed
 * @param {{ rate: number, count: number, pin?: string, profile?: boolean }} options `pin`: the seed is encrypted
 * under it, and the page is unlocked with it first; `profile`: the page's CPU profile from the write on, returned
 */
export async function tabChange(browser, appUrl, seed, { rate, count, pin, profile = false }) {
  const { context, page } = await freshPage(browser, seed);
  try {
    await page.goto(`${appUrl}/home`);
    if (pin) await typePinUntilList(page, pin);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    await page.getByRole('searchbox', { name: 'Search cards' }).fill(QUERY);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.summaries.length > 0);
    // The index whole and the page quiet before the change.
    await page.waitForTimeout(1500);
    // Not Sleeve: a tab that only writes, as Sleeve in another tab stores a change.
    const other = await context.newPage();
    await other.goto(`${appUrl}/manifest.webmanifest`);
    const session = await throttle(page, rate);
    if (profile) await startProfile(session);
    await page.waitForTimeout(300);
    const from = await page.evaluate(() => performance.now());
    await other.evaluate(() => {
      const stored = JSON.parse(/** @type {string} */ (localStorage.getItem('sleeve/cards')));
      delete stored.cards[/** @type {string} */ (Object.keys(stored.cards)[5])];
      // As Sleeve stores it: one byte a character (src/storage/cards-text.ts).
      const text = JSON.stringify(stored).replace(
        /[\u0100-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      localStorage.setItem('sleeve/cards', text);
    });
    await page.waitForFunction(
      (left) => /** @type {any} */ (window).__bench.summaries.at(-1)?.text?.includes(` out of ${left} card`),
      String(count - 1),
      { timeout: 60_000 },
    );
    // The new list's index slices, and its paint, are over by then.
    await page.waitForTimeout(1500);
    const cpu = profile ? /** @type {{ profile: any }} */ (await session.send('Profiler.stop')) : null;
    const state = await probeState(page);
    const shown = /** @type {{ changedAt: number }} */ (state.summaries.at(-1)).changedAt - from;
    const tasks = state.longTasks
      .map((start, index) => ({ start: start - from, ms: /** @type {number} */ (state.longTaskMs[index]) }))
      .filter((task) => task.start >= 0);
    return { ms: shown, tasks, cpu };
  } finally {
    await context.close();
  }
}

/** @param {CDPSession} session */
async function startProfile(session) {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
}
