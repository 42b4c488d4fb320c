/**
 * The `slow` group: the start-up, unlock, search, scroll, open, merge, import and export scenarios again with Chromium's CPU
 * throttled 4×
 * (`Emulation.setCPUThrottlingRate`, bench/support/cdp.mjs), as on a mid-range phone. Each throttled run is made in
 * the same run of the benchmark as its unthrottled partner, in turn with it (which of the two goes first alternates),
 * so both see the same minutes of a machine whose speed drifts; the scenario groups call `inTurn` and hand their
 * throttled samples to `SlowRuns`, which reports them. The merge runs on the throttled bench page (bench/harness/), the
 * import and export through the screens of a throttled page (bench/groups/transfer.mjs), so their unthrottled
 * partners (the engine group's merges, the transfer group) run whenever this group does.
 *
 * What the throttling reaches: the page's renderer main thread (every task there takes 4 times as long). The engine
 * worker is not throttled (a worker target refuses the command), nor is WebCrypto's own thread; so the derivation
 * is timed in the throttled page's own engine worker (`kdf_slow_ms`, beside `kdf_app_ms` timed the same way in the
 * unthrottled partner) and the unlock's budget follows it. `slow_factor_main_thread` and `slow_factor_worker` show
 * the reach: how much longer the same loop takes throttled, on the page's main thread and in its engine worker.
 *
 * @typedef {import('../support/pages.mjs').Results} Results
 */
import { median, percentile, round } from '../support/stats.mjs';
import { Flings } from './scroll.mjs';

/**
 * Runs `plain` and `slow` (when throttled runs are asked for) one after the other, the slow one first on odd turns.
 * @template T, U
 * @param {number} turn @param {() => Promise<T>} plain @param {(() => Promise<U>) | null} slow
 * @returns {Promise<{ plain: T, slow: U | null }>}
 */
export async function inTurn(turn, plain, slow) {
  if (!slow) return { plain: await plain(), slow: null };
  if (turn % 2 === 1) {
    const first = await slow();
    return { plain: await plain(), slow: first };
  }
  const first = await plain();
  return { plain: first, slow: await slow() };
}

/** The throttled samples of every scenario, and their figures. */
export class SlowRuns {
  /** @type {{ ms: number, longTasks: number }[]} */
  startup = [];
  /** @type {{ ms: number, keypad: number, longTasks: number, kdf: number }[]} */
  unlock = [];
  /** @type {number[]} what the unthrottled partner unlock's worker took for the same derivation */
  kdfPartner = [];
  /** @type {{ main: number, worker: number }[]} throttled ÷ unthrottled time of the same loop, per unlock run */
  reach = [];
  search = {
    dom: /** @type {number[]} */ ([]),
    paint: /** @type {number[]} */ ([]),
    longTasks: 0,
    /** a key's event to its `input` event on a page with only a search box (bench/groups/browser-keys.mjs) */
    browser: /** @type {number[]} */ ([]),
  };
  /** @type {{ ms: number, longTasks: number }[]} a key typed as Home first shows (bench/groups/early-search.mjs) */
  earlySearch = [];
  /** @type {{ ms: number, longTasks: number }[]} another tab's change during a search (bench/groups/tab-change.mjs) */
  tabChange = [];
  /** @type {{ ms: number, longTasks: number }[]} a card tapped on Home's full list (bench/groups/card-open.mjs) */
  cardOpen = [];
  /** @type {{ ms: number, longTasks: number }[]} that card's Back link, to Home's full list */
  cardBack = [];
  /** @type {{ ms: number, longTasks: number }[]} the Add Card and You tabs' first visits, from that list */
  areaFirst = [];
  /** Flings down Home's list of 10,000 (bench/groups/scroll.mjs), on the search's throttled page. */
  scroll = new Flings();
  /** @type {{ ms: number, longTasks: number }[]} */
  open = [];
  /** @type {{ ms: number, longTasks: number }[]} */
  merge = [];
  /** @type {{ ms: number, longTasks: number, longestTask: number }[]} a Bitwarden file's preview plus its store */
  imports = [];
  /**
   * An encrypted backup, PIN to download; and its passphrase typed a key at a time, until the save is offered.
   * @type {{ ms: number, longTasks: number, longestTask: number, passphraseLongTasks: number }[]}
   */
  exports = [];
  /** @type {{ ms: number, longTasks: number, longestTask: number }[]} a plain file (Bitwarden or CXF), PIN to download */
  plainExports = [];
  /** @type {{ ms: number, longTasks: number, longestTask: number }[]} one card of 10,000 deleted */
  deletes = [];
  /** @type {number[]} the import's stored text stored again by a page without the app (bench/groups/store-floor.mjs) */
  storeFloor = [];

  /** @param {Results} results */
  report(results) {
    if (this.startup.length > 0) {
      results.startup_ms_100_slow = round(median(this.startup.map((run) => run.ms)));
      results.long_tasks_startup_100_slow = median(this.startup.map((run) => run.longTasks));
      results.startup_slow_runs = this.startup.length;
    }
    if (this.unlock.length > 0) {
      results.kdf_slow_ms = round(median(this.unlock.map((run) => run.kdf)));
      results.kdf_app_ms = round(median(this.kdfPartner));
      results.unlock_to_list_ms_1k_slow = round(median(this.unlock.map((run) => run.ms)));
      results.keypad_ms_1k_slow = round(median(this.unlock.map((run) => run.keypad)));
      results.long_tasks_unlock_1k_slow = median(this.unlock.map((run) => run.longTasks));
      results.unlock_slow_runs = this.unlock.length;
      results.slow_factor_main_thread = round(median(this.reach.map((run) => run.main)), 2);
      results.slow_factor_worker = round(median(this.reach.map((run) => run.worker)), 2);
    }
    if (this.search.dom.length > 0) {
      results.search_dom_p95_ms_10k_slow = round(percentile(this.search.dom, 95));
      results.search_p95_ms_10k_slow = round(percentile(this.search.paint, 95));
      results.long_tasks_search_10k_slow = this.search.longTasks;
      results.search_slow_runs = this.search.dom.length;
    }
    if (this.search.browser.length > 0) {
      results.search_browser_p95_ms_slow = round(percentile(this.search.browser, 95));
      results.search_browser_median_ms_slow = round(median(this.search.browser));
    }
    if (this.earlySearch.length > 0) {
      results.search_early_ms_10k_slow = round(median(this.earlySearch.map((run) => run.ms)));
      results.long_tasks_search_early_10k_slow = median(this.earlySearch.map((run) => run.longTasks));
      results.search_early_slow_runs = this.earlySearch.length;
    }
    if (this.tabChange.length > 0) {
      results.tab_change_ms_10k_slow = round(median(this.tabChange.map((run) => run.ms)));
      results.long_tasks_tab_change_10k_slow = median(this.tabChange.map((run) => run.longTasks));
      results.tab_change_slow_runs = this.tabChange.length;
    }
    if (this.cardOpen.length > 0) {
      results.card_open_ms_10k_slow = round(median(this.cardOpen.map((run) => run.ms)));
      results.long_tasks_card_open_10k_slow = median(this.cardOpen.map((run) => run.longTasks));
      results.card_back_ms_10k_slow = round(median(this.cardBack.map((run) => run.ms)));
      results.long_tasks_card_back_10k_slow = median(this.cardBack.map((run) => run.longTasks));
      results.card_open_slow_runs = this.cardOpen.length;
    }
    if (this.areaFirst.length > 0) {
      results.area_first_ms_10k_slow = round(median(this.areaFirst.map((run) => run.ms)));
      results.long_tasks_area_first_10k_slow = median(this.areaFirst.map((run) => run.longTasks));
      results.area_first_slow_runs = this.areaFirst.length;
    }
    this.scroll.report(results, '_slow');
    if (this.open.length > 0) {
      results.open_10k_ms_slow = round(median(this.open.map((run) => run.ms)));
      results.long_tasks_open_10k_slow = median(this.open.map((run) => run.longTasks));
      results.open_slow_runs = this.open.length;
    }
    if (this.merge.length > 0) {
      results.merge_10k_ms_slow = round(median(this.merge.map((run) => run.ms)));
      results.long_tasks_merge_10k_slow = median(this.merge.map((run) => run.longTasks));
      results.merge_slow_runs = this.merge.length;
    }
    if (this.imports.length > 0) {
      results.import_ms_10k_slow = round(median(this.imports.map((run) => run.ms)));
      results.long_tasks_import_10k_slow = median(this.imports.map((run) => run.longTasks));
      results.longest_task_import_10k_ms_slow = round(median(this.imports.map((run) => run.longestTask)));
      results.export_ms_10k_slow = round(median(this.exports.map((run) => run.ms)));
      results.long_tasks_export_10k_slow = median(this.exports.map((run) => run.longTasks));
      results.longest_task_export_10k_ms_slow = round(median(this.exports.map((run) => run.longestTask)));
      results.long_tasks_passphrase_10k_slow = median(this.exports.map((run) => run.passphraseLongTasks));
      results.export_plain_ms_10k_slow = round(median(this.plainExports.map((run) => run.ms)));
      results.long_tasks_export_plain_10k_slow = median(this.plainExports.map((run) => run.longTasks));
      results.longest_task_export_plain_10k_ms_slow = round(median(this.plainExports.map((run) => run.longestTask)));
      results.delete_ms_10k_slow = round(median(this.deletes.map((run) => run.ms)));
      results.long_tasks_delete_10k_slow = median(this.deletes.map((run) => run.longTasks));
      results.longest_task_delete_10k_ms_slow = round(median(this.deletes.map((run) => run.longestTask)));
      results.transfer_slow_runs = this.imports.length;
    }
    if (this.storeFloor.length > 0) {
      results.store_floor_ms_10k_slow = round(median(this.storeFloor));
      results.store_floor_writes = this.storeFloor.length;
    }
  }
}
