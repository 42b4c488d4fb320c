/**
 * /password/unlock and its help: the locked start when there is no PIN, or when the person chooses the password
 * (SPEC.md §2, Unlock). After the password was changed on another device the old one no longer opens the key,
 * so the screen asks for the new one and says why.
 */
import { useSnapshot } from 'valtio';
import { Link, Redirect } from 'wouter';
import { Page } from '../../app/Page';
import { Loading, lazyScreen } from '../../components/lazy-screen';
import { CurrentPasswordField } from '../../components/password/CurrentPasswordField';
import { accountState } from '../../state/account';
import { unlockWithPassword } from '../../state/secrets';
import { appState } from '../../state/store';
import { ForgotPassword } from '../account/ForgotPassword';
import { SignOut } from '../account/SignOut';
import { PasskeyUnlock } from './PasskeyUnlock';
import { HelpSection, UnlockHelp, UnlockRoutes } from './UnlockHelp';

// Shown only after another device's new password turned out not to open this device's cards, which takes the
// network: a script of its own, out of the first ones.
const KeyConflict = lazyScreen(() => import('./KeyConflict'), 'KeyConflict');

function PasswordUnlockScreen() {
  const { passwordStale, keyConflict } = useSnapshot(appState);
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
      {passwordStale && keyConflict && (
        <Loading>
          <KeyConflict />
        </Loading>
      )}
      <div className="help-links">
        <Link href="/help" className="link-button">
          Need help?
        </Link>
      </div>
    </Page>
  );
}

function PasswordUnlockHelp() {
  const { busy } = useSnapshot(accountState);
  return (
    <UnlockHelp other="pin">
      <HelpSection heading="Password">
        <ForgotPassword className="button button-block" disabled={busy} />
      </HelpSection>
      <HelpSection heading="Account">
        <SignOut disabled={busy} />
      </HelpSection>
    </UnlockHelp>
  );
}

export function PasswordUnlockRoutes() {
  const { passwordCreated, passwordStale, pinCreated } = useSnapshot(appState);
  // Nothing to enter here: the PIN screen is the way in (and it sends a device without a PIN back here).
  if (!passwordCreated && !passwordStale && pinCreated) return <Redirect to="~/pin/unlock" replace />;
  return <UnlockRoutes screen={PasswordUnlockScreen} help={PasswordUnlockHelp} />;
}
