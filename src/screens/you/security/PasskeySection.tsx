/**
 * Security → Passkey: set up passkey unlock (behind the verification gate, like every PIN action), or remove it
 * (confirmed). Shown only where the browser can use passkeys, or when one exists and can still be removed. A passkey
 * is an extra way in, so it is offered only beside a PIN or password.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { afterSheetCloses, ConfirmDialog } from '../../../components/ConfirmDialog';
import { PasskeyMessages } from '../../../domain/passkey';
import { gateFor } from '../../../state/gate';
import { checkPasskeySupport, passkeyState } from '../../../state/passkey';
import { removePasskey, setUpPasskey } from '../../../state/passkey-setup';
import { reportError } from '../../../state/report';
import { appState } from '../../../state/store';
import { showError, showToast } from '../../../state/toast';

/** The secrets that still unlock beside a passkey, as a person names them. */
export function fallbackName(pin: boolean, password: boolean): string {
  if (pin && password) return 'PIN or password';
  return password ? 'password' : 'PIN';
}

export function PasskeySection() {
  const { pinCreated, passwordCreated, passkeyCreated } = useSnapshot(appState);
  const { supported, busy } = useSnapshot(passkeyState);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [, navigate] = useLocation();
  useEffect(() => {
    checkPasskeySupport().catch(reportError);
  }, []);
  if (!supported && !passkeyCreated) return null;
  const hasSecret = pinCreated || passwordCreated;
  const fallback = fallbackName(pinCreated, passwordCreated);

  const setUp = () => {
    // After the PIN or password is verified: back on Security while the browser asks for the passkey.
    const route = gateFor(async () => {
      navigate('/', { replace: true });
      try {
        await setUpPasskey();
        showToast('Passkey has been set up');
      } catch (error) {
        showError(error);
      }
    });
    // No secret to verify means no passkey to set up beside it; the button is not shown then.
    if (route) navigate(`/${route}`);
    else showError(new Error(PasskeyMessages.needsSecret));
  };
  const remove = () => {
    removePasskey()
      .then(() => showToast('Passkey has been removed'))
      .catch(showError);
  };

  return (
    <section className="settings-section" aria-labelledby="security-passkey">
      <h2 id="security-passkey" className="settings-heading">
        Passkey
      </h2>
      <p className="field-hint">
        {!hasSecret
          ? PasskeyMessages.needsSecret
          : passkeyCreated
            ? `A passkey unlocks Sleeve on this device. Your ${fallback} still works too.`
            : `Unlock Sleeve on this device with your fingerprint, face or screen lock. Your ${fallback} still works too.`}
      </p>
      {hasSecret && !passkeyCreated && (
        <button type="button" className="button button-block" onClick={setUp} disabled={busy}>
          Set up passkey unlock
        </button>
      )}
      {passkeyCreated && (
        <button
          type="button"
          className="button button-danger button-block"
          onClick={() => setConfirmingRemove(true)}
          disabled={busy}
        >
          Remove passkey
        </button>
      )}
      <ConfirmDialog
        open={confirmingRemove}
        title="Remove passkey"
        texts={['Are you sure you want to remove the passkey?', `Sleeve will then unlock with your ${fallback} only.`]}
        confirmLabel="Remove"
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() => afterSheetCloses(() => setConfirmingRemove(false), remove)}
      />
    </section>
  );
}
