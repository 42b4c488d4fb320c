/**
 * The `heap` group: the JavaScript heap a wallet of 1,000 and of 10,000 cards holds once unlocked and on Home, in
 * the page and in the engine worker (which keeps every opened card in its decrypt cache), each after a full garbage
 * collection. It rides along with the unlock runs (bench/groups/unlock.mjs): each bound unlock's page, once its
 * list is painted, timed, and the browser has been idle (the search index is built then), has its heaps read, so
 * `--only=heap` runs the unlock group as well.
 *
 * Measured through the DevTools protocol (bench/support/cdp.mjs): `HeapProfiler.collectGarbage`, then
 * `Runtime.getHeapUsage` (used bytes), on the page's own session for the page, and on the engine worker's child
 * session (attached with `Target.setAutoAttach`) for the worker. `performance.measureUserAgentSpecificMemory()`
 * would need a cross-origin isolated page, which the app is not.
 *
 * The budget: ten times the cards may take at most three times the heap (`heap_growth_10x`, `heap_mb_10k`), so a
 * large wallet costs memory for its cards and not for anything that grows faster than they do.
 *
 * @typedef {import('playwright').Page} Page
 * @typedef {import('../support/pages.mjs').Results} Results
 */
import { pageHeapUsed } from '../support/cdp.mjs';
import { median, round } from '../support/stats.mjs';

const MB = 1024 * 1024;

/** @typedef {{ page: number, worker: number }} Heaps in MB */

/**
 * Both heaps of an unlocked page on Home, once the browser has been idle.
 * @param {Page} page @param {Awaited<ReturnType<typeof import('../support/cdp.mjs').pageWorkers>>} workers
 * @returns {Promise<Heaps>}
 */
export async function readHeaps(page, workers) {
  // The search index is built at the first idle moment after the list shows.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })));
  await page.waitForTimeout(100);
  const pageBytes = await pageHeapUsed(page);
  const workerBytes = await workers.heapUsed();
  return { page: pageBytes / MB, worker: workerBytes / MB };
}

/**
 * @param {Results} results @param {{ small: Heaps[], large: Heaps[] }} samples the unlock runs' readings
 */
export function heapFigures(results, samples) {
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
  results.heap_runs = samples.large.length;
}
