/**
 * The benchmark cannot rot: `npm test` runs it once with tiny sizes (bench/run.mjs --tiny), every group, against the
 * build the e2e setup just made and the local backend it started (the build points at it, and the benchmark uses a
 * backend it finds running there), and checks that it finishes and writes every named figure. No timing is asserted
 * here; budgets are the benchmark's report, not the test suite's. The one exception is a size, which no machine
 * changes: the first scripts' gzip stays within its 110 KB (bench/support/budgets.mjs), so code that adds to them is
 * found by the commit that adds it rather than by the next full run.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { requireTestChromium } from '../../scripts/chromium.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = `${ROOT}bench/results.tiny.json`;

/** Every figure the issues name; each must be a number, except those documented as possibly null. */
const FIGURES = [
  'kdf_ms',
  'kdf_openssl_ms',
  'speed_factor',
  // The machine's memory: what a page costs the first time it is used, beside the speed factor.
  'memory_first_touch_us',
  'kdf_ratio',
  'derivations_unlock',
  'derivations_verify',
  'derivations_change_password',
  'unlock_to_list_ms_1k',
  'open_1k_ms',
  'open_10k_ms',
  'open_checks_10k_ms',
  'merge_10k_ms',
  'search_p95_ms_10k',
  'long_tasks_unlock',
  'long_tasks_open_10k',
  'long_tasks_merge_10k',
  'startup_ms_100',
  'initial_js_gzip_kb',
  'worker_js_gzip_kb',
  // The device-bound PIN: the first unlock of an older record beside the usual one.
  'unlock_unbound_to_list_ms_1k',
  'device_pin_cost_ms_1k',
  // A locked start's keypad, painted, from the navigation.
  'keypad_ms_10k',
  'keypad_ms_1k_slow',
  // The browser's own store of the throttled import's text, in a page without the app.
  'store_floor_ms_10k_slow',
  // Throttled 4× in the same run as their partners, and the derivation in the throttled page's worker.
  'startup_ms_100_slow',
  'unlock_to_list_ms_1k_slow',
  'search_dom_p95_ms_10k_slow',
  'open_10k_ms_slow',
  'kdf_slow_ms',
  'kdf_app_ms',
  'slow_factor_main_thread',
  'slow_factor_worker',
  'long_tasks_startup_100_slow',
  'long_tasks_unlock_1k_slow',
  'long_tasks_search_10k_slow',
  // The same keys on a page with only a search box: the browser's own part of each.
  'search_browser_p95_ms_slow',
  // A key typed as Home first shows, before its search index is built (throttled).
  'search_early_ms_10k_slow',
  'long_tasks_search_early_10k_slow',
  'tab_change_ms_10k_slow',
  'long_tasks_tab_change_10k_slow',
  // A card tapped on Home's full list, and its Back link (throttled).
  'card_open_ms_10k_slow',
  'long_tasks_card_open_10k_slow',
  'card_back_ms_10k_slow',
  'long_tasks_card_back_10k_slow',
  // The Add Card and You tabs' first visits from there (throttled).
  'area_first_ms_10k_slow',
  'long_tasks_area_first_10k_slow',
  'long_tasks_open_10k_slow',
  'merge_10k_ms_slow',
  'long_tasks_merge_10k_slow',
  'import_ms_10k_slow',
  'long_tasks_import_10k_slow',
  'export_ms_10k_slow',
  'long_tasks_export_10k_slow',
  'export_plain_ms_10k_slow',
  'long_tasks_export_plain_10k_slow',
  // The backup's passphrase typed a key at a time, its strength estimated as it grows, unthrottled and throttled.
  'long_tasks_passphrase_10k',
  'long_tasks_passphrase_10k_slow',
  // One card of the imported wallet deleted, unthrottled and throttled.
  'long_tasks_delete_10k',
  'long_tasks_delete_10k_slow',
  // Flings down Home's list (bench/groups/scroll.mjs), unthrottled and throttled.
  'long_tasks_scroll_10k',
  'scroll_blank_frames_10k',
  'scroll_frame_p95_ms_10k',
  'long_tasks_scroll_10k_slow',
  'scroll_blank_frames_10k_slow',
  'scroll_frame_p95_ms_10k_slow',
  'heap_mb_1k',
  'heap_mb_10k',
  'heap_page_mb_10k',
  'heap_worker_mb_10k',
  'heap_growth_10x',
  'join_to_list_ms_10k',
  'long_tasks_join_10k',
  'long_tasks_account_start_10k_slow',
  'live_update_p95_ms',
  'outbox_flush_ms_1k',
  'outbox_edits_ms_1k',
  'outbox_lost_1k',
  'import_ms_10k',
  'export_ms_10k',
  'export_plain_ms_10k',
  'long_tasks_export_plain_10k',
  'unlock_passkey_to_list_ms_1k',
  'derivations_change_password_screen',
  'search_paint_p95_ms_10k',
  'frame_interval_ms',
];
/** The first scripts' budget (`initial_js_gzip_kb`), the same in every run. */
const INITIAL_JS_BUDGET_KB = 110;
/** Null until the Firebase chunk exists in the build. */
const MAYBE_NULL = ['remote_js_gzip_kb'];
const RUN_COUNTS = [
  'kdf_runs',
  'derivations_runs',
  'open_runs',
  'merge_runs',
  'unlock_runs',
  'search_runs',
  'startup_runs',
  'startup_slow_runs',
  'unlock_slow_runs',
  'search_slow_runs',
  'search_early_slow_runs',
  'tab_change_slow_runs',
  'card_open_slow_runs',
  'area_first_slow_runs',
  'open_slow_runs',
  'merge_slow_runs',
  'transfer_slow_runs',
  'heap_runs',
  'join_runs',
  'live_update_runs',
  'outbox_runs',
  'transfer_runs',
  'passkey_runs',
  // The scanner with the stand-in camera (the held-out corpus is read in full runs only).
  'scan_fill_ms',
  'scan_wrong_fills',
  'scan_download_gzip_kb',
  'scan_memory_mb',
  'scan_fill_again_ms',
  'derivations_change_password_screen_runs',
];

it('runs every benchmark once with tiny sizes and writes every named figure', async () => {
  await rm(RESULTS, { force: true });
  await promisify(execFile)(process.execPath, ['bench/run.mjs', '--tiny'], {
    cwd: ROOT,
    // The e2e setup built dist/ for production; the bench serves that build. The test settings (VITE_*) are passed
    // on, so the account group finds the backend the setup started at the addresses that build talks to. The smoke
    // run times nothing, so it runs in the tests' browser (the headless shell where installed: a third less CPU).
    env: { ...process.env, NODE_ENV: 'production', CHROMIUM_PATH: requireTestChromium() },
    timeout: 170_000,
  });
  const results = JSON.parse(await readFile(RESULTS, 'utf8')) as Record<string, unknown>;
  for (const name of [...FIGURES, ...RUN_COUNTS]) {
    expect(typeof results[name], name).toBe('number');
    expect(Number.isFinite(results[name]), name).toBe(true);
  }
  for (const name of MAYBE_NULL) {
    expect(name in results, name).toBe(true);
    expect(results[name] === null || typeof results[name] === 'number', name).toBe(true);
  }
  expect(results.tiny).toBe(true);
  expect(results.initial_js_gzip_kb, 'the first scripts, KB of gzip').toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
}, 180_000);
