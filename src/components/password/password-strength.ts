/**
 * The strength estimator, for the forms where a new secret is chosen (a password, a backup passphrase): a worker of
 * its own (strength-worker.ts, with zxcvbn's dictionaries, a chunk no other screen downloads), started on demand once
 * per page. Each secret is scored there, off the page's main thread, and its answer comes back a moment later. A
 * worker that could not start, or stopped, is tried again at the next edit.
 */
import { useEffect, useState } from 'react';
import type { StrengthEstimate } from '../../domain/password-strength';
import { reportError } from '../../state/report';
import type { FromStrengthWorker, ToStrengthWorker } from './strength-protocol';

type Estimator = (secret: string) => Promise<StrengthEstimate>;

/**
 * Starts the worker and resolves once its dictionaries are ranked. Rejects when its script cannot load (offline,
 * before it was ever cached); should it stop later, every estimate waiting on it, and every one asked after, rejects.
 */
function startEstimatorWorker(): Promise<Estimator> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./strength-worker.ts', import.meta.url), { type: 'module', name: 'strength' });
    const waiting = new Map<number, { answer: (estimate: StrengthEstimate) => void; fail: (error: Error) => void }>();
    let next = 0;
    let stopped: Error | null = null;
    const estimate: Estimator = (secret) =>
      new Promise((answer, fail) => {
        if (stopped) return fail(stopped);
        const id = next++;
        waiting.set(id, { answer, fail });
        worker.postMessage({ id, secret } satisfies ToStrengthWorker);
      });
    worker.onmessage = (event: MessageEvent<FromStrengthWorker>) => {
      const message = event.data;
      if (message.type === 'ready') return resolve(estimate);
      waiting.get(message.id)?.answer(message.estimate);
      waiting.delete(message.id);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      stopped = new Error(`The strength estimator's worker stopped: ${event.message || 'its script did not load'}`);
      for (const { fail } of waiting.values()) fail(stopped);
      waiting.clear();
      reject(stopped);
    };
  });
}

/** How the estimator is loaded; tests hold it back to see the screen while it loads. */
export const estimatorSource = { load: startEstimatorWorker };

let loading: Promise<Estimator> | undefined;
/** Once loaded, a form that opens later asks for estimates from its first render. */
let loaded: Estimator | undefined;

/** As on a fresh page: the estimator is loaded again by the next form that needs it. */
export function forgetEstimator(): void {
  loading = undefined;
  loaded = undefined;
}

function loadEstimator(): Promise<Estimator> {
  loading ??= estimatorSource.load().then(
    (estimator) => {
      loaded = estimator;
      return estimator;
    },
    (error: unknown) => {
      loading = undefined;
      // The form says the check is unavailable; the cause is for whoever develops Sleeve.
      reportError(error);
      throw error;
    },
  );
  return loading;
}

export type Strength =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'unavailable' }
  | {
      status: 'estimated';
      estimate: StrengthEstimate;
      /**
       * Whether it is the estimate of the secret as it is now. Right after an edit it is the one before, shown until
       * the new one comes (a moment later), so the verdict does not flicker at every key; a submit waits for it.
       */
      current: boolean;
    };

/**
 * The estimate for `secret`, once the estimator has loaded; nothing to say while it is empty. The estimator loads as
 * soon as the form shows, so it is usually ready by the first keystroke. After a failed load, or a worker that
 * stopped, the next edit tries again.
 */
export function usePasswordStrength(secret: string): Strength {
  const [estimator, setEstimator] = useState<Estimator | null>(() => loaded ?? null);
  // The secret as it was when loading or running the estimator failed: the next edit tries again, not this one.
  const [failedAt, setFailedAt] = useState<string | null>(null);
  const [last, setLast] = useState<{ secret: string; estimate: StrengthEstimate } | null>(null);
  const failed = failedAt !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: while failed, `secret` is what triggers the retry.
  useEffect(() => {
    if (estimator || failedAt === secret) return;
    let current = true;
    loadEstimator().then(
      (loaded) => {
        if (!current) return;
        setEstimator(() => loaded);
        setFailedAt(null);
      },
      () => {
        if (current) setFailedAt(secret);
      },
    );
    return () => {
      current = false;
    };
  }, [estimator, failedAt, failed ? secret : '']);
  useEffect(() => {
    if (!estimator || secret === '') return;
    let current = true;
    estimator(secret).then(
      (estimate) => {
        if (current) setLast({ secret, estimate });
      },
      (error: unknown) => {
        // The worker stopped: the next form, and this one's next edit, start another.
        if (loaded === estimator) forgetEstimator();
        reportError(error);
        if (!current) return;
        setEstimator(null);
        setFailedAt(secret);
      },
    );
    return () => {
      current = false;
    };
  }, [estimator, secret]);
  if (secret === '') return { status: 'empty' };
  if (last?.secret === secret) return { status: 'estimated', estimate: last.estimate, current: true };
  if (failed) return { status: 'unavailable' };
  if (last) return { status: 'estimated', estimate: last.estimate, current: false };
  return { status: 'checking' };
}
