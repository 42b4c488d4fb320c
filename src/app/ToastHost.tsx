/**
 * Shows the current toast, in a polite live region so screen readers announce it as it appears: unless the screen
 * already shows the same message in an alert of its own (the PIN pad's), which has been announced once already.
 * An error toast belongs to the screen it appeared on and goes when the person leaves that screen (a wrong PIN's
 * message does not follow them onto Help); a success toast, which usually confirms the step that brought them to
 * the next screen, stays its 3 s. Sleeve locking is not the person leaving: an error told as it locked (why a card
 * they were saving was refused, say) stays on the unlock screen it moved them to.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { hideToast, toastState } from '../state/toast';
import { onAddressChange } from './address-changes';

/** True when an alert on the page says this message already. */
function shownAsAlert(message: string): boolean {
  const text = message.trim();
  return Array.from(document.querySelectorAll('[role="alert"]')).some((alert) => alert.textContent?.trim() === text);
}

/** The unlock screens, where a lock moves the person whatever they were doing. */
const UNLOCK_SCREEN = /^\/(pin|password)\/unlock\/?$/;

/** Hides an error toast once the address moves away from where it was first shown, unless a lock moved it. */
function useScreenScopedErrors(serial: number, visible: boolean): void {
  const shownOn = useRef<{ serial: number; path: string } | null>(null);
  useEffect(() => {
    if (visible && shownOn.current?.serial !== serial) shownOn.current = { serial, path: location.pathname };
  }, [visible, serial]);
  useEffect(
    () =>
      onAddressChange(() => {
        const origin = shownOn.current;
        const path = location.pathname;
        if (!origin || origin.path === path || UNLOCK_SCREEN.test(path)) return;
        if (toastState.visible && toastState.type === 'ERROR' && toastState.serial === origin.serial) hideToast();
      }),
    [],
  );
}

export function ToastHost() {
  const toast = useSnapshot(toastState);
  // Which toast may be announced: decided just after it renders, once the screen's own update (its alert) is in too.
  const [spokenSerial, setSpokenSerial] = useState<number | null>(null);
  useEffect(() => {
    if (!toast.visible) return;
    const { serial, message } = toast;
    const timer = setTimeout(() => setSpokenSerial(shownAsAlert(message) ? null : serial), 0);
    return () => clearTimeout(timer);
  }, [toast]);
  useScreenScopedErrors(toast.serial, toast.visible);

  const spoken = spokenSerial === toast.serial;
  const shown = toast.visible && (
    <div key={toast.serial} className="toast" data-type={toast.type.toLowerCase()}>
      {toast.message}
    </div>
  );
  return (
    <div className="toast-host">
      <div className="toast-live" role="status" aria-live="polite">
        {spoken && shown}
      </div>
      {/* Hidden from assistive technology while its alert says the same: once is enough. */}
      {!spoken && shown && <div aria-hidden="true">{shown}</div>}
    </div>
  );
}
