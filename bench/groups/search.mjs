/**
 * The `search` group: keystrokes in Home's search box over 10,000 plain cards, each timed from its keydown to the
 * paint that shows the new count (and, separately, to the DOM update), beside the page's frame interval (what any
 * paint waits for); then, the box emptied, flings down the whole list (bench/groups/scroll.mjs). When the `slow`
 * group runs, a second page takes the same queries and flings in turn, its CPU throttled while it types and scrolls;
 * then, throttled from their start, cold loads of Home where a key is typed as the first card shows
 * (bench/groups/early-search.mjs), searches during which another tab stores a change (bench/groups/tab-change.mjs), and
 * cards opened from the list and left again (bench/groups/card-open.mjs).
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').Page} Page
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {import('../support/pages.mjs').Probe} Probe
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { SLOW_RATE, throttle, whileThrottled } from '../support/cdp.mjs';
import { loadSearch } from '../support/data.mjs';
import { freshPage, log, probeState, settle } from '../support/pages.mjs';
import { median, percentile, round } from '../support/stats.mjs';
import { beforeInput, browserKeys } from './browser-keys.mjs';
import { cardOpens } from './card-open.mjs';
import { earlySearch } from './early-search.mjs';
import { FLINGS, Flings, fling } from './scroll.mjs';
import { inTurn } from './slow.mjs';
import { tabChange } from './tab-change.mjs';

/** Cold loads of Home, throttled, with a key typed as the first card shows. */
const EARLY_SEARCHES = 3;

/** Pages of Home searching, throttled, while another tab stores a change (bench/groups/tab-change.mjs). */
const TAB_CHANGES = 3;

/** Pages of Home that open cards, throttled, and the cards each opens (bench/groups/card-open.mjs). */
const CARD_OPEN_PAGES = 2;
const CARD_OPENS = 4;

/** Queries typed one key at a time (ASCII only: each must be a real key press); the box is cleared between them. */
const QUERIES = ['ada', 'first bank', '4111', 'visa', 'grace hopper', 'alan', 'credit union', '52', 'amex', 'turing'];

/** The median interval between animation frames over `frames` frames of an idle page. @param {Page} page */
const frameInterval = (page, frames = 61) =>
  page.evaluate(
    (count) =>
      new Promise((resolve) => {
        /** @type {number[]} */
        const times = [];
        const tick = (/** @type {number} */ time) => {
          times.push(time);
          if (times.length < count) requestAnimationFrame(tick);
          else {
            const gaps = times
              .slice(1)
              .map((at, index) => at - /** @type {number} */ (times[index]))
              .sort((a, b) => a - b);
            resolve(gaps[Math.floor(gaps.length / 2)]);
          }
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );

/** One page with the cards on Home, and the samples its keystrokes gave. */
class SearchPage {
  /** @type {number[]} */
  paint = [];
  /** @type {number[]} keystroke → the filtered list in the DOM, before the frame that paints it */
  dom = [];
  /** @type {number[]} */
  starts = [];

  /**
   * @param {import('playwright').BrowserContext} context @param {Page} page
   * @param {import('playwright').CDPSession | null} throttled the session that throttles the page while it types
   */
  constructor(context, page, throttled) {
    this.context = context;
    this.page = page;
    this.throttled = throttled;
  }

  /**
   * Types `query` one key at a time, timing each key that changes what the summary says, until `limit` samples.
   * @param {string} query @param {(query: string) => string | null} summaryFor @param {number} limit
   */
  async type(query, summaryFor, limit) {
    // Throttled only while it types: a throttled page left open slows the other page's keystrokes.
    await whileThrottled(this.throttled, () => this.typeEach(query, summaryFor, limit));
  }

  /** @param {string} query @param {(query: string) => string | null} summaryFor @param {number} limit */
  async typeEach(query, summaryFor, limit) {
    const { page } = this;
    const box = page.getByRole('searchbox', { name: 'Search cards' });
    await box.fill('');
    await page.waitForFunction(() => !document.querySelector('.search-summary'));
    await box.focus();
    let shown = summaryFor('');
    for (let length = 1; length <= query.length && this.paint.length < limit; length++) {
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
          return { ms: painted.at - state.keydownAt, dom: painted.changedAt - state.keydownAt, from: state.keydownAt };
        },
        expected,
        { polling: 'raf', timeout: 20_000 },
      );
      const { ms, dom, from } = /** @type {{ ms: number, dom: number, from: number }} */ (await handle.jsonValue());
      this.paint.push(ms);
      this.dom.push(dom);
      this.starts.push(from);
    }
  }

  /** Long tasks since the first timed keystroke, until `to` (page time) when given. @param {number} [to] */
  async longTasks(to = Number.POSITIVE_INFINITY) {
    await settle(this.page);
    const state = await probeState(this.page);
    const first = Math.min(...this.starts);
    return state.longTasks.filter((start) => start >= first && start < to).length;
  }

  /**
   * Empties the box, so that every card is listed again (where a fling starts), and returns the page's time from
   * before: the end of the typing.
   */
  async emptied() {
    const { page } = this;
    const typed = await page.evaluate(() => performance.now());
    await page.getByRole('searchbox', { name: 'Search cards' }).fill('');
    await page.waitForFunction(() => !document.querySelector('.search-summary'));
    await settle(page);
    return typed;
  }
}

/**
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {Results} results
 * @param {{ samples: number, slowRuns: import('./slow.mjs').SlowRuns | null }} plan
 */
export async function searchFigures(browser, appUrl, data, results, { samples, slowRuns }) {
  log(`search: ${samples} keystrokes over ${data.large.plain.length} cards${slowRuns ? ', and throttled' : ''}`);
  const { searchCards, toSearchEntry } = await loadSearch();
  const entries = data.large.plain.map((card) => toSearchEntry(card));
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
  /** @param {boolean} slow */
  const open = async (slow) => {
    const { context, page } = await freshPage(browser, seed);
    const throttled = slow ? await throttle(page, 1) : null;
    await page.goto(`${appUrl}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    return new SearchPage(context, page, throttled);
  };
  const plain = await open(false);
  const scrolled = new Flings();
  const slow = slowRuns ? await open(true) : null;
  try {
    results.frame_interval_ms = round(/** @type {number} */ (await frameInterval(plain.page, samples < 10 ? 11 : 61)));
    for (let index = 0; plain.paint.length < samples || (slow && slow.paint.length < samples); index++) {
      const query = /** @type {string} */ (QUERIES[index % QUERIES.length]);
      const turn = slow && index % 2 === 1 ? [slow, plain] : slow ? [plain, slow] : [plain];
      for (const session of turn) {
        if (session.paint.length < samples) await session.type(query, summaryFor, samples);
      }
    }
    // Typed first, then scrolled: the search's long tasks are those until the typing ends.
    results.long_tasks_search_10k = await plain.longTasks(await plain.emptied());
    if (slow && slowRuns) {
      slowRuns.search.dom.push(...slow.dom);
      slowRuns.search.paint.push(...slow.paint);
      slowRuns.search.longTasks = await slow.longTasks(await slow.emptied());
      // As many keys, at the same rate, into a page with only a search box: the browser's own part of each.
      const alone = await browserKeys(browser, QUERIES, { rate: SLOW_RATE, rounds: 3, keys: slow.dom.length });
      slowRuns.search.browser.push(...alone.map(beforeInput));
    }
    const flings = samples < 10 ? 1 : FLINGS;
    for (let turn = 0; turn < flings; turn++) {
      const { plain: plainFling, slow: slowFling } = await inTurn(
        turn,
        () => fling(plain.page, null),
        slow && slowRuns ? () => fling(slow.page, slow.throttled) : null,
      );
      scrolled.add(plainFling);
      if (slowFling && slowRuns) slowRuns.scroll.add(slowFling);
    }
  } finally {
    await plain.context.close();
    await slow?.context.close();
  }
  if (slowRuns) {
    // A key typed as Home first shows, before its index is built: only throttled, where building it is long.
    for (let run = 0; run < (samples < 10 ? 1 : EARLY_SEARCHES); run++) {
      const { ms, tasks } = await earlySearch(browser, appUrl, seed, { rate: SLOW_RATE });
      slowRuns.earlySearch.push({ ms, longTasks: tasks.length });
    }
    // Another tab's change to the full wallet during a search: throttled, where taking it in was long.
    for (let run = 0; run < (samples < 10 ? 1 : TAB_CHANGES); run++) {
      const { ms, tasks } = await tabChange(browser, appUrl, seed, { rate: SLOW_RATE, count: data.large.plain.length });
      slowRuns.tabChange.push({ ms, longTasks: tasks.length });
    }
    // A card opened from the full list and left again: throttled, where each screen's build was one long task.
    for (let run = 0; run < (samples < 10 ? 1 : CARD_OPEN_PAGES); run++) {
      const opens = samples < 10 ? 1 : CARD_OPENS;
      const { taps, areas } = await cardOpens(browser, appUrl, seed, { rate: SLOW_RATE, opens });
      for (const { open, back } of taps) {
        slowRuns.cardOpen.push({ ms: open.ms, longTasks: open.tasks.length });
        slowRuns.cardBack.push({ ms: back.ms, longTasks: back.tasks.length });
      }
      for (const { ms, tasks } of areas) slowRuns.areaFirst.push({ ms, longTasks: tasks.length });
    }
  }
  results.search_p95_ms_10k = round(percentile(plain.paint, 95));
  results.search_median_ms_10k = round(median(plain.paint));
  results.search_dom_p95_ms_10k = round(percentile(plain.dom, 95));
  results.search_paint_p95_ms_10k = results.search_p95_ms_10k;
  results.search_runs = plain.paint.length;
  scrolled.report(results, '');
}
