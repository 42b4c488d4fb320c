/**
 * `npm run bench`: every benchmark against the production build in headless Chromium (and Node where stated).
 * Prints a table and writes bench/results.json, a flat object of the named figures (medians of repeated runs, p95
 * for search keystrokes) with their run counts. Over-budget figures are reported, never a failure: exit 0.
 *
 *   node bench/run.mjs            full sizes (1,000 / 10,000 / 100 cards) → bench/results.json
 *   node bench/run.mjs --tiny     20 / 50 / 20 cards, 1-2 runs → bench/results.tiny.json (the test suite's smoke run)
 *   --runs=N                      runs of each heavy scenario (default 7; kdf runs 2N+1; search keystrokes 6N)
 *   --only=engine,unlock,…        only these groups (engine, unlock, search, startup); results are still written
 *
 * Figures that have a partner are measured in the same run, interleaved, so their ratio holds on a noisy machine.
 */
import { pbkdf2 } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, requireChromium } from '../scripts/chromium.mjs';
import { loadSearch, makeData } from './support/data.mjs';
import { KDF_ITERATIONS } from './support/encrypt.mjs';
import { probe } from './support/probe.mjs';
import { DIST, ROOT, serveApp, serveHarness } from './support/servers.mjs';
import { median, percentile, round } from './support/stats.mjs';

/**
 * @typedef {import('./harness/main.ts').Bench} Bench
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').Page} Page
 * @typedef {{ longTasks: number[], longTaskMs: number[], keydownAt: number, firstCardAt: number | null, summaries: { text: string | null, changedAt: number, at: number }[] }} Probe
 * @typedef {Record<string, number | string | boolean | null>} Results
 */

const args = process.argv.slice(2);
const tiny = args.includes('--tiny') || process.env.BENCH_TINY === '1';
const runsArg = Number(
  args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? process.env.BENCH_RUNS,
);
const heavyRuns = Number.isInteger(runsArg) && runsArg > 0 ? runsArg : tiny ? 1 : 7;
const RUNS = { kdf: tiny ? 2 : 2 * heavyRuns + 1, heavy: heavyRuns, search: tiny ? 4 : 6 * heavyRuns };
const SIZES = tiny ? { small: 20, large: 50, startup: 20 } : { small: 1000, large: 10000, startup: 100 };
const onlyArg = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const GROUPS = new Set(onlyArg ? onlyArg.split(',') : ['engine', 'unlock', 'search', 'startup']);
const OUT = join(
  ROOT,
  tiny ? 'bench/results.tiny.json' : onlyArg ? 'bench/results.partial.json' : 'bench/results.json',
);

/** Long-task observers report after the task ends; give them a moment before counting. @param {Page} page */
const settle = (page) => page.waitForTimeout(150);

/** @param {Page} page */
const probeState = (page) =>
  page.evaluate(() => {
    const { longTasks, longTaskMs, keydownAt, firstCardAt, summaries } = /** @type {any} */ (window).__bench;
    return /** @type {Probe} */ ({ longTasks, longTaskMs, keydownAt, firstCardAt, summaries });
  });

/** @param {Page} page @param {number} from */
const longTasksSince = async (page, from) => {
  await settle(page);
  const { longTasks, longTaskMs } = await probeState(page);
  const durations = longTaskMs.filter((_, index) => (longTasks[index] ?? 0) >= from);
  return { count: durations.length, longest: durations.length === 0 ? 0 : Math.max(...durations) };
};

function log(/** @type {string} */ line) {
  process.stderr.write(`${line}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Engine figures, on the bench page: derivation against OpenSSL, derivation counts, opening, merging.

/**
 * The bench page, with the data set, and a typed way to call its `window.bench`.
 * @param {Browser} browser
 * @param {string} harnessUrl
 * @param {Awaited<ReturnType<typeof makeData>>} data
 */
async function benchPage(browser, harnessUrl, data) {
  const page = await browser.newPage();
  await page.goto(harnessUrl);
  await page.waitForSelector('body[data-ready]');
  /**
   * Calls one method of the page's `window.bench` with JSON-able arguments.
   * @type {<M extends keyof Bench>(method: M, ...args: Parameters<Bench[M]>) => Promise<Awaited<ReturnType<Bench[M]>>>}
   */
  const call = (method, ...args) =>
    page.evaluate(
      ([name, list]) => /** @type {any} */ (window).bench[name](...list),
      /** @type {const} */ ([method, args]),
    );
  await call('setData', {
    pin: data.pin,
    newPin: data.newPin,
    record: data.record,
    collections: {
      small: data.small.encrypted,
      large: data.large.encrypted,
      mergeLocal: data.merge.local,
      mergeRemote: data.merge.remote,
    },
  });
  return { page, call };
}

/** @typedef {Awaited<ReturnType<typeof benchPage>>['call']} Call */

/**
 * The derivation, with its partners beside it: each run times PBKDF2 in the worker and in OpenSSL (alternating which
 * goes first, so neither always runs on a warmer or hotter core), and every other run also unlocks the app with
 * 1,000 and 10,000 cards. A 2-core machine's speed drifts over a minute; measured this way `kdf_ms` is the
 * derivation of the same minutes as the unlocks it is the budget for.
 * @param {Browser} browser
 * @param {Call} call
 * @param {string} appUrl
 * @param {Awaited<ReturnType<typeof makeData>>} data
 * @param {Results} results
 * @param {boolean} withUnlock
 */
async function derivationFigures(browser, call, appUrl, data, results, withUnlock) {
  log(
    `kdf: ${RUNS.kdf} runs, worker and node:crypto interleaved` +
      (withUnlock ? `; ${RUNS.heavy} unlocks each of ${SIZES.small} and ${SIZES.large} cards among them` : ''),
  );
  const salt = Buffer.from(data.record.salt, 'base64');
  const nodePbkdf2 = promisify(pbkdf2);
  /** @type {number[]} */
  const worker = [];
  /** @type {number[]} */
  const openssl = [];
  const timeOpenssl = async () => {
    const start = performance.now();
    await nodePbkdf2(data.pin, salt, KDF_ITERATIONS, 32, 'sha512');
    openssl.push(performance.now() - start);
  };
  const timeWorker = async () => worker.push(await call('kdf'));
  const unlocks = new UnlockRuns();
  for (let run = 0; run < RUNS.kdf; run++) {
    if (run % 2 === 0) {
      await timeWorker();
      await timeOpenssl();
    } else {
      await timeOpenssl();
      await timeWorker();
      if (withUnlock && unlocks.count < RUNS.heavy) {
        unlocks.add('small', await unlockOnce(browser, appUrl, data, data.small.encrypted));
        unlocks.add('large', await unlockOnce(browser, appUrl, data, data.large.encrypted));
      }
    }
  }
  results.kdf_ms = round(median(worker));
  results.kdf_openssl_ms = round(median(openssl));
  results.kdf_ratio = round(/** @type {number} */ (median(worker)) / /** @type {number} */ (median(openssl)), 3);
  results.kdf_runs = RUNS.kdf;
  if (withUnlock) unlocks.report(results);
}

/**
 * @param {Call} call
 * @param {Results} results
 */
async function engineFigures(call, results) {
  /** @type {number[]} */
  const first = [];
  for (let run = 0; run < RUNS.heavy; run++) first.push(await call('firstKdf'));
  results.kdf_first_in_worker_ms = round(median(first));

  log('derivations: unlock, verify, change password');
  const counts = await call('derivations', 'small');
  results.derivations_unlock = counts.unlock;
  results.derivations_verify = counts.verify;
  results.derivations_change_password = counts.changePassword;
  results.derivations_runs = 1;

  log(`open: ${RUNS.heavy} cold opens each of ${SIZES.small} and ${SIZES.large} encrypted cards`);
  /** @type {number[]} */
  const openSmall = [];
  /** @type {number[]} */
  const openLarge = [];
  for (let run = 0; run < RUNS.heavy; run++) {
    const small = await call('open', 'small');
    const large = await call('open', 'large');
    if (small.cards !== SIZES.small || large.cards !== SIZES.large) throw new Error('open returned the wrong cards');
    openSmall.push(small.ms);
    openLarge.push(large.ms);
  }
  results.open_1k_ms = round(median(openSmall));
  results.open_10k_ms = round(median(openLarge));
  results.open_runs = RUNS.heavy;

  log(`merge: ${RUNS.heavy} merges of ${SIZES.large} remote cards into ${SIZES.large} local`);
  /** @type {number[]} */
  const mergeMs = [];
  /** @type {number[]} */
  const mergeLong = [];
  for (let run = 0; run < RUNS.heavy; run++) {
    const merged = await call('merge', 'mergeLocal', 'mergeRemote');
    if (merged.cards !== SIZES.large * 1.5) throw new Error(`merge gave ${merged.cards} cards`);
    mergeMs.push(merged.ms);
    mergeLong.push(merged.longTasks);
  }
  results.merge_10k_ms = round(median(mergeMs));
  results.long_tasks_merge_10k = median(mergeLong);
  results.long_tasks_merge_10k_max = Math.max(...mergeLong);
  results.merge_runs = RUNS.heavy;
}

// ---------------------------------------------------------------------------------------------------------------
// App figures: the production build driven as a person would, timed by the injected probe.

/**
 * A fresh context (empty storage and cache) whose pages start with `seed` in localStorage and the probe running.
 * @param {Browser} browser
 * @param {Record<string, string> | null} seed
 */
async function freshPage(browser, seed) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  await context.addInitScript(probe, { seed });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A quick person's pace on the keypad. The PIN is typed as a person types it, not in the 50 ms that scripted key
 * presses take: what is timed is the wait after the sixth digit, and a person's first five digits give the page
 * time to finish loading and the worker time to start, as they do here.
 */
const PIN_KEY_INTERVAL_MS = 150;

/**
 * PIN submit → list painted: the sixth digit's keydown to the paint after the first card link appears.
 * @param {Browser} browser
 * @param {string} appUrl
 * @param {Awaited<ReturnType<typeof makeData>>} data
 * @param {import('./support/encrypt.mjs').EncryptedCollection} collection
 */
async function unlockOnce(browser, appUrl, data, collection) {
  const seed = { 'sleeve/cards': JSON.stringify(collection), 'sleeve/auth': JSON.stringify(data.auth) };
  const { context, page } = await freshPage(browser, seed);
  try {
    await page.goto(`${appUrl}/pin/unlock`);
    await page.getByRole('group', { name: 'PIN keypad' }).waitFor();
    for (const digit of data.pin.slice(0, -1)) {
      await page.keyboard.press(digit);
      await page.waitForTimeout(PIN_KEY_INTERVAL_MS);
    }
    // One call that resolves when the list is painted, made before the last digit: nothing of the benchmark's
    // own (polling, script injection) runs in the page while it unlocks.
    const painted = page.evaluate(() => /** @type {any} */ (window).__bench.firstCardPainted);
    await page.keyboard.press(data.pin.slice(-1));
    await painted;
    const state = await probeState(page);
    const ms = /** @type {number} */ (state.firstCardAt) - state.keydownAt;
    const long = await longTasksSince(page, state.keydownAt);
    return { ms, longTasks: long.count, longestTask: long.longest };
  } finally {
    await context.close();
  }
}

/** Unlock runs of the two sizes, and their figures. */
class UnlockRuns {
  /** @type {Record<'small' | 'large', { ms: number[], longTasks: number[], longest: number[] }>} */
  runs = { small: { ms: [], longTasks: [], longest: [] }, large: { ms: [], longTasks: [], longest: [] } };

  get count() {
    return this.runs.small.ms.length;
  }

  /** @param {'small' | 'large'} size @param {Awaited<ReturnType<typeof unlockOnce>>} run */
  add(size, run) {
    this.runs[size].ms.push(run.ms);
    this.runs[size].longTasks.push(run.longTasks);
    this.runs[size].longest.push(run.longestTask);
  }

  /** @param {Results} results */
  report(results) {
    const { small, large } = this.runs;
    results.unlock_to_list_ms_1k = round(median(small.ms));
    results.unlock_to_list_ms_10k = round(median(large.ms));
    results.long_tasks_unlock = median(small.longTasks);
    results.long_tasks_unlock_max = Math.max(...small.longTasks);
    results.longest_task_unlock_ms = round(median(small.longest));
    results.long_tasks_open_10k = median(large.longTasks);
    results.long_tasks_open_10k_max = Math.max(...large.longTasks);
    results.longest_task_open_10k_ms = round(median(large.longest));
    results.unlock_runs = this.count;
  }
}

/** Queries typed one key at a time (ASCII only: each must be a real key press); the box is cleared between them. */
const QUERIES = ['ada', 'first bank', '4111', 'visa', 'grace hopper', 'alan', 'credit union', '52', 'amex', 'turing'];

/** @param {Browser} browser @param {string} appUrl @param {Awaited<ReturnType<typeof makeData>>} data @param {Results} results */
async function searchFigures(browser, appUrl, data, results) {
  log(`search: ${RUNS.search} keystrokes over ${SIZES.large} cards`);
  const { searchCards, toSearchEntry } = await loadSearch();
  const entries = data.large.plain.map(toSearchEntry);
  const total = data.large.plain.length;
  /** @param {string} query */
  const summaryFor = (query) =>
    query.trim() === '' ? null : `Showing ${searchCards(entries, query).length} out of ${total} card(s)`;

  const seed = {
    'sleeve/cards': JSON.stringify({
      type: 'UNENCRYPTED',
      cards: Object.fromEntries(data.large.plain.map((card) => [card.id, card])),
    }),
  };
  const { context, page } = await freshPage(browser, seed);
  /** @type {number[]} */
  const samples = [];
  /** @type {number[]} keystroke → the filtered list in the DOM, before the frame that paints it */
  const domSamples = [];
  /** @type {number[]} */
  const longTasks = [];
  try {
    await page.goto(`${appUrl}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    const box = page.getByRole('searchbox', { name: 'Search cards' });
    for (let index = 0; samples.length < RUNS.search; index++) {
      const query = /** @type {string} */ (QUERIES[index % QUERIES.length]);
      await box.fill('');
      await page.waitForFunction(() => !document.querySelector('.search-summary'));
      await box.focus();
      let shown = summaryFor('');
      for (let length = 1; length <= query.length && samples.length < RUNS.search; length++) {
        const expected = summaryFor(query.slice(0, length));
        await page.keyboard.press(/** @type {string} */ (query[length - 1]));
        if (expected === shown) {
          // Nothing on screen changes for this keystroke, so there is no paint to time; let it settle.
          await page.waitForTimeout(40);
          continue;
        }
        shown = expected;
        const handle = await page.waitForFunction(
          (text) => {
            const state = /** @type {Probe} */ (/** @type {any} */ (window).__bench);
            const painted = state.summaries.find((entry) => entry.text === text && entry.at > state.keydownAt);
            if (!painted) return null;
            return {
              ms: painted.at - state.keydownAt,
              dom: painted.changedAt - state.keydownAt,
              from: state.keydownAt,
            };
          },
          expected,
          { polling: 'raf', timeout: 10_000 },
        );
        const { ms, dom, from } = /** @type {{ ms: number, dom: number, from: number }} */ (await handle.jsonValue());
        samples.push(ms);
        domSamples.push(dom);
        longTasks.push(from);
      }
    }
    await settle(page);
    const state = await probeState(page);
    const first = Math.min(...longTasks);
    results.long_tasks_search_10k = state.longTasks.filter((start) => start >= first).length;
  } finally {
    await context.close();
  }
  results.search_p95_ms_10k = round(percentile(samples, 95));
  results.search_median_ms_10k = round(median(samples));
  results.search_dom_p95_ms_10k = round(percentile(domSamples, 95));
  results.search_runs = samples.length;
}

/**
 * Navigation → first card painted, 100 plain cards, each run in a fresh context (empty cache). The first run also
 * records every script the page loads, for the size figures.
 * @param {Browser} browser @param {string} appUrl @param {Awaited<ReturnType<typeof makeData>>} data @param {Results} results
 */
async function startupFigures(browser, appUrl, data, results) {
  log(`startup: ${RUNS.heavy} cold loads of /home with ${SIZES.startup} plain cards`);
  /** @type {number[]} */
  const times = [];
  /** @type {Map<string, Buffer>} */
  const scripts = new Map();
  /** @type {string[]} */
  const workers = [];
  for (let run = 0; run < RUNS.heavy; run++) {
    const { context, page } = await freshPage(browser, { 'sleeve/cards': JSON.stringify(data.startup) });
    /** @type {Promise<void>[]} */
    const bodies = [];
    if (run === 0) {
      page.on('worker', (worker) => workers.push(worker.url()));
      context.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (!type.includes('javascript')) return;
        // The service worker's own fetches (its script, and every file it precaches after installing) are not
        // scripts the page loads.
        if (response.request().serviceWorker()) return;
        bodies.push(
          response.body().then(
            (body) => void scripts.set(new URL(response.url()).pathname, body),
            () => undefined,
          ),
        );
      });
    }
    try {
      await page.goto(`${appUrl}/home`);
      await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null, null, {
        polling: 50,
      });
      times.push(/** @type {number} */ ((await probeState(page)).firstCardAt));
      if (run === 0) {
        await page.waitForLoadState('networkidle');
        await Promise.all(bodies);
      }
    } finally {
      await context.close();
    }
  }
  results.startup_ms_100 = round(median(times));
  results.startup_runs = RUNS.heavy;

  const gzipKb = (/** @type {Buffer} */ body) => gzipSync(body).length / 1024;
  const workerPaths = new Set(workers.map((url) => new URL(url).pathname));
  let initial = 0;
  for (const body of scripts.values()) initial += gzipKb(body);
  results.initial_js_gzip_kb = round(initial);
  results.initial_js_files = scripts.size;
  results.initial_js_includes_worker = [...scripts.keys()].some((path) => workerPaths.has(path));

  // The worker and remote chunks, from the build itself (they need not load for the home route), told apart by
  // the sources their source maps list.
  const assets = join(DIST, 'assets');
  const files = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  let workerKb = null;
  let remoteKb = null;
  let initialFirebase = false;
  for (const name of files) {
    const body = await readFile(join(assets, name));
    const sources = await sourcesOf(join(assets, `${name}.map`));
    const firebase = sources ? sources.some((source) => FIREBASE_SOURCE.test(source)) : isFirebase(body);
    const worker = sources ? sources.some((source) => source.endsWith('worker/index.ts')) : isWorker(body);
    if (worker) workerKb = (workerKb ?? 0) + gzipKb(body);
    else if (firebase) remoteKb = (remoteKb ?? 0) + gzipKb(body);
    if (firebase && scripts.has(`/assets/${name}`)) initialFirebase = true;
  }
  results.worker_js_gzip_kb = round(workerKb);
  results.remote_js_gzip_kb = round(remoteKb);
  if (initialFirebase) log('note: a script the home route loads contains Firebase');
}

/** Firebase's SDK, as a source map names its files. */
const FIREBASE_SOURCE = /node_modules\/(@firebase|firebase)\//;

/** The sources a chunk's source map lists, or null without one. @param {string} path */
async function sourcesOf(path) {
  try {
    const map = /** @type {{ sources?: string[] }} */ (JSON.parse(await readFile(path, 'utf8')));
    return map.sources ?? [];
  } catch {
    return null;
  }
}

/** Without a source map: Firebase's SDK names its error class; nothing else in the app does. @param {Buffer} body */
const isFirebase = (body) => body.includes('FirebaseError');
/** Without a source map: the engine worker derives keys and renders nothing. @param {Buffer} body */
const isWorker = (body) => body.includes('PBKDF2') && body.includes('deriveKey') && !body.includes('createRoot');

// ---------------------------------------------------------------------------------------------------------------

/** @type {Record<string, (results: Results) => string | null>} budget text, or null when there is none */
const BUDGETS = {
  kdf_ratio: () => '≤ 1.10',
  derivations_unlock: () => '= 1',
  derivations_verify: () => '= 1',
  derivations_change_password: () => '= 2',
  unlock_to_list_ms_1k: (r) => (typeof r.kdf_ms === 'number' ? `≤ ${round(r.kdf_ms + 100)}` : '≤ kdf_ms + 100'),
  open_1k_ms: () => '≤ 25',
  open_10k_ms: () => '≤ 200',
  merge_10k_ms: () => '≤ 100',
  search_p95_ms_10k: () => '≤ 16',
  long_tasks_unlock: () => '= 0',
  long_tasks_open_10k: () => '= 0',
  long_tasks_merge_10k: () => '= 0',
  startup_ms_100: () => '≤ 500',
  initial_js_gzip_kb: () => '≤ 110',
};

/** @param {string} budget @param {unknown} value */
function within(budget, value) {
  if (typeof value !== 'number') return false;
  const limit = Number(budget.slice(2));
  return budget.startsWith('≤') ? value <= limit : value === limit;
}

/** @param {Results} results */
function table(results) {
  const rows = [['figure', 'value', 'budget', '']];
  for (const [name, value] of Object.entries(results)) {
    if (name.endsWith('_runs') || name === 'date' || name === 'cores' || name === 'tiny') continue;
    const budget = BUDGETS[name]?.(results) ?? null;
    const status = budget === null ? '' : tiny ? '(tiny)' : within(budget, value) ? 'ok' : 'OVER';
    rows.push([name, String(value), budget ?? 'reported', status]);
  }
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const started = performance.now();
  /** @type {Results} */
  const results = { date: new Date().toISOString().slice(0, 10), cores: cpus().length, tiny };
  log(`sleeve bench${tiny ? ' (tiny)' : ''}: ${SIZES.small} / ${SIZES.large} / ${SIZES.startup} cards`);
  const data = await makeData(SIZES);
  const app = await serveApp();
  const harness = await serveHarness();
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
  try {
    if (GROUPS.has('engine') || GROUPS.has('unlock')) {
      const { page, call } = await benchPage(browser, harness.url, data);
      await derivationFigures(browser, call, app.url, data, results, GROUPS.has('unlock'));
      if (GROUPS.has('engine')) await engineFigures(call, results);
      await page.close();
    }
    if (GROUPS.has('search')) await searchFigures(browser, app.url, data, results);
    if (GROUPS.has('startup')) await startupFigures(browser, app.url, data, results);
  } finally {
    await browser.close();
    await harness.close();
    await app.close();
  }
  await writeFile(OUT, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `${table(results)}\n\nwrote ${OUT.slice(ROOT.length)} in ${round((performance.now() - started) / 1000)} s\n`,
  );
}

await main();
