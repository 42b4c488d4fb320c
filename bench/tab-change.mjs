/**
 * Another tab changes a full wallet while Home shows a search: `node bench/tab-change.mjs` loads Home with the
 * benchmark's 10,000 plain cards (the build already in `dist/`), searches for text no card holds, throttles the page,
 * and from a second tab of the same browser stores the cards again without one of them, as Sleeve in another tab
 * stores a deletion. It prints the time until the search's summary counts one card fewer and the page's tasks of 50
 * ms or more after the write. Options: `--runs=N` (default 3), `--throttle=R` (default 4), `--cards=N` (default
 * 10,000), `--pin` (the cards encrypted under a PIN, which the page is unlocked with first), `--functions` (the
 * page's CPU profile: the functions that took the most time of their own, from the write on).
 */
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData, plainWalletSeed } from './support/data.mjs';
import { freshPage, probeState, typePinUntilList } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { round } from './support/stats.mjs';
import { option, withFunctions } from './support/trace.mjs';

const QUERY = 'qzx';
const count = option('cards', 10_000);
const withPin = process.argv.includes('--pin');
const data = withPin ? await makeData({ small: 10, large: count, startup: 10 }) : null;
const seed = data
  ? { 'sleeve/cards': JSON.stringify(data.large.encrypted), 'sleeve/auth': JSON.stringify(data.auth) }
  : await plainWalletSeed(count);
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 1; run <= option('runs', 3); run++) {
    const { context, page } = await freshPage(browser, seed);
    try {
      await page.goto(`${app.url}/home`);
      if (data) await typePinUntilList(page, data.pin);
      await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
      await page.getByRole('searchbox', { name: 'Search cards' }).fill(QUERY);
      await page.waitForFunction(() => /** @type {any} */ (window).__bench.summaries.length > 0);
      // The index whole and the page quiet before the change.
      await page.waitForTimeout(1500);
      // Not Sleeve: a tab that only writes, as Sleeve in another tab stores a change.
      const other = await context.newPage();
      await other.goto(`${app.url}/manifest.webmanifest`);
      const session = await throttle(page, option('throttle', 4));
      if (withFunctions) await startProfile(session);
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
      await page.waitForTimeout(1500);
      const profile = withFunctions ? await session.send('Profiler.stop') : null;
      const state = await probeState(page);
      const shown = /** @type {{ changedAt: number }} */ (state.summaries.at(-1)).changedAt - from;
      const tasks = state.longTasks
        .map((start, index) => ({ start: start - from, ms: /** @type {number} */ (state.longTaskMs[index]) }))
        .filter((task) => task.start >= 0);
      const listed = tasks.map((task) => `at ${round(task.start)} ms, ${round(task.ms)} ms`).join('; ');
      console.log(
        `run ${run}: write to summary ${round(shown)} ms; ` +
          `tasks of 50 ms or more after the write: ${tasks.length}${listed ? ` (${listed})` : ''}`,
      );
      if (profile) printProfile(profile);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.close();
}

/** @param {import('playwright').CDPSession} session */
async function startProfile(session) {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
}

/** The functions with the most time of their own. @param {{ profile: any }} result */
function printProfile({ profile }) {
  const nodes = new Map(profile.nodes.map((/** @type {any} */ node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const self = new Map();
  profile.samples.forEach((/** @type {number} */ id, /** @type {number} */ index) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (['(idle)', '(program)'].includes(functionName)) return;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
}
