/**
 * The `startup` group: navigation → first card painted, 100 plain cards, each run in a fresh context (empty cache);
 * with the `slow` group, a throttled cold load in turn with each. The first run also records every script the page
 * loads, for the size figures.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { throttle } from '../support/cdp.mjs';
import { freshPage, log, longTasksSince, probeState } from '../support/pages.mjs';
import { DIST } from '../support/servers.mjs';
import { median, round } from '../support/stats.mjs';
import { inTurn } from './slow.mjs';

/**
 * One cold load of /home; `scripts` (and `workers`) collect what the page loads when given.
 * @param {Browser} browser @param {string} appUrl @param {Data} data
 * @param {{ slow?: boolean, scripts?: Map<string, Buffer>, workers?: string[] }} options
 */
async function startOnce(browser, appUrl, data, { slow = false, scripts, workers }) {
  const { context, page } = await freshPage(browser, { 'sleeve/cards': JSON.stringify(data.startup) });
  /** @type {Promise<void>[]} */
  const bodies = [];
  if (scripts && workers) {
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
    if (slow) await throttle(page);
    await page.goto(`${appUrl}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null, null, {
      polling: 50,
    });
    const ms = /** @type {number} */ ((await probeState(page)).firstCardAt);
    const long = await longTasksSince(page, 0, ms);
    if (scripts) {
      await page.waitForLoadState('networkidle');
      await Promise.all(bodies);
    }
    return { ms, longTasks: long.count };
  } finally {
    await context.close();
  }
}

/**
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {Results} results
 * @param {{ runs: number, slowRuns: import('./slow.mjs').SlowRuns | null }} plan
 */
export async function startupFigures(browser, appUrl, data, results, { runs, slowRuns }) {
  log(
    `startup: ${runs} cold loads of /home with ${Object.keys(data.startup.cards).length} plain cards` +
      (slowRuns ? ', each beside a throttled one' : ''),
  );
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const longTasks = [];
  /** @type {Map<string, Buffer>} */
  const scripts = new Map();
  /** @type {string[]} */
  const workers = [];
  for (let run = 0; run < runs; run++) {
    const collect = run === 0 ? { scripts, workers } : {};
    const pair = await inTurn(
      run,
      () => startOnce(browser, appUrl, data, collect),
      slowRuns ? () => startOnce(browser, appUrl, data, { slow: true }) : null,
    );
    times.push(pair.plain.ms);
    longTasks.push(pair.plain.longTasks);
    if (pair.slow) slowRuns?.startup.push(pair.slow);
  }
  results.startup_ms_100 = round(median(times));
  results.long_tasks_startup_100 = median(longTasks);
  results.startup_runs = runs;
  await sizeFigures(scripts, workers, results);
}

/**
 * The initial scripts (what the first load fetched), and the worker and remote chunks from the build itself (they
 * need not load for the home route), told apart by the sources their source maps list.
 * @param {Map<string, Buffer>} scripts @param {string[]} workers @param {Results} results
 */
async function sizeFigures(scripts, workers, results) {
  const gzipKb = (/** @type {Buffer} */ body) => gzipSync(body).length / 1024;
  const workerPaths = new Set(workers.map((url) => new URL(url).pathname));
  let initial = 0;
  for (const body of scripts.values()) initial += gzipKb(body);
  results.initial_js_gzip_kb = round(initial);
  results.initial_js_files = scripts.size;
  results.initial_js_includes_worker = [...scripts.keys()].some((path) => workerPaths.has(path));

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
