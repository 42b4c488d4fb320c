/**
 * The strength estimator's own worker (password-strength.ts starts it, once a page): zxcvbn's dictionaries ranked,
 * and each new secret scored, off the page's main thread. On a slow phone, ranking them was one task of about 700 ms
 * at the first key, and scoring a long passphrase a task of 50–100 ms at every key after. It holds no key and sees
 * only the secret being chosen, as the page does.
 */
import { estimateStrength, prepareEstimator } from '../../domain/password-strength';
import type { FromStrengthWorker, ToStrengthWorker } from './strength-protocol';

/** Checked against the worker's library (tsconfig.strength-worker.json): this is a dedicated worker's scope. */
declare const self: DedicatedWorkerGlobalScope;

const send = (message: FromStrengthWorker): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<ToStrengthWorker>) => {
  const { id, secret } = event.data;
  send({ type: 'estimate', id, estimate: estimateStrength(secret) });
};

prepareEstimator();
send({ type: 'ready' });
