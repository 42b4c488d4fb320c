/**
 * /password/unlock and its help: the locked start when there is no PIN, or when the person chooses the password
 * (SPEC.md §2, Unlock). After the password was changed on another device the old one no longer opens the key,
 * so the screen asks for the new one and says why.
 */
import { useSnapshot } from 'valtio';
import { Link, Redirect, Route, Switch } from 'wouter';
import { Page } from '../../app/Page';
import { CurrentPasswordField } from '../../components/password/CurrentPasswordField';
import { accountState } from '../../state/account';
import { unlockWithPassword } from '../../state/secrets';
import { appState } from '../../state/store';
import { ForgotPassword } from '../account/ForgotPassword';
import { SignOut } from '../account/SignOut';
import { PasskeyUnlock } from './PasskeyUnlock';

function PasswordUnlockScreen() {
  const { passwordStale } = useSnapshot(appState);
  const { busy, email } = useSnapshot(accountState);
  const prompt = passwordStale ? 'Enter your new password' : 'Unlock using your password';
  return (
    <Page title="Unlock Sleeve" name="Unlock">
      {!passwordStale && <PasskeyUnlock fallback="password" />}
      <p className="lead">{prompt}</p>
      {passwordStale && <p className="field-hint password-note">Your password was changed on another device.</p>}
      <CurrentPasswordField
        // A new field for the new password: nothing typed for the old one carries over.
        key={passwordStale ? 'new' : 'current'}
        username={email}
        label={passwordStale ? 'Enter your new password' : 'Enter password'}
        onVerify={unlockWithPassword}
        disabled={busy}
        focusOnMount
      />
      <div className="help-links">
        <Link href="/help" className="link-button">
          Need help?
        </Link>
      </div>
    </Page>
  );
}

function PasswordUnlockHelp() {
  const { pinCreated } = useSnapshot(appState);
  const { busy } = useSnapshot(accountState);
  return (
    <Page title="Help" name="Unlock help" back={{ to: '~/password/unlock' }}>
      {pinCreated && (
        <section className="settings-section">
          <h2 className="settings-heading">PIN</h2>
          <Link href="~/pin/unlock" className="button button-block">
            Unlock using your PIN
          </Link>
        </section>
      )}
      <section className="settings-section">
        <h2 className="settings-heading">Password</h2>
        <ForgotPassword className="button button-block" disabled={busy} />
      </section>
      <section className="settings-section">
        <h2 className="settings-heading">Account</h2>
        <SignOut disabled={busy} />
      </section>
    </Page>
  );
}

export function PasswordUnlockRoutes() {
  const { passwordCreated, passwordStale, pinCreated } = useSnapshot(appState);
  // Nothing to enter here: the PIN screen is the way in (and it sends a device without a PIN back here).
  if (!passwordCreated && !passwordStale && pinCreated) return <Redirect to="~/pin/unlock" replace />;
  return (
    <Switch>
      <Route path="/" component={PasswordUnlockScreen} />
      <Route path="/help" component={PasswordUnlockHelp} />
      <Route>
        <Redirect to="~/password/unlock" replace />
      </Route>
    </Switch>
  );
}
