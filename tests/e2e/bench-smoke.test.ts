/**
 * The benchmark cannot rot: `npm test` runs it once with tiny sizes (bench/run.mjs --tiny) against the build the
 * e2e setup just made, and checks that it finishes and writes every named figure. No timing is asserted here;
 * budgets are the benchmark's report, not the test suite's.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = `${ROOT}bench/results.tiny.json`;

/** Every figure the issue names; each must be a number, except those documented as possibly null. */
const FIGURES = [
  'kdf_ms',
  'kdf_openssl_ms',
  'kdf_ratio',
  'derivations_unlock',
  'derivations_verify',
  'derivations_change_password',
  'unlock_to_list_ms_1k',
  'open_1k_ms',
  'open_10k_ms',
  'merge_10k_ms',
  'search_p95_ms_10k',
  'long_tasks_unlock',
  'long_tasks_open_10k',
  'long_tasks_merge_10k',
  'startup_ms_100',
  'initial_js_gzip_kb',
  'worker_js_gzip_kb',
];
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
];

it('runs every benchmark once with tiny sizes and writes every named figure', async () => {
  await rm(RESULTS, { force: true });
  await promisify(execFile)(process.execPath, ['bench/run.mjs', '--tiny'], {
    cwd: ROOT,
    // The e2e setup built dist/ for production; the bench serves that build.
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 55_000,
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
}, 60_000);
