/**
 * The `engine` group, on the bench page (bench/harness/index.html): the derivation against OpenSSL, derivation
 * counts, opening and merging (each with its throttled partner on a throttled bench page when the `slow` group runs,
 * which therefore runs the opens and merges even without this group). The derivation loop also
 * carries the `unlock` group's runs, so `kdf_ms` is measured in the same minutes as the unlocks it is the budget for.
 *
 * @typedef {import('../harness/main.ts').Bench} Bench
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { throttle, whileThrottled } from '../support/cdp.mjs';
import { KDF_ITERATIONS } from '../support/encrypt.mjs';
import { log } from '../support/pages.mjs';
import { median, round } from '../support/stats.mjs';
import { inTurn } from './slow.mjs';

/**
 * The bench page, with the data set, and a typed way to call its `window.bench`. When `slow`, each call runs with the
 * page's CPU throttled, and only the call: a throttled page left open slows the browser's other pages, so between
 * calls it runs at full speed while its unthrottled partners are timed.
 * @param {Browser} browser @param {string} harnessUrl @param {Data} data @param {{ slow?: boolean }} [options]
 */
export async function benchPage(browser, harnessUrl, data, { slow = false } = {}) {
  const page = await browser.newPage();
  const session = slow ? await throttle(page, 1) : null;
  await page.goto(harnessUrl);
  await page.waitForSelector('body[data-ready]');
  /**
   * Calls one method of the page's `window.bench` with JSON-able arguments.
   * @type {<M extends keyof Bench>(method: M, ...args: Parameters<Bench[M]>) => Promise<Awaited<ReturnType<Bench[M]>>>}
   */
  const call = (method, ...args) =>
    whileThrottled(session, () =>
      page.evaluate(
        ([name, list]) => /** @type {any} */ (window).bench[name](...list),
        /** @type {const} */ ([method, args]),
      ),
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
 * goes first, so neither always runs on a warmer or hotter core), and every other run also calls `between` (the
 * unlocks). A 2-core machine's speed drifts over a minute; measured this way `kdf_ms` is the derivation of the same
 * minutes as the unlocks it is the budget for.
 * @param {Call} call @param {Data} data @param {Results} results @param {number} runs
 * @param {(() => Promise<void>) | null} between
 */
export async function derivationFigures(call, data, results, runs, between) {
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
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      await timeWorker();
      await timeOpenssl();
    } else {
      await timeOpenssl();
      await timeWorker();
      await between?.();
    }
  }
  results.kdf_ms = round(median(worker));
  results.kdf_openssl_ms = round(median(openssl));
  results.kdf_ratio = round(/** @type {number} */ (median(worker)) / /** @type {number} */ (median(openssl)), 3);
  results.kdf_runs = runs;
}

/**
 * Cold opens of both sizes; with `slowCall` (the bench page throttled), each run also opens the large collection
 * there, in turn with the unthrottled one.
 * @param {Call} call @param {Results} results @param {{ runs: number, sizes: { small: number, large: number } }} plan
 * @param {Call | null} slowCall @param {import('./slow.mjs').SlowRuns | null} slowRuns
 */
export async function openFigures(call, results, plan, slowCall, slowRuns) {
  log(
    `open: ${plan.runs} cold opens each of ${plan.sizes.small} and ${plan.sizes.large} encrypted cards` +
      (slowCall ? `, and of ${plan.sizes.large} throttled` : ''),
  );
  /** @type {number[]} */
  const openSmall = [];
  /** @type {number[]} */
  const openLarge = [];
  /** @type {number[]} the card-by-card shape check each open runs in the worker, timed on its own */
  const checks = [];
  for (let run = 0; run < plan.runs; run++) {
    const small = await call('open', 'small');
    const pair = await inTurn(run, () => call('open', 'large'), slowCall ? () => slowCall('open', 'large') : null);
    const large = pair.plain;
    if (
      small.cards !== plan.sizes.small ||
      large.cards !== plan.sizes.large ||
      (pair.slow && pair.slow.cards !== plan.sizes.large)
    ) {
      throw new Error('open returned the wrong cards');
    }
    openSmall.push(small.ms);
    openLarge.push(large.ms);
    checks.push(await call('checks', 'large'));
    if (pair.slow) slowRuns?.open.push({ ms: pair.slow.ms, longTasks: pair.slow.longTasks });
  }
  results.open_1k_ms = round(median(openSmall));
  results.open_10k_ms = round(median(openLarge));
  results.open_checks_10k_ms = round(median(checks));
  results.open_runs = plan.runs;
}

/**
 * Merges of the large collections; with `slowCall` (the bench page throttled), each run also merges there, in turn
 * with the unthrottled one.
 * @param {Call} call @param {Results} results @param {{ runs: number, sizes: { small: number, large: number } }} plan
 * @param {Call | null} slowCall @param {import('./slow.mjs').SlowRuns | null} slowRuns
 */
export async function mergeFigures(call, results, plan, slowCall, slowRuns) {
  log(
    `merge: ${plan.runs} merges of ${plan.sizes.large} remote cards into ${plan.sizes.large} local` +
      (slowCall ? ', each beside a throttled one' : ''),
  );
  /** @type {number[]} */
  const mergeMs = [];
  /** @type {number[]} */
  const mergeLong = [];
  const expected = plan.sizes.large * 1.5;
  for (let run = 0; run < plan.runs; run++) {
    const pair = await inTurn(
      run,
      () => call('merge', 'mergeLocal', 'mergeRemote'),
      slowCall ? () => slowCall('merge', 'mergeLocal', 'mergeRemote') : null,
    );
    const merged = pair.plain;
    if (merged.cards !== expected || (pair.slow && pair.slow.cards !== expected)) {
      throw new Error(`merge gave ${merged.cards} cards`);
    }
    mergeMs.push(merged.ms);
    mergeLong.push(merged.longTasks);
    if (pair.slow) slowRuns?.merge.push({ ms: pair.slow.ms, longTasks: pair.slow.longTasks });
  }
  results.merge_10k_ms = round(median(mergeMs));
  results.long_tasks_merge_10k = median(mergeLong);
  results.long_tasks_merge_10k_max = Math.max(...mergeLong);
  results.merge_runs = plan.runs;
}

/**
 * The first derivation in a worker, the derivation counts, the opens (`opens`, in the order the group has always
 * taken), and the merges (`merges`).
 * @param {Call} call @param {Results} results @param {{ runs: number, sizes: { small: number, large: number } }} plan
 * @param {() => Promise<void>} opens @param {() => Promise<void>} merges
 */
export async function engineFigures(call, results, plan, opens, merges) {
  /** @type {number[]} */
  const first = [];
  for (let run = 0; run < plan.runs; run++) first.push(await call('firstKdf'));
  results.kdf_first_in_worker_ms = round(median(first));

  log('derivations: unlock, verify, change password');
  const counts = await call('derivations', 'small');
  results.derivations_unlock = counts.unlock;
  results.derivations_verify = counts.verify;
  results.derivations_change_password = counts.changePassword;
  results.derivations_runs = 1;

  await opens();
  await merges();
}
