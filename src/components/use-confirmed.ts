/**
 * An action guarded by a question the screen asks first (e.g. 'Ask before showing PINs' asking for the PIN, passkey
 * or password). Without a question the action runs at once, inside the press itself, so a clipboard write keeps the
 * press's user activation; with one, it runs only once the answer is yes.
 */
import { useRef } from 'react';
import { showError } from '../state/toast';

/** Resolves true when the person may go on; false when they cancelled or failed. */
export type Confirm = () => Promise<boolean>;

export function useConfirmed(confirm: Confirm | undefined): (action: () => void) => void {
  // A second press while the question is open would ask twice.
  const asking = useRef(false);
  return (action) => {
    if (!confirm) {
      action();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    confirm()
      .then((allowed) => {
        if (allowed) action();
      })
      // A question that broke is not a yes; what broke is said like any other error.
      .catch(showError)
      .finally(() => {
        asking.current = false;
      });
  };
}
