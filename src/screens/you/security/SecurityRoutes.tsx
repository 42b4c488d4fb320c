/**
 * /user/security: change the password (when one exists), and create, change or remove the PIN. Each PIN action
 * passes the verification gate first (SPEC.md §4): the password when one exists, else the PIN, else straight on.
 * Change password is not behind the gate: its own first step is the verification.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { Page } from '../../../app/Page';
import { afterSheetCloses, ConfirmDialog } from '../../../components/ConfirmDialog';
import type { FollowUp } from '../../../state/gate';
import { gateFor } from '../../../state/gate';
import { removePin } from '../../../state/pin-changes';
import { appState } from '../../../state/store';
import { showError, showToast } from '../../../state/toast';
import { PasswordVerifyScreen } from '../../password/PasswordVerifyScreen';
import { PinCreateRoutes } from '../../pin/PinCreateRoutes';
import { PinVerifyScreen } from '../../pin/PinVerifyScreen';
import { AutoLockSection } from './AutoLockSection';
import { CardPinSection } from './CardPinSection';
import { ChangePasswordScreen } from './ChangePasswordScreen';
import { ClipboardSection } from './ClipboardSection';
import { PasskeySection } from './PasskeySection';

function SecurityScreen() {
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [, navigate] = useLocation();

  /**
   * Runs `action` behind the gate: straight away, or after the verify screen it opens. `forNewSecret`: the action
   * leads to a new PIN, which the engine wraps only with the secret verified here.
   */
  const guarded = (action: FollowUp, forNewSecret = false) => {
    const route = gateFor(action, { forNewSecret });
    if (route) navigate(`/${route}`);
    else Promise.resolve(action()).catch(showError);
  };

  const openCreate = () => guarded(() => navigate('/pin/create', { replace: appState.pinCreated }), true);
  const remove = () =>
    guarded(async () => {
      await removePin();
      showToast('PIN has been removed');
      navigate('/', { replace: true });
    });

  return (
    <Page title="Security" back={{ to: '~/user' }}>
      {passwordCreated && (
        <section className="settings-section" aria-labelledby="security-password">
          <h2 id="security-password" className="settings-heading">
            Password
          </h2>
          <p className="field-hint">Your password encrypts your cards in your account and unlocks Sleeve.</p>
          <Link href="/password/change" className="button button-block">
            Change password
          </Link>
        </section>
      )}
      <section className="settings-section" aria-labelledby="security-pin">
        <h2 id="security-pin" className="settings-heading">
          PIN
        </h2>
        <p className="field-hint">
          {pinCreated
            ? 'Your PIN unlocks Sleeve on this device, and your cards here are stored encrypted.'
            : 'A six-digit PIN keeps the cards on this device encrypted and locks Sleeve when you leave.'}
        </p>
        <button type="button" className="button button-block" onClick={openCreate}>
          {pinCreated ? 'Change PIN' : 'Create PIN'}
        </button>
        {pinCreated && (
          <button type="button" className="button button-danger button-block" onClick={() => setConfirmingRemove(true)}>
            Remove PIN
          </button>
        )}
      </section>
      <AutoLockSection />
      <ClipboardSection />
      <CardPinSection />
      <PasskeySection />
      <ConfirmDialog
        open={confirmingRemove}
        title="Remove PIN"
        texts={[
          'Are you sure you want to remove the PIN?',
          passwordCreated
            ? 'Sleeve will then unlock with your password only.'
            : 'Your cards on this device will no longer be encrypted, and Sleeve will open without a PIN.',
        ]}
        confirmLabel="Remove"
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() => afterSheetCloses(() => setConfirmingRemove(false), remove)}
      />
    </Page>
  );
}

export function SecurityRoutes() {
  const [, navigate] = useLocation();
  return (
    <Switch>
      <Route path="/" component={SecurityScreen} />
      <Route path="/password/change" component={ChangePasswordScreen} />
      <Route path="/password/verify">
        <PasswordVerifyScreen back="/" />
      </Route>
      <Route path="/pin/verify">
        <PinVerifyScreen back="/" />
      </Route>
      <Route path="/pin/create" nest>
        <PinCreateRoutes back="~/user/security" onCreated={() => navigate('~/user/security', { replace: true })} />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
