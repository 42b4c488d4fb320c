/**
 * The `unlock` group: PIN submit → list painted in the production build, with 1,000 and 10,000 encrypted cards.
 *
 * Each run starts a fresh profile holding 1,000 cards under a PIN record as older versions wrote it (not yet bound
 * to a device). Its first unlock is timed (`unlock_unbound_to_list_ms_1k`) and binds the record to this profile's
 * device key, as the app does once the cards show. The figures a person lives with, `unlock_to_list_ms_*`, are the
 * unlocks that follow: each a new page of the same profile with the bound record, its HTTP cache, Cache Storage and
 * service worker cleared first, so it loads exactly as cold as the first; then the profile's cards become the
 * 10,000 (the same key opens both) for the last page. The bound and the first unlock of 1,000 cards differ only by
 * the device layer (an IndexedDB read and one AES-GCM decryption in the worker before the derivation):
 * `device_pin_cost_ms_1k` is their difference, paired run by run. `keypad_ms_10k` is the last page's locked start:
 * from its navigation to the paint after the PIN keypad first shows (and `keypad_ms_1k_slow` the throttled page's).
 *
 * Two groups ride along (bench/groups/slow.mjs, bench/groups/heap.mjs): with `slow`, the bound unlock of 1,000
 * cards is also made with the CPU throttled, in turn with the unthrottled one; with `heap`, each bound page's heaps
 * are read once its list has been painted and the timing taken.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').BrowserContext} BrowserContext
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {import('../support/encrypt.mjs').EncryptedCollection} EncryptedCollection
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { kdfInWorker, loopTimes, pageWorkers, throttle } from '../support/cdp.mjs';
import { freshPage, longTasksSince, typePinUntilList } from '../support/pages.mjs';
import { median, round } from '../support/stats.mjs';
import { readHeaps } from './heap.mjs';
import { inTurn } from './slow.mjs';

/**
 * The HTTP cache (compiled code with it), Cache Storage and the service worker of `origin`, forgotten; local storage
 * and IndexedDB (the records and the device key) stay.
 * @param {import('playwright').Page} page @param {string} origin
 */
async function forgetCaches(page, origin) {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
  } finally {
    await session.detach();
  }
}

/** Resolves once the app has bound the PIN record to this device (after the first unlock). @param {import('playwright').Page} page */
export const pinBound = (page) =>
  page.waitForFunction(() =>
    Object.hasOwn(JSON.parse(localStorage.getItem('sleeve/auth') ?? '{}').pin ?? {}, 'device'),
  );

/**
 * A profile that holds `collection` under the bench PIN, unlocked once (timed) so its PIN record is bound to the
 * profile's device key, with that first page closed.
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {EncryptedCollection} collection
 */
async function boundProfile(browser, appUrl, data, collection) {
  const seed = { 'sleeve/cards': JSON.stringify(collection), 'sleeve/auth': JSON.stringify(data.auth) };
  const { context, page } = await freshPage(browser, seed);
  await page.goto(`${appUrl}/pin/unlock`);
  const first = await typePinUntilList(page, data.pin);
  const long = await longTasksSince(page, first.from);
  await pinBound(page);
  await page.close();
  return { context, first: { ms: first.ms, longTasks: long.count, longestTask: long.longest } };
}

/**
 * The bound unlock in a new page of `context`, as cold as a first visit; throttled when `slow`. Once timed, with
 * `heap` the page's and worker's heaps are read, and with `kdf` one more derivation is timed in its engine worker
 * (and a fixed loop on its main thread and in the worker, to show what throttling reaches).
 * @param {BrowserContext} context @param {string} appUrl @param {string} pin
 * @param {{ slow?: boolean, kdf?: boolean, heap?: boolean }} options
 */
export async function boundUnlock(context, appUrl, pin, { slow = false, kdf = false, heap = false } = {}) {
  const page = await context.newPage();
  try {
    await forgetCaches(page, new URL(appUrl).origin);
    if (slow) await throttle(page);
    await page.goto(`${appUrl}/pin/unlock`);
    const unlocked = await typePinUntilList(page, pin);
    const keypad = /** @type {number} */ (unlocked.state.keypadAt);
    const long = await longTasksSince(page, unlocked.from);
    const workers = heap || kdf ? await pageWorkers(page) : null;
    const heaps = heap && workers ? await readHeaps(page, workers) : null;
    const derivation = kdf && workers ? await kdfInWorker(workers) : null;
    const loops = kdf && workers ? await loopTimes(page, workers) : null;
    await workers?.detach();
    return { ms: unlocked.ms, keypad, longTasks: long.count, longestTask: long.longest, kdf: derivation, loops, heaps };
  } finally {
    await page.close();
  }
}

/**
 * One run: the first (binding) unlock of 1,000 cards, the bound one (with its throttled partner when `slow`), then
 * the bound unlock of 10,000.
 * @param {Browser} browser @param {string} appUrl @param {Data} data
 * @param {{ turn: number, slow: boolean, heap: boolean }} options
 */
export async function unlockRun(browser, appUrl, data, { turn, slow, heap }) {
  const { context, first } = await boundProfile(browser, appUrl, data, data.small.encrypted);
  try {
    const small = await inTurn(
      turn,
      () => boundUnlock(context, appUrl, data.pin, { kdf: slow, heap }),
      slow ? () => boundUnlock(context, appUrl, data.pin, { slow: true, kdf: true }) : null,
    );
    // The same key opens the large collection: from the next page on, the profile holds it instead.
    await context.addInitScript(
      (cards) => localStorage.setItem('sleeve/cards', cards),
      JSON.stringify(data.large.encrypted),
    );
    const large = await boundUnlock(context, appUrl, data.pin, { heap });
    return { unbound: first, small: small.plain, slow: small.slow, large };
  } finally {
    await context.close();
  }
}

/** @typedef {{ ms: number, keypad?: number, longTasks: number, longestTask: number }} Unlocked */

/** The unlock runs, and their figures. */
export class UnlockRuns {
  /** @type {{ unbound: Unlocked[], small: Unlocked[], large: Unlocked[] }} */
  runs = { unbound: [], small: [], large: [] };

  get count() {
    return this.runs.small.length;
  }

  /** @param {Awaited<ReturnType<typeof unlockRun>>} run */
  add(run) {
    this.runs.unbound.push(run.unbound);
    this.runs.small.push(run.small);
    this.runs.large.push(run.large);
  }

  /** @param {Results} results */
  report(results) {
    const { unbound, small, large } = this.runs;
    const ms = (/** @type {Unlocked[]} */ runs) => round(median(runs.map((run) => run.ms)));
    results.unlock_to_list_ms_1k = ms(small);
    results.unlock_to_list_ms_10k = ms(large);
    // A keypad never seen gives no number, which the bench's smoke test refuses, rather than a time of 0.
    results.keypad_ms_10k = round(median(large.map((run) => run.keypad ?? Number.NaN)));
    results.long_tasks_unlock = median(small.map((run) => run.longTasks));
    results.long_tasks_unlock_max = Math.max(...small.map((run) => run.longTasks));
    results.longest_task_unlock_ms = round(median(small.map((run) => run.longestTask)));
    results.long_tasks_open_10k = median(large.map((run) => run.longTasks));
    results.long_tasks_open_10k_max = Math.max(...large.map((run) => run.longTasks));
    results.longest_task_open_10k_ms = round(median(large.map((run) => run.longestTask)));
    results.unlock_unbound_to_list_ms_1k = ms(unbound);
    results.device_pin_cost_ms_1k = round(median(small.map((run, index) => run.ms - (unbound[index]?.ms ?? run.ms))));
    results.unlock_runs = this.count;
  }
}
