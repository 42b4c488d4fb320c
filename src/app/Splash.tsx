/**
 * The splash while Sleeve reads storage and, with an account, waits for Firebase to say who is signed in. If that
 * takes longer than a start should, it says what it is waiting for and offers a reload, so a stuck start never
 * looks like a page that does nothing.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { appState } from '../state/store';
import '../styles/start-failure.css';

/** Well past a normal start (under a second) and a slow network's sign-in check. */
export const SLOW_START_MS = 10_000;

export function Splash() {
  const { remoteReady } = useSnapshot(appState);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_START_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="splash">
      <img src="/sleeve.svg" alt="Sleeve" width={96} height={96} />
      {slow && (
        <div className="splash-slow" role="status">
          <p>
            {remoteReady
              ? 'Sleeve is taking longer than usual to open your cards.'
              : 'Sleeve is taking longer than usual to reach your account. Check your connection.'}
          </p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
