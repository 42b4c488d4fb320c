/** Shows the current toast. A live region, so screen readers announce it as it appears. */
import { useSnapshot } from 'valtio';
import { toastState } from '../state/toast';

export function ToastHost() {
  const toast = useSnapshot(toastState);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toast.visible && (
        <div key={toast.serial} className="toast" data-type={toast.type.toLowerCase()}>
          {toast.message}
        </div>
      )}
    </div>
  );
}
