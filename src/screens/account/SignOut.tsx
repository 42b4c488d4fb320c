/**
 * 'Sign out of your account' and its confirmation, on the Account screen and in the unlock help. Signing out
 * removes the cards, the password and the PIN from this device only; the account keeps the cards.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { cardsState } from '../../state/cards';
import { signOut } from '../../state/leave';
import { showError } from '../../state/toast';

export const SIGN_OUT_TEXTS = [
  'Your cards stay in your account, but this device will forget them.',
  'Sign in again to see them here.',
] as const;

/** Said too when changes made on this device have not reached the account yet: signing out now loses them. */
export const unsentWarning = (waiting: number): string =>
  `${waiting === 1 ? '1 change has' : `${waiting} changes have`} not reached your account yet. ` +
  'Signing out now loses them; go online and wait for them to be sent first.';

export function SignOut({ disabled = false }: { disabled?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const { waiting } = useSnapshot(cardsState);
  const close = () => setConfirming(false);
  return (
    <>
      <button type="button" className="button button-block" disabled={disabled} onClick={() => setConfirming(true)}>
        Sign out of your account
      </button>
      <ConfirmDialog
        open={confirming}
        title="Sign out"
        texts={waiting > 0 ? [...SIGN_OUT_TEXTS, unsentWarning(waiting)] : SIGN_OUT_TEXTS}
        confirmLabel="Sign out"
        onCancel={close}
        onConfirm={() => afterSheetCloses(close, () => signOut().catch(showError))}
      />
    </>
  );
}
