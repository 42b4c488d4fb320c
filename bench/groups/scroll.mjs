/**
 * Scrolling Home's full list, as a thumb flings it: run by the `search` group on its pages of 10,000 cards once the
 * typing is done (and, with the `slow` group, on its throttled page too). Each fling is wheel steps of
 * `FLING_STEP_PX` every frame for `FLING_STEPS` frames from the top of the list: about 8,000 px a second, the
 * fastest fling Android allows (`ViewConfiguration`'s maximum, 8,000 dp/s), held for 1.2 s, past about 50 rows.
 *
 * What a person would notice, counted from the page: tasks of 50 ms or more (the page stuck mid-fling), frames that
 * showed a blank where a row should be (the windowed list behind the scroll), and the main thread's frame interval.
 * A frame's rows are read in the task right after its paint, so what is counted is what that frame showed.
 *
 * @typedef {import('playwright').Page} Page
 * @typedef {import('playwright').CDPSession} CDPSession
 * @typedef {import('../support/pages.mjs').Results} Results
 */
import { whileThrottled } from '../support/cdp.mjs';
import { probeState, settle } from '../support/pages.mjs';
import { percentile, round } from '../support/stats.mjs';

const FLING_STEP_PX = 135;
const FLING_STEPS = 72;
/** Flings per page in a full run; the smoke run makes one. */
export const FLINGS = 3;

/** @typedef {{ longTasks: number, blankFrames: number, frames: number[] }} Fling */

/**
 * Starts watching the page's frames: each frame's interval, and whether a row in view was missing when it painted.
 * Runs in the page; `window.__fling` holds what it saw until `stopWatching`.
 */
function startWatching() {
  /** @type {{ frames: number[], blank: number, on: boolean }} */
  const seen = { frames: [], blank: 0, on: true };
  /** @type {any} */ (window).__fling = seen;
  const channel = new MessageChannel();
  // After the paint: every row the viewport crosses is in the list and not hidden.
  channel.port1.onmessage = () => {
    const list = document.querySelector('.row-list-windowed');
    const rows = list ? Array.from(list.children) : [];
    const height = rows[0] instanceof HTMLElement ? rows[0].offsetHeight : 0;
    if (!list || height === 0) return;
    const top = list.getBoundingClientRect().top;
    const total = Number(rows[0]?.getAttribute('aria-setsize'));
    const shown = new Set(
      rows.filter((row) => !row.hasAttribute('hidden')).map((row) => Number(row.getAttribute('aria-posinset')) - 1),
    );
    const first = Math.max(0, Math.floor(-top / height));
    const last = Math.min(total - 1, Math.floor((innerHeight - top - 1) / height));
    for (let index = first; index <= last; index++) {
      if (!shown.has(index)) {
        seen.blank++;
        return;
      }
    }
  };
  const tick = (/** @type {number} */ time) => {
    if (!seen.on) return;
    seen.frames.push(time);
    channel.port2.postMessage(null);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** What the page saw since `startWatching`: frame intervals and blank frames. */
function stopWatching() {
  const seen = /** @type {any} */ (window).__fling;
  seen.on = false;
  /** @type {number[]} */
  const frames = seen.frames;
  return {
    intervals: frames.slice(1).map((at, index) => at - /** @type {number} */ (frames[index])),
    blank: seen.blank,
  };
}

/**
 * One fling down Home's list from its top, on a page showing every card (the search box empty), throttled while it
 * scrolls when `session` is given.
 * @param {Page} page @param {CDPSession | null} session
 * @returns {Promise<Fling>}
 */
export async function fling(page, session) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  const before = (await probeState(page)).longTasks.length;
  await page.mouse.move(200, 500);
  const seen = await whileThrottled(session, async () => {
    await page.evaluate(startWatching);
    const start = Date.now();
    for (let step = 1; step <= FLING_STEPS; step++) {
      await page.mouse.wheel(0, FLING_STEP_PX);
      // A step a frame, whatever each wheel event took to send.
      const wait = start + step * 16.7 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await settle(page);
    return page.evaluate(stopWatching);
  });
  const { longTasks } = await probeState(page);
  return { longTasks: longTasks.length - before, blankFrames: seen.blank, frames: seen.intervals };
}

/** The flings of one kind of page (unthrottled, or throttled), and their figures. */
export class Flings {
  longTasks = 0;
  blankFrames = 0;
  /** @type {number[]} */
  frames = [];
  count = 0;

  /** @param {Fling} one */
  add(one) {
    this.longTasks += one.longTasks;
    this.blankFrames += one.blankFrames;
    this.frames.push(...one.frames);
    this.count++;
  }

  /**
   * Tasks and blank frames summed over the flings (each should be none), the frame interval's p95 over them all.
   * @param {Results} results @param {'' | '_slow'} suffix
   */
  report(results, suffix) {
    if (this.count === 0) return;
    results[`long_tasks_scroll_10k${suffix}`] = this.longTasks;
    results[`scroll_blank_frames_10k${suffix}`] = this.blankFrames;
    results[`scroll_frame_p95_ms_10k${suffix}`] = round(percentile(this.frames, 95));
    results[suffix === '' ? 'scroll_runs' : 'scroll_slow_runs'] = this.count;
  }
}
