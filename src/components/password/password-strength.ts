/**
 * The strength estimator, for the forms where a new secret is chosen (a password, a backup passphrase): loaded on
 * demand (a dynamic import, so its dictionaries are a chunk of their own that no other screen downloads), once per
 * page. A failed download may be tried again.
 */
import { useEffect, useMemo, useState } from 'react';
import type { StrengthEstimate } from '../../domain/password-strength';
import { reportError } from '../../state/report';

type Estimator = (password: string) => StrengthEstimate;

/** How the estimator is loaded; tests hold it back to see the screen while it loads. */
export const estimatorSource = {
  load: (): Promise<Estimator> => import('../../domain/password-strength').then((module) => module.estimateStrength),
};

let loading: Promise<Estimator> | undefined;
/** Once loaded, a form that opens later estimates from its first render, with no 'Checking…' in between. */
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
  | { status: 'estimated'; estimate: StrengthEstimate };

/**
 * The estimate for `password`, once the estimator has loaded; nothing to say while it is empty. The estimator loads
 * as soon as the form shows, so it is usually ready by the first keystroke. After a failed load, the next edit tries
 * again.
 */
export function usePasswordStrength(password: string): Strength {
  const [estimator, setEstimator] = useState<Estimator | null>(() => loaded ?? null);
  const [failed, setFailed] = useState(false);
  // Any edit after a failure is another try.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `password` is what triggers the retry.
  useEffect(() => {
    if (estimator) return;
    let current = true;
    loadEstimator().then(
      (loaded) => {
        if (!current) return;
        setEstimator(() => loaded);
        setFailed(false);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [estimator, failed ? password : '']);
  const estimate = useMemo(() => (estimator && password ? estimator(password) : null), [estimator, password]);
  if (password === '') return { status: 'empty' };
  if (estimate) return { status: 'estimated', estimate };
  return failed ? { status: 'unavailable' } : { status: 'checking' };
}
