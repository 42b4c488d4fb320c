/**
 * 'Sign out of your account' and its confirmation, on the Account screen and in the unlock help. Signing out
 * removes the cards, the password and the PIN from this device only; the account keeps the cards.
 */
import { useState } from 'react';
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { signOut } from '../../state/account';
import { showError } from '../../state/toast';

export const SIGN_OUT_TEXTS = [
  'Your cards stay in your account, but this device will forget them.',
  'Sign in again to see them here.',
] as const;

export function SignOut({ disabled = false }: { disabled?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  return (
    <>
      <button type="button" className="button button-block" disabled={disabled} onClick={() => setConfirming(true)}>
        Sign out of your account
      </button>
      <ConfirmDialog
        open={confirming}
        title="Sign out"
        texts={SIGN_OUT_TEXTS}
        confirmLabel="Sign out"
        onCancel={close}
        onConfirm={() => afterSheetCloses(close, () => signOut().catch(showError))}
      />
    </>
  );
}
