/**
 * /user/account (SPEC.md §2): signed out, the way in through Google; signed in, who is signed in, signing out and
 * the Danger Zone. Whatever is running (sign-in, sign-out, deletion) shows a spinner and holds the buttons.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { DangerZone } from '../../components/DangerZone';
import { Spinner } from '../../components/Spinner';
import { accountState } from '../../state/account';
import { gateFor } from '../../state/gate';
import { signInWithGoogle } from '../../state/sign-in';
import { appState } from '../../state/store';
import { showError } from '../../state/toast';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SignOut } from './SignOut';

function SignedOut() {
  const { busy } = useSnapshot(accountState);
  const [, navigate] = useLocation();
  /**
   * A new account's password wraps this device's key. When a PIN guards that key, the PIN is asked for first: the
   * engine wraps a held key under a new secret only for someone who knows the current one.
   */
  const createPassword = () => {
    const route = gateFor(() => navigate('/password/create', { replace: true }), { forNewSecret: true });
    navigate(route ? `/${route}` : '/password/create');
  };
  const signIn = () => {
    signInWithGoogle()
      .then((result) => {
        // null: the person closed the popup, which needs no message.
        if (result === 'CREATE_PASSWORD') createPassword();
        else if (result === 'ENTER_PASSWORD') navigate('/password/sign-in');
        else if (result === 'PASSWORD_MISSING') navigate('/password/missing');
      })
      .catch(showError);
  };
  return (
    <>
      <p className="lead">
        Sign in to keep your cards in sync across your devices. They are encrypted with your password before they leave
        this device.
      </p>
      <button type="button" className="button button-primary button-block" disabled={busy} onClick={signIn}>
        Sign in with Google
      </button>
      {busy && <Spinner label="Signing in" />}
    </>
  );
}

function SignedIn({ fullName }: { fullName: string }) {
  const { busy } = useSnapshot(accountState);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <section className="account-profile" aria-label="Signed in">
        <p className="muted">Signed in with Google as</p>
        <p className="account-name">{fullName}</p>
      </section>
      <section className="settings-section">
        <SignOut disabled={busy} />
      </section>
      <DangerZone
        hint="Deletes the account and every card in it, on the server and on this device."
        disabled={busy}
        action="Delete account"
        onAsk={() => setDeleting(true)}
      />
      {busy && <Spinner label="Working on your account" />}
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

export function AccountScreen() {
  const { user } = useSnapshot(appState);
  return (
    <Page title="Account" back={{ to: '~/user' }}>
      {user ? <SignedIn fullName={user.fullName} /> : <SignedOut />}
    </Page>
  );
}
