/**
 * 'Forgot PIN?': a PIN cannot be recovered. With a password, the way back is the password (then a new PIN); without
 * one the cards here cannot be opened, so what is left is to erase Sleeve's data on this device, asked twice.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { eraseDevice } from '../../state/lifecycle';
import { appState } from '../../state/store';
import { showError } from '../../state/toast';

type ForgotStep = 'closed' | 'explain' | 'erase';

export function ForgotPin({ className = 'button button-block' }: { className?: string }) {
  const { passwordCreated } = useSnapshot(appState);
  const [step, setStep] = useState<ForgotStep>('closed');
  const [, navigate] = useLocation();
  const close = () => setStep('closed');
  return (
    <>
      <button type="button" className={className} onClick={() => setStep('explain')}>
        Forgot PIN?
      </button>
      {passwordCreated ? (
        <ConfirmDialog
          open={step === 'explain'}
          title="Forgot PIN?"
          texts={[
            'A PIN cannot be recovered.',
            'Unlock with your password instead, then create a new PIN in You → Security.',
          ]}
          confirmLabel="Use password"
          onCancel={close}
          onConfirm={() => {
            close();
            navigate('~/password/unlock');
          }}
        />
      ) : (
        <>
          <ConfirmDialog
            open={step === 'explain'}
            title="Forgot PIN?"
            texts={[
              'A PIN cannot be recovered, and without it the cards on this device cannot be opened.',
              "You can erase Sleeve's data on this device and start again.",
            ]}
            confirmLabel="Erase data"
            onCancel={close}
            onConfirm={() => setStep('erase')}
          />
          <ConfirmDialog
            open={step === 'erase'}
            title="Erase all data?"
            texts={[
              'Every card saved in Sleeve on this device will be gone for good.',
              'This action cannot be undone.',
            ]}
            confirmLabel="Erase everything"
            onCancel={close}
            onConfirm={() => {
              close();
              eraseDevice().catch(showError);
            }}
          />
        </>
      )}
    </>
  );
}
