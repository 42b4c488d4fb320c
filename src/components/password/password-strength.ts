/**
 * The strength estimator, for the screens where a new password is chosen: loaded on demand (a dynamic import, so
 * its dictionaries are a chunk of their own that no other screen downloads), once per page. A failed download may
 * be tried again.
 */
import { useEffect, useMemo, useState } from 'react';
import type { StrengthEstimate } from '../../domain/password-strength';

type Estimator = (password: string) => StrengthEstimate;

export const StrengthMessages = {
  checking: 'Checking password strength…',
  unavailable: 'The password strength check could not be loaded. Check your connection, then edit the password.',
  weak: 'This password would be easy to guess. Add another word or two that are not common.',
} as const;

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
      throw error;
    },
  );
  return loading;
}

export type Strength =
  | { status: 'checking' }
  | { status: 'unavailable' }
  | { status: 'estimated'; estimate: StrengthEstimate };

/** The estimate for `password`, once the estimator has loaded. After a failed load, the next edit tries again. */
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
  const estimate = useMemo(() => (estimator ? estimator(password) : null), [estimator, password]);
  if (estimate) return { status: 'estimated', estimate };
  return failed ? { status: 'unavailable' } : { status: 'checking' };
}
