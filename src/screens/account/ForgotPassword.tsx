/**
 * 'Forgot password?': the password is never stored, so it cannot be recovered and nobody can open the account's
 * cards without it. What is left is to delete the account and start again, asked a second time before it happens.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';

type Step = 'closed' | 'explain' | 'delete';

export function ForgotPassword({
  className = 'link-button',
  disabled = false,
}: {
  className?: string;
  disabled?: boolean;
}) {
  const [step, setStep] = useState<Step>('closed');
  const close = () => setStep('closed');
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => setStep('explain')}>
        Forgot password?
      </button>
      <ConfirmDialog
        open={step === 'explain'}
        title="Forgot password?"
        texts={[
          'Your password cannot be recovered: Sleeve never stores it, not even on the server.',
          "Without it, your account's cards cannot be opened. You can delete the account and start again with a new password.",
        ]}
        confirmLabel="Delete account"
        onCancel={close}
        onConfirm={() => setStep('delete')}
      />
      <DeleteAccountDialog open={step === 'delete'} onClose={close} />
    </>
  );
}
