/**
 * /user/account/password/sign-in: an existing account's password, which opens its cards on this device. Any PIN
 * here is cleared by signing in, so the person is told to set it up again.
 */
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { CurrentPasswordField } from '../../components/password/CurrentPasswordField';
import { accountState } from '../../state/account';
import { enterAccountPassword } from '../../state/sign-in';
import { showToast } from '../../state/toast';
import { ForgotPassword } from './ForgotPassword';

/** Beyond SPEC.md: two devices created the account's first password at once, and the other one was first. */
export const PASSWORD_FROM_ELSEWHERE =
  "Another device created this account's password a moment before this one. Enter that password: the cards on this device join the account under it, and nothing is lost.";

export function EnterPasswordScreen() {
  const { busy, email, passwordFromElsewhere } = useSnapshot(accountState);
  const [, navigate] = useLocation();
  const signIn = async (password: string) => {
    await enterAccountPassword(password);
    showToast('Signed in');
    navigate('~/user/account', { replace: true });
  };
  return (
    <Page title="Enter your password" back={{ to: '~/user/account' }}>
      <p className="lead">Your account already has a password. Enter it to open your cards on this device.</p>
      {passwordFromElsewhere && (
        <p className="field-hint password-note" role="status">
          {PASSWORD_FROM_ELSEWHERE}
        </p>
      )}
      <p className="field-hint password-note">
        A PIN does not carry over: set it up again on this device in You → Security.
      </p>
      <CurrentPasswordField label="Password" onVerify={signIn} disabled={busy} focusOnMount username={email} />
      <div className="help-links">
        <ForgotPassword disabled={busy} />
      </div>
    </Page>
  );
}
