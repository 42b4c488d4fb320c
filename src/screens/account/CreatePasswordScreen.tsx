/**
 * /user/account/password/create: the first password of a new account. It wraps the key that encrypts the cards
 * and is never stored, which the person is told before choosing it.
 */
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { accountState } from '../../state/account';
import { createAccountPassword } from '../../state/sign-in';
import { showToast } from '../../state/toast';

export function CreatePasswordScreen() {
  const { busy, email } = useSnapshot(accountState);
  const [, navigate] = useLocation();
  const create = async (password: string) => {
    const outcome = await createAccountPassword(password);
    if (outcome === 'password-exists') {
      // Another device was first: its password is the account's, and this device's cards join under it.
      navigate('~/user/account/password/sign-in', { replace: true });
      return;
    }
    showToast('Password has been created');
    // Replace: going back must not land on a form for a password that now exists.
    navigate('~/user/account', { replace: true });
  };
  return (
    <Page title="Create a password" back={{ to: '~/user/account' }}>
      <p className="lead">
        Your password encrypts your cards before they leave this device. It is never stored anywhere, so it cannot be
        recovered: keep it somewhere safe.
      </p>
      <NewPasswordFields
        label="Password"
        submitLabel="Create password"
        onSubmit={create}
        disabled={busy}
        username={email}
      />
    </Page>
  );
}
