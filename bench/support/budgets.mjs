/**
 * Each figure's budget, as printed beside it. A budget is a text ('≤ 25', '= 0') worked out from the results, so a
 * budget that follows another figure (the unlock's derivation, the search's frame) is stated with its number.
 * Over-budget figures are reported, never a failure.
 *
 * @typedef {import('./pages.mjs').Results} Results
 */
import { round } from './stats.mjs';

/**
 * The run's speed factor (bench/support/speed.mjs): every absolute time budget is multiplied by it, so a run on a
 * slow minute of a shared machine is held to what the same work would take on the machine the budgets were set on.
 * @param {Results} results
 */
const factor = (results) => (typeof results.speed_factor === 'number' ? results.speed_factor : 1);

/** At most `ms`, times the run's speed factor. @param {number} ms */
const atMost =
  (ms) =>
  /** @param {Results} results */
  (results) =>
    `≤ ${round(ms * factor(results))}`;

/**
 * `base` + `extra` (the extra times the run's speed factor), stated with its number once `base` is measured.
 * @param {string} name @param {number} extra @param {string} [label]
 */
const plus =
  (name, extra, label = `${name} + ${extra} × speed_factor`) =>
  /** @param {Results} results */
  (results) => {
    const base = results[name];
    return typeof base === 'number' ? `≤ ${round(base + extra * factor(results))}` : `≤ ${label}`;
  };

const none = () => '= 0';

/** @type {Record<string, (results: Results) => string | null>} budget text, or null when there is none */
export const BUDGETS = {
  kdf_ratio: () => '≤ 1.10',
  derivations_unlock: () => '= 1',
  derivations_verify: () => '= 1',
  derivations_change_password: () => '= 2',
  derivations_change_password_screen: () => '= 2',
  unlock_to_list_ms_1k: plus('kdf_ms', 100),
  open_1k_ms: atMost(25),
  open_10k_ms: atMost(200),
  merge_10k_ms: atMost(100),
  search_p95_ms_10k: atMost(16),
  search_dom_p95_ms_10k: atMost(8),
  search_paint_p95_ms_10k: (results) => {
    const dom = results.search_dom_p95_ms_10k;
    const frame = results.frame_interval_ms;
    return typeof dom === 'number' && typeof frame === 'number'
      ? `≤ ${round(dom + frame)}`
      : '≤ search_dom_p95_ms_10k + frame_interval_ms';
  },
  // No task of 50 ms or more on the main thread anywhere a person waits, unthrottled and throttled.
  long_tasks_unlock: none,
  long_tasks_open_10k: none,
  long_tasks_merge_10k: none,
  long_tasks_search_10k: none,
  long_tasks_startup_100: none,
  long_tasks_import_10k: none,
  long_tasks_export_10k: none,
  long_tasks_passphrase_10k: none,
  long_tasks_export_plain_10k: none,
  long_tasks_delete_10k: none,
  long_tasks_join_10k: none,
  // A fling down Home's list of 10,000: the page never stuck, no row in view left blank.
  long_tasks_scroll_10k: none,
  scroll_blank_frames_10k: none,
  startup_ms_100: atMost(500),
  initial_js_gzip_kb: () => '≤ 110',
  // Throttled 4× (a mid-range phone).
  startup_ms_100_slow: atMost(1000),
  unlock_to_list_ms_1k_slow: plus('kdf_slow_ms', 200),
  search_dom_p95_ms_10k_slow: atMost(16),
  long_tasks_startup_100_slow: none,
  long_tasks_unlock_1k_slow: none,
  long_tasks_search_10k_slow: none,
  // A key typed as Home first shows, before its search index is built.
  long_tasks_search_early_10k_slow: none,
  // Another tab's change to the full wallet, during a search.
  long_tasks_tab_change_10k_slow: none,
  // A card tapped on Home's full list, and its Back link.
  long_tasks_card_open_10k_slow: none,
  long_tasks_card_back_10k_slow: none,
  // The Add Card and You tabs' first visits, from that list.
  long_tasks_area_first_10k_slow: none,
  long_tasks_open_10k_slow: none,
  long_tasks_merge_10k_slow: none,
  long_tasks_import_10k_slow: none,
  long_tasks_export_10k_slow: none,
  long_tasks_passphrase_10k_slow: none,
  long_tasks_export_plain_10k_slow: none,
  long_tasks_delete_10k_slow: none,
  long_tasks_account_start_10k_slow: none,
  long_tasks_scroll_10k_slow: none,
  scroll_blank_frames_10k_slow: none,
  // Heap: ten times the cards may take at most three times the memory.
  heap_mb_10k: (results) =>
    typeof results.heap_mb_1k === 'number' ? `≤ ${round(3 * results.heap_mb_1k)}` : '≤ 3 × heap_mb_1k',
  heap_growth_10x: () => '≤ 3',
  join_to_list_ms_10k: plus('kdf_ms', 1000),
  live_update_p95_ms: atMost(250),
  outbox_lost_1k: () => '= 0',
  import_ms_10k: atMost(2000),
  export_ms_10k: atMost(1000),
  unlock_passkey_to_list_ms_1k: atMost(150),
  // The scanner: the stand-in camera on the sample's clips, and the reader on the corpus's held-out photos.
  scan_fill_ms: atMost(1000),
  scan_fill_p95_ms: atMost(2000),
  scan_fill_slow_ms: atMost(3000),
  scan_first_read_ms: atMost(150),
  // A size: not scaled by the speed factor, as no size is.
  scan_download_gzip_kb: () => '≤ 1536',
  scan_wrong_fills: () => '= 0',
  scan_number_exact_pct: () => '≥ 97',
  scan_wrong_numbers: () => '= 0',
  scan_expiry_pct: () => '≥ 90',
  scan_name_pct: () => '≥ 80',
  scan_wrong_names: () => '= 0',
  scan_fresh_number_exact_pct: () => '≥ 95',
  scan_fresh_wrong_numbers: () => '= 0',
};

/** What the results say about the run rather than about Sleeve (printed under the table). */
const MACHINE = [
  'date',
  'cores',
  'tiny',
  'load_average_start',
  'load_average_end',
  'cpu_steal_pct',
  'memory_first_touch_us',
  'speed_factor',
];

/** @param {string} budget @param {unknown} value */
export function within(budget, value) {
  if (typeof value !== 'number') return false;
  const limit = Number(budget.slice(2));
  if (budget.startsWith('≤')) return value <= limit;
  return budget.startsWith('≥') ? value >= limit : value === limit;
}

/** The printed table: every figure with its budget and whether it is met. @param {Results} results @param {boolean} tiny */
export function table(results, tiny) {
  const rows = [['figure', 'value', 'budget', '']];
  for (const [name, value] of Object.entries(results)) {
    if (name.endsWith('_runs') || MACHINE.includes(name)) continue;
    const budget = BUDGETS[name]?.(results) ?? null;
    const status =
      budget === null || Number.isNaN(Number(budget.slice(2)))
        ? ''
        : tiny
          ? '(tiny)'
          : within(budget, value)
            ? 'ok'
            : 'OVER';
    rows.push([name, String(value), budget ?? 'reported', status]);
  }
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
