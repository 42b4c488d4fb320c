/**
 * Shown while locked when the account's newer password record wraps a key that cannot open this device's cards
 * (src/state/newer-password.ts): nothing was dropped here, and the person may keep this device's key.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { keepDeviceKey, NewerPasswordMessages } from '../../state/newer-password';
import { appState } from '../../state/store';
import { showError, showToast } from '../../state/toast';

export const KEY_CONFLICT_TEXT =
  "The account's password was replaced by one whose key cannot open the cards on this device. Nothing was removed " +
  "here. You can keep using this device's key: your cards open as before, and your other devices ask for this " +
  "device's password again.";

export function KeyConflict() {
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const keep = () => {
    setBusy(true);
    keepDeviceKey()
      .then(() => {
        showToast(NewerPasswordMessages.keptDeviceKey);
        // This device's own way in, as at any locked start: the PIN first where there is one.
        if (appState.pinCreated) navigate('~/pin/unlock', { replace: true });
      })
      .catch(showError)
      .finally(() => setBusy(false));
  };
  return (
    <section className="key-conflict" aria-labelledby="key-conflict-heading">
      <h2 id="key-conflict-heading">Your cards are safe on this device</h2>
      <p>{KEY_CONFLICT_TEXT}</p>
      <button type="button" className="button button-block" disabled={busy} onClick={keep}>
        Keep using this device's key
      </button>
    </section>
  );
}
