/**
 * A sign that the screen chosen is still on its way, once it has been for a moment. A change of tab, and opening
 * a card, an editor, a screen loaded on demand or Home's list, is a transition (src/app/unlocked-address.ts): the
 * screen before stays until the new one is built, which takes a few frames, or as long as the network takes when the
 * new screen's script is not yet on the device. Shown at once, the sign would flash at every tap; never shown, a slow download would look like a tap
 * that did nothing.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../components/Spinner';
import { useChosenAddress } from './unlocked-address';

/** How long a chosen screen may be on its way before the sign shows: longer than building any screen takes at 4× CPU throttling. */
export const PENDING_SIGN_DELAY_MS = 400;

function PendingSign() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), PENDING_SIGN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return late ? (
    <div className="screen-pending">
      <Spinner label="Loading" />
    </div>
  ) : null;
}

/** Rendered inside the unlocked area's router, whose location is the screen shown. */
export function ScreenPending() {
  const [shown] = useLocation();
  const chosen = useChosenAddress();
  // Keyed by the address chosen: each new choice waits its own moment.
  return shown === chosen ? null : <PendingSign key={chosen} />;
}
