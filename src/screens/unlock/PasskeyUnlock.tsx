/**
 * 'Unlock with passkey', offered first on the locked screens when this device has a passkey and the browser can use
 * it. The PIN keypad or password field stays below it: a cancelled or failed ceremony says so and leaves them there.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { checkPasskeySupport, passkeyState, unlockWithPasskey } from '../../state/passkey';
import { reportError } from '../../state/report';
import { appState } from '../../state/store';
import { showError } from '../../state/toast';

export function PasskeyUnlock({ fallback }: { fallback: 'PIN' | 'password' }) {
  const { passkeyCreated } = useSnapshot(appState);
  const { supported, busy } = useSnapshot(passkeyState);
  useEffect(() => {
    checkPasskeySupport().catch(reportError);
  }, []);
  if (!passkeyCreated || !supported) return null;
  return (
    <div className="passkey-unlock">
      <button
        type="button"
        className="button button-primary button-block"
        onClick={() => {
          unlockWithPasskey().catch(showError);
        }}
        disabled={busy}
        aria-busy={busy}
      >
        Unlock with passkey
      </button>
      <p className="field-hint">Or use your {fallback} below.</p>
    </div>
  );
}
