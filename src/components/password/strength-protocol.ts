/**
 * What the strength estimator's worker (strength-worker.ts) and the page that starts it (password-strength.ts) say
 * to each other. Apart from both, so the worker, checked against the worker's library
 * (tsconfig.strength-worker.json), imports nothing of the page's.
 */
import type { StrengthEstimate } from '../../domain/password-strength';

/** To the worker: a secret to score, numbered so its answer finds it. */
export interface ToStrengthWorker {
  id: number;
  secret: string;
}

/** From the worker: ready (its dictionaries ranked), or one secret's estimate. */
export type FromStrengthWorker = { type: 'ready' } | { type: 'estimate'; id: number; estimate: StrengthEstimate };
