/**
 * A search begun the moment Home shows, before its search index is built: `node bench/early-search.mjs` loads Home
 * with the benchmark's 10,000 plain cards (the build already in `dist/`), the page throttled from the start, and as
 * soon as the first card is painted focuses the search box and types one key ('v'). It prints the time from the key
 * to the search's summary in the DOM and the page's tasks of 50 ms or more from the focus on (when each began, and
 * how long it took). Options: `--runs=N` (default 3), `--throttle=R` (default 4), `--cards=N` (default 10,000),
 * `--delay=MS` (a wait before the focus, default 0: with a few seconds the index is whole, for comparing).
 */
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { freshPage, probeState } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { round } from './support/stats.mjs';
import { option } from './support/trace.mjs';

const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const cards = Object.fromEntries(data.large.plain.map((card) => [card.id, card]));
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 1; run <= option('runs', 3); run++) {
    const { context, page } = await freshPage(browser, {
      'sleeve/cards': JSON.stringify({ type: 'UNENCRYPTED', cards }),
    });
    const rate = option('throttle', 4);
    if (rate > 1) await throttle(page, rate);
    await page.goto(`${app.url}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    const delay = option('delay', 0);
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
      .map((start, index) => ({ start, ms: /** @type {number} */ (state.longTaskMs[index]) }))
      .filter((task) => task.start >= from);
    const listed = tasks.map((task) => `at ${round(task.start - from)} ms, ${round(task.ms)} ms`).join('; ');
    console.log(
      `run ${run}: key to summary ${round(summary.changedAt - state.keydownAt)} ms; ` +
        `tasks of 50 ms or more from the focus on: ${tasks.length}${listed ? ` (${listed})` : ''}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
