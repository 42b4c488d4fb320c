/**
 * The `unlock` group: PIN submit → list painted in the production build, with 1,000 and 10,000 encrypted cards.
 *
 * Each run starts a fresh profile holding a PIN record as older versions wrote it (not yet bound to a device). Its
 * first unlock is timed (`unlock_unbound_*`) and binds the record to this profile's device key, as the app does once
 * the cards show. The figure a person lives with, `unlock_to_list_ms_*`, is the next unlock: a new page of the same
 * profile with the bound record, its HTTP cache, Cache Storage and service worker cleared first, so it loads exactly
 * as cold as the first. The two differ only by the device layer (an IndexedDB read and one AES-GCM decryption in the
 * worker before the derivation): `device_pin_cost_ms_1k` is their difference, paired run by run. When the `slow`
 * group runs, the same bound unlock of 1,000 cards is also made with the CPU throttled, in turn with it.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').BrowserContext} BrowserContext
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {import('../support/encrypt.mjs').EncryptedCollection} EncryptedCollection
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { kdfInWorker, pageWorkers, throttle } from '../support/cdp.mjs';
import { freshPage, longTasksSince, typePinUntilList } from '../support/pages.mjs';
import { median, round } from '../support/stats.mjs';
import { inTurn } from './slow.mjs';

/**
 * The HTTP cache (compiled code with it), Cache Storage and the service worker of `origin`, forgotten; local storage
 * and IndexedDB (the records and the device key) stay.
 * @param {import('playwright').Page} page @param {string} origin
 */
export async function forgetCaches(page, origin) {
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
export async function boundProfile(browser, appUrl, data, collection) {
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
 * The bound unlock in a new page of `context`, as cold as a first visit; throttled when `slow`. With `kdf`, one more
 * derivation is timed in the page's engine worker afterwards.
 * @param {BrowserContext} context @param {string} appUrl @param {string} pin @param {{ slow?: boolean, kdf?: boolean }} options
 */
export async function boundUnlock(context, appUrl, pin, { slow = false, kdf = false } = {}) {
  const page = await context.newPage();
  try {
    await forgetCaches(page, new URL(appUrl).origin);
    if (slow) await throttle(page);
    await page.goto(`${appUrl}/pin/unlock`);
    const unlocked = await typePinUntilList(page, pin);
    const long = await longTasksSince(page, unlocked.from);
    const derivation = kdf ? await kdfInWorker(await pageWorkers(page)) : null;
    return { ms: unlocked.ms, longTasks: long.count, longestTask: long.longest, kdf: derivation };
  } finally {
    await page.close();
  }
}

/**
 * One run of one size: the first (binding) unlock, then the bound one, and the throttled bound one with `slow`.
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {EncryptedCollection} collection
 * @param {{ turn: number, slow: boolean }} options
 */
export async function unlockOnce(browser, appUrl, data, collection, { turn, slow }) {
  const { context, first } = await boundProfile(browser, appUrl, data, collection);
  try {
    const pair = await inTurn(
      turn,
      () => boundUnlock(context, appUrl, data.pin, { kdf: slow }),
      slow ? () => boundUnlock(context, appUrl, data.pin, { slow: true, kdf: true }) : null,
    );
    return { unbound: first, bound: pair.plain, slow: pair.slow };
  } finally {
    await context.close();
  }
}

/** @typedef {{ ms: number, longTasks: number, longestTask: number }} Unlocked */

/** Unlock runs of the two sizes, and their figures. */
export class UnlockRuns {
  /** @type {Record<'small' | 'large', { bound: Unlocked[], unbound: Unlocked[] }>} */
  runs = { small: { bound: [], unbound: [] }, large: { bound: [], unbound: [] } };

  get count() {
    return this.runs.small.bound.length;
  }

  /** @param {'small' | 'large'} size @param {Awaited<ReturnType<typeof unlockOnce>>} run */
  add(size, run) {
    this.runs[size].bound.push(run.bound);
    this.runs[size].unbound.push(run.unbound);
  }

  /** @param {Results} results */
  report(results) {
    const { small, large } = this.runs;
    const ms = (/** @type {Unlocked[]} */ runs) => round(median(runs.map((run) => run.ms)));
    results.unlock_to_list_ms_1k = ms(small.bound);
    results.unlock_to_list_ms_10k = ms(large.bound);
    results.long_tasks_unlock = median(small.bound.map((run) => run.longTasks));
    results.long_tasks_unlock_max = Math.max(...small.bound.map((run) => run.longTasks));
    results.longest_task_unlock_ms = round(median(small.bound.map((run) => run.longestTask)));
    results.long_tasks_open_10k = median(large.bound.map((run) => run.longTasks));
    results.long_tasks_open_10k_max = Math.max(...large.bound.map((run) => run.longTasks));
    results.longest_task_open_10k_ms = round(median(large.bound.map((run) => run.longestTask)));
    results.unlock_unbound_to_list_ms_1k = ms(small.unbound);
    results.unlock_unbound_to_list_ms_10k = ms(large.unbound);
    results.device_pin_cost_ms_1k = round(
      median(small.bound.map((run, index) => run.ms - (small.unbound[index]?.ms ?? run.ms))),
    );
    results.unlock_runs = this.count;
  }
}
