/**
 * `npm run bench`: every benchmark against the production build in headless Chromium (and Node where stated).
 * Prints a table and writes bench/results.json, a flat object of the named figures (medians of repeated runs, p95
 * for search keystrokes and live updates) with their run counts. Over-budget figures are reported, never a failure:
 * exit 0.
 *
 *   node bench/run.mjs            full sizes (1,000 / 10,000 / 100 cards) → bench/results.json
 *   node bench/run.mjs --tiny     20 / 50 / 20 cards, 1-2 runs → bench/results.tiny.json (the test suite's smoke run)
 *   --runs=N                      runs of each heavy scenario (default 7; kdf runs 2N+1; search keystrokes 6N)
 *   --only=engine,unlock,…        only these groups; results are still written (to bench/results.partial.json)
 *
 * Groups: engine, unlock, search (typing, then flings down the list: bench/groups/scroll.mjs), startup
 * (bench/groups/<name>.mjs); slow (the start-up, unlock, search, scroll, open, merge,
 * import and export scenarios again with the CPU throttled 4×, each beside its unthrottled partner, which therefore
 * runs too); heap
 * (read in the unlock runs' pages, which therefore run too); account (join, live update, outbox, the change of password; against the local backend); transfer (import and
 * export); passkey; scan (the scanner with the stand-in camera, and the card reader on the corpus's held-out photos). Figures that have a partner are measured in the same run, interleaved, so their ratio holds on a
 * noisy machine.
 */
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { accountFigures } from './groups/account.mjs';
import { benchPage, derivationFigures, engineFigures, mergeFigures, openFigures } from './groups/engine.mjs';
import { heapFigures } from './groups/heap.mjs';
import { passkeyFigures } from './groups/passkey.mjs';
import { scanFigures } from './groups/scan.mjs';
import { searchFigures } from './groups/search.mjs';
import { SlowRuns } from './groups/slow.mjs';
import { startupFigures } from './groups/startup.mjs';
import { transferFigures } from './groups/transfer.mjs';
import { UnlockRuns, unlockRun } from './groups/unlock.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { table } from './support/budgets.mjs';
import { makeData } from './support/data.mjs';
import { firstTouchNote, watchMachine } from './support/machine.mjs';
import { contextDefaults, log, pace } from './support/pages.mjs';
import { ROOT, serveApp, serveHarness } from './support/servers.mjs';
import { writeSpeedFactor } from './support/speed.mjs';
import { round } from './support/stats.mjs';

/** @typedef {import('./support/pages.mjs').Results} Results */

const ALL_GROUPS = ['engine', 'unlock', 'search', 'startup', 'slow', 'heap', 'account', 'transfer', 'passkey', 'scan'];

const args = process.argv.slice(2);
const tiny = args.includes('--tiny') || process.env.BENCH_TINY === '1';
const runsArg = Number(
  args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? process.env.BENCH_RUNS,
);
const heavyRuns = Number.isInteger(runsArg) && runsArg > 0 ? runsArg : tiny ? 1 : 7;
const RUNS = {
  kdf: tiny ? 2 : 2 * heavyRuns + 1,
  heavy: heavyRuns,
  search: tiny ? 4 : 6 * heavyRuns,
  // The transfers and joins are long.
  transfer: Math.min(heavyRuns, 5),
  join: Math.min(heavyRuns, 5),
  live: tiny ? 1 : 20,
  outbox: Math.min(heavyRuns, 3),
  // Each run launches a browser of its own (the camera's clip is chosen at launch).
  scan: tiny ? 1 : heavyRuns,
};
const SIZES = tiny ? { small: 20, large: 50, startup: 20 } : { small: 1000, large: 10000, startup: 100 };
const onlyArg = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const GROUPS = new Set(onlyArg ? onlyArg.split(',') : ALL_GROUPS);
for (const name of GROUPS) {
  if (!ALL_GROUPS.includes(name)) throw new Error(`Unknown group '${name}': choose from ${ALL_GROUPS.join(', ')}`);
}
// The smoke run times nothing: no need to type at a person's pace, nor to install the service worker every time.
if (tiny) {
  pace.keyMs = 20;
  contextDefaults.serviceWorkers = 'block';
}
const OUT = join(
  ROOT,
  tiny ? 'bench/results.tiny.json' : onlyArg ? 'bench/results.partial.json' : 'bench/results.json',
);

/**
 * The engine group's page and the derivation loop, which carries the unlock runs (and their throttled partners) so
 * that `kdf_ms` is the derivation of the same minutes.
 * @param {import('playwright').Browser} browser @param {string} harnessUrl @param {string} appUrl
 * @param {Awaited<ReturnType<typeof makeData>>} data @param {Results} results @param {SlowRuns | null} slowRuns
 */
async function engineAndUnlock(browser, harnessUrl, appUrl, data, results, slowRuns) {
  const heap = GROUPS.has('heap');
  const withUnlock = GROUPS.has('unlock') || slowRuns !== null || heap;
  const { page, call } = await benchPage(browser, harnessUrl, data);
  /** @type {Awaited<ReturnType<typeof benchPage>> | null} */
  let slowBench = null;
  try {
    log(
      `kdf: ${RUNS.kdf} runs, worker and node:crypto interleaved` +
        (withUnlock
          ? `; ${RUNS.heavy} unlocks each of ${SIZES.small} and ${SIZES.large} cards among them` +
            (slowRuns ? `, and of ${SIZES.small} throttled` : '') +
            (heap ? ', their heaps read' : '')
          : ''),
    );
    const unlocks = new UnlockRuns();
    /** @type {{ small: import('./groups/heap.mjs').Heaps[], large: import('./groups/heap.mjs').Heaps[] }} */
    const heaps = { small: [], large: [] };
    const between = withUnlock
      ? async () => {
          if (unlocks.count >= RUNS.heavy) return;
          const run = await unlockRun(browser, appUrl, data, { turn: unlocks.count, slow: !!slowRuns, heap });
          unlocks.add(run);
          if (run.slow && slowRuns) {
            const { ms, keypad, longTasks, kdf } = run.slow;
            slowRuns.unlock.push({ ms, keypad, longTasks, kdf: /** @type {number} */ (kdf) });
            slowRuns.kdfPartner.push(/** @type {number} */ (run.small.kdf));
            if (run.slow.loops && run.small.loops) {
              slowRuns.reach.push({
                main: run.slow.loops.main / run.small.loops.main,
                worker: run.slow.loops.worker / run.small.loops.worker,
              });
            }
          }
          if (run.small.heaps && run.large.heaps) {
            heaps.small.push(run.small.heaps);
            heaps.large.push(run.large.heaps);
          }
        }
      : null;
    await derivationFigures(call, data, results, RUNS.kdf, between);
    if (GROUPS.has('unlock') || slowRuns) unlocks.report(results);
    if (heap) heapFigures(results, heaps);
    // The throttled bench page opens only now, past the unlocks: a throttled page open in the browser slows its
    // other pages (bench/groups/engine.mjs `benchPage`).
    slowBench = slowRuns ? await benchPage(browser, harnessUrl, data, { slow: true }) : null;
    const plan = { runs: RUNS.heavy, sizes: SIZES };
    const opens = () => openFigures(call, results, plan, slowBench?.call ?? null, slowRuns);
    const merges = () => mergeFigures(call, results, plan, slowBench?.call ?? null, slowRuns);
    if (GROUPS.has('engine')) await engineFigures(call, results, plan, opens, merges);
    else if (slowRuns) {
      await opens();
      await merges();
    }
  } finally {
    await page.close();
    await slowBench?.page.close();
  }
}

async function main() {
  const started = performance.now();
  /** @type {Results} */
  const results = { date: new Date().toISOString().slice(0, 10), cores: cpus().length, tiny };
  const machine = await watchMachine();
  log(`sleeve bench${tiny ? ' (tiny)' : ''}: ${SIZES.small} / ${SIZES.large} / ${SIZES.startup} cards`);
  const [data, app, harness] = await Promise.all([makeData(SIZES), serveApp(), serveHarness()]);
  const browser = await launchBenchBrowser();
  const slowRuns = GROUPS.has('slow') ? new SlowRuns() : null;
  /** @type {[string, () => Promise<void>][]} each group's work, in the order a full run takes them */
  const groups = [];
  if (GROUPS.has('engine') || GROUPS.has('unlock') || slowRuns || GROUPS.has('heap')) {
    groups.push(['engine and unlock', () => engineAndUnlock(browser, harness.url, app.url, data, results, slowRuns)]);
  }
  if (GROUPS.has('search') || slowRuns) {
    groups.push(['search', () => searchFigures(browser, app.url, data, results, { samples: RUNS.search, slowRuns })]);
  }
  if (GROUPS.has('startup') || slowRuns) {
    groups.push(['startup', () => startupFigures(browser, app.url, data, results, { runs: RUNS.heavy, slowRuns })]);
  }
  if (GROUPS.has('transfer') || slowRuns) {
    const plan = { runs: RUNS.transfer, slowRuns };
    groups.push(['transfer', () => transferFigures(browser, app.url, data, results, plan)]);
  }
  if (GROUPS.has('scan')) {
    groups.push(['scan', () => scanFigures(app.url, results, { runs: RUNS.scan, corpus: !tiny })]);
  }
  if (GROUPS.has('passkey')) {
    groups.push(['passkey', () => passkeyFigures(browser, app.url, data, results, { runs: RUNS.heavy })]);
  }
  if (GROUPS.has('account')) {
    const plan = { joins: RUNS.join, live: RUNS.live, outbox: RUNS.outbox };
    groups.push(['account', () => accountFigures(browser, app.url, harness.accountUrl, data, results, plan)]);
  }
  /** Runs one group's work and says how long it took. @param {[string, () => Promise<void>]} group */
  const timed = async ([name, work]) => {
    const start = performance.now();
    await work();
    log(`  (${name}: ${round((performance.now() - start) / 1000)} s)`);
  };
  try {
    // One after another, so no group's figures include another's work; the smoke run, which times nothing, runs
    // them all at once to stay short.
    if (tiny) await Promise.all(groups.map(timed));
    else for (const group of groups) await timed(group);
    slowRuns?.report(results);
  } finally {
    await browser.close();
    await harness.close();
    await app.close();
  }
  await writeSpeedFactor(results);
  Object.assign(results, await machine.end());
  await writeFile(OUT, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `${table(results, tiny)}\n\nload average ${results.load_average_start} → ${results.load_average_end}, ` +
      `CPU steal ${results.cpu_steal_pct ?? '?'} %, ${results.memory_first_touch_us} µs a page of memory on first use, ` +
      `speed factor ${results.speed_factor} ` +
      `(kdf_openssl_ms ${results.kdf_openssl_ms} / 110; every absolute budget above is multiplied by it)\n` +
      `${firstTouchNote(results)}wrote ${OUT.slice(ROOT.length)} in ${round((performance.now() - started) / 1000)} s\n`,
  );
}

await main();
