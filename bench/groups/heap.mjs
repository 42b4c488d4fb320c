/**
 * The `heap` group: the JavaScript heap a wallet of 1,000 and of 10,000 cards holds once unlocked and on Home, in
 * the page and in the engine worker (which keeps every opened card in its decrypt cache), each after a full garbage
 * collection.
 *
 * Measured through the DevTools protocol (bench/support/cdp.mjs): `HeapProfiler.collectGarbage`, then
 * `Runtime.getHeapUsage` (used bytes), on the page's session for the page and on the engine worker's child session
 * for the worker. `performance.measureUserAgentSpecificMemory()` would need a cross-origin isolated page, which the app
 * is not.
 *
 * The budget: ten times the cards may take at most three times the heap (`heap_growth_10x`, `heap_mb_10k`), so a
 * large wallet costs memory for its cards and not for anything that grows faster than they do.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {import('../support/encrypt.mjs').EncryptedCollection} EncryptedCollection
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { pageHeapUsed, pageWorkers } from '../support/cdp.mjs';
import { freshPage, log, typePinUntilList } from '../support/pages.mjs';
import { median, round } from '../support/stats.mjs';

const MB = 1024 * 1024;

/**
 * Unlocks a fresh profile holding `collection`, waits until Home has settled (the search index is built when the
 * browser is next idle), then reads both heaps.
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {EncryptedCollection} collection
 */
async function heapOnce(browser, appUrl, data, collection) {
  const seed = { 'sleeve/cards': JSON.stringify(collection), 'sleeve/auth': JSON.stringify(data.auth) };
  const { context, page } = await freshPage(browser, seed);
  try {
    await page.goto(`${appUrl}/pin/unlock`);
    const workers = await pageWorkers(page);
    await typePinUntilList(page, data.pin);
    // The search index is built at the first idle moment after the list shows.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })));
    await page.waitForTimeout(100);
    const pageBytes = await pageHeapUsed(page);
    const workerBytes = await workers.heapUsed();
    await workers.detach();
    return { page: pageBytes / MB, worker: workerBytes / MB };
  } finally {
    await context.close();
  }
}

/**
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {Results} results
 * @param {{ runs: number }} plan
 */
export async function heapFigures(browser, appUrl, data, results, { runs }) {
  log(`heap: ${runs} unlocks each of ${data.small.plain.length} and ${data.large.plain.length} cards, page and worker`);
  /** @type {Record<'small' | 'large', { page: number, worker: number }[]>} */
  const samples = { small: [], large: [] };
  for (let run = 0; run < runs; run++) {
    samples.small.push(await heapOnce(browser, appUrl, data, data.small.encrypted));
    samples.large.push(await heapOnce(browser, appUrl, data, data.large.encrypted));
  }
  const of = (/** @type {'small' | 'large'} */ size, /** @type {'page' | 'worker'} */ part) =>
    /** @type {number} */ (median(samples[size].map((sample) => sample[part])));
  const total = (/** @type {'small' | 'large'} */ size) =>
    /** @type {number} */ (median(samples[size].map((sample) => sample.page + sample.worker)));
  results.heap_mb_1k = round(total('small'), 2);
  results.heap_page_mb_1k = round(of('small', 'page'), 2);
  results.heap_worker_mb_1k = round(of('small', 'worker'), 2);
  results.heap_mb_10k = round(total('large'), 2);
  results.heap_page_mb_10k = round(of('large', 'page'), 2);
  results.heap_worker_mb_10k = round(of('large', 'worker'), 2);
  results.heap_growth_10x = round(total('large') / total('small'), 2);
  results.heap_runs = runs;
}
