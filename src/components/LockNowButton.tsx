/** 'Lock now': drops the key and every card at once; the unlock screen takes over. Shown only where a secret exists. */
import { lockNow } from '../state/auto-lock';
import { showError } from '../state/toast';

export function LockNowButton({ className }: { className: string }) {
  return (
    <button type="button" className={className} onClick={() => lockNow().catch(showError)}>
      Lock now
    </button>
  );
}
