/**
 * Throttled keystrokes in Home's search, many more than the `search` group types at 4×, for comparing two builds:
 * `node bench/search-keys.mjs` opens Home with the benchmark's 10,000 plain cards (the build already in `dist/`),
 * and types the group's queries (their first four keys each) with the page throttled, the box emptied (throttled
 * too) between queries. It prints each key's time from its keydown to the summary's change in the DOM, then the
 * median and p95 of those times and the page's tasks of 50 ms or more, those while typing apart from those while
 * emptying the box. Then the same times in four parts, median and p95 of each: the key waiting for the page
 * (its event made, its first listener not yet run), the keydown's own listeners, the browser's editing (the keydown
 * done, the box's `input` event not yet dispatched) and the app's answer (that event until the summary changed: the
 * search, React's render and commit of the rows). Last, the first three parts, and their sum, for the same keys
 * typed into a page with nothing but a search box (every key there, as no count changes): the browser's own share
 * of a key, which no app's code can take back. Options: `--rounds=N` (default 3), `--throttle=R` (default 4),
 * `--cards=N` (default 10,000).
 */

import { beforeInput, browserKeys, watchKeyMoments } from './groups/browser-keys.mjs';
import { QUERIES } from './groups/search.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { freshPage, probeState } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { median, percentile, round } from './support/stats.mjs';
import { option } from './support/trace.mjs';

const rate = option('throttle', 4);
const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  const cards = Object.fromEntries(data.large.plain.map((card) => [card.id, card]));
  const { page } = await freshPage(browser, { 'sleeve/cards': JSON.stringify({ type: 'UNENCRYPTED', cards }) });
  await page.addInitScript(watchKeyMoments);
  await page.goto(`${app.url}/home`);
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
  // Home's search index is built while the page is idle.
  await page.waitForTimeout(800);
  const session = await throttle(page, 1);
  const box = page.getByRole('searchbox', { name: 'Search cards' });
  /** @type {number[]} */
  const times = [];
  /** @type {(KeyMoments & { changedAt: number })[]} */
  const parts = [];
  const started = (await probeState(page)).longTasks.length;
  // When each emptying of the box began and ended (page time): the long tasks between are the emptying's.
  /** @type {[number, number][]} */
  const emptyings = [];
  const now = () => page.evaluate(() => performance.now());
  for (let pass = 1; pass <= option('rounds', 3); pass++) {
    for (const query of QUERIES) {
      // Emptied throttled too, as the `search` group does: every row in view then shows another card.
      await session.send('Emulation.setCPUThrottlingRate', { rate });
      const from = await now();
      await box.fill('');
      await page.waitForTimeout(200);
      emptyings.push([from, await now()]);
      await box.focus();
      /** @type {string[]} */
      const line = [];
      for (const key of query.slice(0, 4)) {
        const before = await page.evaluate(() => /** @type {any} */ (window).__bench.summaries.length);
        await page.keyboard.press(key);
        const changed = await page
          .waitForFunction((count) => /** @type {any} */ (window).__bench.summaries.length > count, before, {
            polling: 'raf',
            timeout: 700,
          })
          .then(() => true)
          // The count shown did not change (the same cards match): nothing to time.
          .catch(() => false);
        if (!changed) continue;
        const { took, key: keyParts } = await page.evaluate(() => {
          const state = /** @type {any} */ (window).__bench;
          const changedAt = state.summaries.at(-1).changedAt;
          /** @type {KeyMoments} */
          const moments = /** @type {any} */ (window).__keyMoments;
          return { took: changedAt - state.keydownAt, key: { ...moments, changedAt } };
        });
        times.push(took);
        parts.push(keyParts);
        line.push(`${key} ${round(took)}`);
      }
      await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      console.log(`  ${JSON.stringify(query.slice(0, 4))}: ${line.join(', ')}`);
    }
  }
  const state = await probeState(page);
  const long = state.longTaskMs.slice(started);
  const emptying = state.longTasks.slice(started).map((at) => emptyings.some(([from, to]) => at >= from && at < to));
  /** @param {boolean} whileEmptying */
  const listed = (whileEmptying) => {
    const these = long.filter((_, index) => emptying[index] === whileEmptying);
    return `${these.length}${these.length ? ` (${these.map((ms) => round(ms)).join(', ')} ms)` : ''}`;
  };
  console.log(
    `${times.length} keys at ${rate}×: DOM median ${round(median(times))} ms, p95 ${round(percentile(times, 95))} ms`,
  );
  /** @type {[string, (key: KeyMoments) => number][]} */
  const beforeTheApp = [
    ['waiting for the page', (key) => key.keydown - key.made],
    ['the keydown', (key) => key.keydownDone - key.keydown],
    ["the browser's editing", (key) => key.input - key.keydownDone],
  ];
  /** @type {[string, (key: KeyMoments & { changedAt: number }) => number][]} */
  const spans = [...beforeTheApp, ["the app's answer", (key) => key.changedAt - key.input]];
  for (const [name, span] of spans) {
    const list = parts.map(span);
    console.log(`  ${name}: median ${round(median(list))} ms, p95 ${round(percentile(list, 95))} ms`);
  }
  console.log(`tasks of 50 ms or more: ${listed(false)} typing, ${listed(true)} emptying the box`);
  await browserAlone(beforeTheApp);
} finally {
  await browser.close();
  await app.close();
}

/**
 * The same keys, at the same rate, typed into a page that holds nothing but a search box: what the browser takes
 * before any app could answer (the first three parts above). A budget for the whole key has to leave it room.
 * @param {[string, (key: KeyMoments) => number][]} spans
 */
async function browserAlone(spans) {
  const keys = await browserKeys(browser, QUERIES, { rate, rounds: option('rounds', 3) });
  console.log(`${keys.length} keys at ${rate}× into a page with only a search box:`);
  /** @type {[string, (key: KeyMoments) => number]} */
  const inAll = ['in all, until its input event', beforeInput];
  for (const [name, span] of [...spans, inAll]) {
    const list = keys.map(span);
    console.log(`  ${name}: median ${round(median(list))} ms, p95 ${round(percentile(list, 95))} ms`);
  }
}

/** @typedef {import('./groups/browser-keys.mjs').KeyMoments} KeyMoments */
