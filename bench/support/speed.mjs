/**
 * The run's speed factor: how much slower this machine ran during the benchmark than the machine the budgets were set
 * on, measured as OpenSSL's PBKDF2 (node:crypto, the derivation every unlock makes: 210,000 iterations of
 * HMAC-SHA-512), which took `REFERENCE_KDF_MS` there. Every absolute budget the table prints is multiplied by it;
 * a faster machine never tightens a budget (the factor is never below 1). A hypervisor that takes a share of the CPU
 * for minutes moves every figure together, so the factor is measured in the same run: from the derivation group's
 * `kdf_openssl_ms` when it ran, else by a few derivations of its own.
 */
import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { median, round } from './stats.mjs';

/** OpenSSL's PBKDF2 on the machine the budgets were set on, ms. */
export const REFERENCE_KDF_MS = 110;
const KDF_ITERATIONS = 210_000;
const OWN_RUNS = 5;

/** `kdf_openssl_ms` as this run measured it, or measured now when no group did. @param {Record<string, unknown>} results */
async function opensslMs(results) {
  if (typeof results.kdf_openssl_ms === 'number') return results.kdf_openssl_ms;
  const derive = promisify(pbkdf2);
  /** @type {number[]} */
  const times = [];
  for (let run = 0; run < OWN_RUNS; run++) {
    const start = performance.now();
    await derive('speed factor', 'a salt of sixteen', KDF_ITERATIONS, 32, 'sha512');
    times.push(performance.now() - start);
  }
  const measured = /** @type {number} */ (median(times));
  results.kdf_openssl_ms = round(measured);
  return measured;
}

/** Writes `speed_factor` (and `kdf_openssl_ms` when no group measured it) into the results. @param {Record<string, unknown>} results */
export async function writeSpeedFactor(results) {
  results.speed_factor = round(Math.max(1, (await opensslMs(results)) / REFERENCE_KDF_MS), 2);
}
