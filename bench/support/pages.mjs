/**
 * What every app scenario shares: a fresh profile with the probe (bench/support/probe.mjs) running before the app,
 * reading what the probe recorded, and typing a PIN at a person's pace.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').BrowserContext} BrowserContext
 * @typedef {import('playwright').Page} Page
 * @typedef {{ longTasks: number[], longTaskMs: number[], keydownAt: number, clickAt: number, changeAt: number, downloadAt: number, firstCardAt: number | null, keypadAt: number | null, summaries: { text: string | null, changedAt: number, at: number }[] }} Probe
 * @typedef {Record<string, number | string | boolean | null>} Results
 */
import { probe } from './probe.mjs';

/** @param {string} line */
export function log(line) {
  process.stderr.write(`${line}\n`);
}

/** The viewport of a mid-sized phone, as every app scenario uses. */
export const PHONE = { width: 412, height: 915 };

/**
 * Options every profile of the app starts with. The smoke run (which times nothing and must stay short) blocks the
 * service worker, which would otherwise precache every chunk in each fresh profile.
 * @type {import('playwright').BrowserContextOptions}
 */
export const contextDefaults = {};

/** Long-task observers report after the task ends; give them a moment before counting. @param {Page} page */
export const settle = (page) => page.waitForTimeout(150);

/**
 * Scrolls `target` into view, as a person does before tapping it, and waits until the page has stopped moving: the
 * rows that come into view are laid out and take their own height, and the browser's scroll anchoring moves the page
 * for them, for a few frames after a long jump. A span timed from the tap then holds the tap's work, not the scroll's.
 * @param {Page} page @param {import('playwright').Locator} target
 */
export async function scrolledTo(page, target) {
  await target.scrollIntoViewIfNeeded();
  let last = Number.NaN;
  for (let look = 0; look < 40; look++) {
    await page.waitForTimeout(250);
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return;
    last = now;
  }
}

/** @param {Page} page */
export const probeState = (page) =>
  page.evaluate(() => {
    const { longTasks, longTaskMs, keydownAt, clickAt, changeAt, downloadAt, firstCardAt, keypadAt, summaries } =
      /** @type {any} */ (window).__bench;
    return /** @type {Probe} */ ({
      longTasks,
      longTaskMs,
      keydownAt,
      clickAt,
      changeAt,
      downloadAt,
      firstCardAt,
      keypadAt,
      summaries,
    });
  });

/**
 * Long tasks that started at or after `from` (and before `to`, when given), once the observer has caught up.
 * @param {Page} page @param {number} from @param {number} [to]
 */
export async function longTasksSince(page, from, to = Number.POSITIVE_INFINITY) {
  await settle(page);
  const { longTasks, longTaskMs } = await probeState(page);
  const durations = longTaskMs.filter((_, index) => {
    const start = longTasks[index] ?? 0;
    return start >= from && start <= to;
  });
  return { count: durations.length, longest: durations.length === 0 ? 0 : Math.max(...durations) };
}

/**
 * A fresh context (empty storage and cache) whose pages start with `seed` in localStorage and the probe running.
 * @param {Browser} browser
 * @param {Record<string, string> | null} seed
 * @param {import('playwright').BrowserContextOptions} [options]
 */
export async function freshPage(browser, seed, options = {}) {
  const context = await browser.newContext({ viewport: PHONE, ...contextDefaults, ...options });
  await context.addInitScript(probe, { seed });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A quick person's pace on the keypad. The PIN is typed as a person types it, not in the 50 ms that scripted key
 * presses take: what is timed is the wait after the sixth digit, and a person's first five digits give the page
 * time to finish loading and the worker time to start, as they do here.
 */
export const PIN_KEY_INTERVAL_MS = 150;

/**
 * The pace the scenarios keep: a person's, or, for the smoke run (which times nothing and must stay short), as quick
 * as the page allows.
 */
export const pace = { keyMs: PIN_KEY_INTERVAL_MS };

/**
 * Types all but the last digit of `pin` at a person's pace, then the last one; resolves once the list is painted
 * with the time from the last keydown. One call that resolves when the list is painted is made before the last
 * digit, so nothing of the benchmark's own (polling, script injection) runs in the page while it unlocks.
 * `beforeLast` runs just before the last digit (a tool starts its trace there).
 * @param {Page} page @param {string} pin @param {{ beforeLast?: () => Promise<void> }} [options]
 */
export async function typePinUntilList(page, pin, { beforeLast } = {}) {
  await page.getByRole('group', { name: 'PIN keypad' }).waitFor();
  for (const digit of pin.slice(0, -1)) {
    await page.keyboard.press(digit);
    await page.waitForTimeout(pace.keyMs);
  }
  await beforeLast?.();
  const painted = page.evaluate(() => /** @type {any} */ (window).__bench.firstCardPainted);
  await page.keyboard.press(pin.slice(-1));
  await painted;
  const state = await probeState(page);
  return { ms: /** @type {number} */ (state.firstCardAt) - state.keydownAt, from: state.keydownAt, state };
}

/** Types a whole PIN at a person's pace, on the keypad that is showing. @param {Page} page @param {string} pin */
export async function typePin(page, pin) {
  await page.getByRole('group', { name: 'PIN keypad' }).waitFor();
  for (const digit of pin) {
    await page.keyboard.press(digit);
    await page.waitForTimeout(pace.keyMs);
  }
}

/**
 * @typedef {{ selector: string, text?: string, gone?: boolean }} Sight
 * An element matching `selector` (whose text or aria-label includes `text`, when given) is in the page; with
 * `gone`, none is.
 */

/**
 * Resolves with the page's time (its `performance.now()`) of the paint after `sight` first holds, checked after
 * every DOM change. Set it up before the action whose result it waits for; `done()` waits for it.
 * @param {Page} page @param {Sight} sight @param {number} [timeout]
 */
export async function paintedWhen(page, sight, timeout = 180_000) {
  // Wrapped, so that Playwright hands back the promise rather than waiting for it here.
  const handle = await page.evaluateHandle(
    ([what, limit]) => ({
      painted: /** @type {Promise<number>} */ (/** @type {any} */ (window).__bench.paintedWhen(what, limit)),
    }),
    /** @type {const} */ ([sight, timeout]),
  );
  return {
    /** @returns {Promise<number>} */
    done: async () => {
      try {
        return await handle.evaluate((wrapped) => wrapped.painted);
      } finally {
        await handle.dispose();
      }
    },
  };
}

/** `performance.now()` of a page as wall-clock milliseconds, so times from two pages compare. @param {Page} page @param {number} at */
export const epochOf = (page, at) => page.evaluate((time) => performance.timeOrigin + time, at);
