/**
 * /user/account/password/missing: the account holds cards but the server has no password record for them. The
 * record is what wraps the key those cards are encrypted with, so without it they cannot be opened, and a new
 * password would only wrap a new key beside them: no password is offered. What is left is said plainly: sign out
 * (this device stays as it was), or delete the account and start again.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { DangerZone } from '../../components/DangerZone';
import { Spinner } from '../../components/Spinner';
import { AccountMessages, accountState } from '../../state/account';
import { deleteAccount } from '../../state/leave';
import { abandonSignIn } from '../../state/sign-in';
import { showError } from '../../state/toast';

export const MISSING_TEXTS = {
  title: 'Password record missing',
  what: AccountMessages.passwordMissing,
  signOut:
    'Sign out to leave this device as it is. If the record is restored on the server, signing in again asks for the password.',
  delete:
    'Or delete the account with the cards nobody can open, then sign in again to start afresh with a new password.',
  confirm: [
    'The account and the cards on the server will be deleted. They cannot be opened, so they cannot be recovered.',
    'The cards on this device stay. This action cannot be undone.',
  ],
} as const;

export function MissingPasswordScreen() {
  const { busy } = useSnapshot(accountState);
  const [deleting, setDeleting] = useState(false);
  const close = () => setDeleting(false);
  return (
    <Page title={MISSING_TEXTS.title} back={{ to: '~/user/account' }}>
      <p className="lead">{MISSING_TEXTS.what}</p>
      <section className="settings-section">
        <p className="field-hint">{MISSING_TEXTS.signOut}</p>
        <button
          type="button"
          className="button button-block"
          disabled={busy}
          onClick={() => abandonSignIn().catch(showError)}
        >
          Sign out
        </button>
      </section>
      <DangerZone hint={MISSING_TEXTS.delete} disabled={busy} action="Delete account" onAsk={() => setDeleting(true)} />
      {busy && <Spinner label="Working on your account" />}
      <ConfirmDialog
        open={deleting}
        title="Delete account"
        texts={MISSING_TEXTS.confirm}
        confirmLabel="Delete"
        onCancel={close}
        onConfirm={() => afterSheetCloses(close, () => deleteAccount().catch(showError))}
      />
    </Page>
  );
}
