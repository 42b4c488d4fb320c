/** /pin/unlock and its help: the locked start when a PIN exists (SPEC.md §2, Unlock). */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PinPad } from '../../components/pin/PinPad';
import { eraseDevice } from '../../state/app';
import { unlockWithPin } from '../../state/secrets';
import { appState } from '../../state/store';
import { showError } from '../../state/toast';
import { PasskeyUnlock } from './PasskeyUnlock';

function PinUnlockScreen() {
  return (
    <Page title="Unlock Sleeve">
      <PasskeyUnlock fallback="PIN" />
      <p className="lead">Unlock using your PIN.</p>
      <PinPad onSubmit={unlockWithPin} purpose="current" />
      <Link href="/help" className="link-button">
        Need help?
      </Link>
    </Page>
  );
}

type ForgotStep = 'closed' | 'explain' | 'erase';

function PinUnlockHelp() {
  const { passwordCreated } = useSnapshot(appState);
  const [step, setStep] = useState<ForgotStep>('closed');
  const [, navigate] = useLocation();
  const close = () => setStep('closed');
  return (
    <Page title="Help" back={{ to: '/' }}>
      {passwordCreated && (
        <section className="settings-section">
          <h2 className="settings-heading">Password</h2>
          <Link href="~/password/unlock" className="button button-block">
            Unlock using your password
          </Link>
        </section>
      )}
      <section className="settings-section">
        <h2 className="settings-heading">PIN</h2>
        <button type="button" className="button button-block" onClick={() => setStep('explain')}>
          Forgot PIN?
        </button>
      </section>
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
    </Page>
  );
}

export function PinUnlockRoutes() {
  const { pinCreated } = useSnapshot(appState);
  if (!pinCreated) return <Redirect to="~/password/unlock" replace />;
  return (
    <Switch>
      <Route path="/" component={PinUnlockScreen} />
      <Route path="/help" component={PinUnlockHelp} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
