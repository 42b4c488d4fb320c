/** What the toast says, as a person would have seen it, collected for a test's assertions. */
import { subscribe } from 'valtio';
import { onTestFinished } from 'vitest';
import { toastState } from '../../src/state/toast';

/**
 * Every error toast shown from now on until the test finishes. Heard at each change (valtio's synchronous
 * notification), so a toast that a later one replaces at once is still counted.
 */
export function errorToasts(): string[] {
  const shown: string[] = [];
  const stop = subscribe(
    toastState,
    () => {
      if (toastState.visible && toastState.type === 'ERROR') shown.push(toastState.message);
    },
    true,
  );
  onTestFinished(stop);
  return shown;
}
