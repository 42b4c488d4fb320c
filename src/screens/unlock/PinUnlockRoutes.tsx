/**
 * /pin/unlock and its help: the locked start when a PIN exists (SPEC.md §2, Unlock). After five wrong PINs in a row
 * the keypad waits, with a countdown; after ten, or when the key that binds the PIN to this device is gone, the PIN
 * cannot open and the screen offers the password (if any) and 'Forgot PIN?' instead.
 */
import { useSnapshot } from 'valtio';
import { Link, Redirect } from 'wouter';
import { Page } from '../../app/Page';
import { PinPad } from '../../components/pin/PinPad';
import { useSecondsUntil } from '../../components/pin/use-seconds-until';
import { Messages } from '../../domain/errors';
import { PinLimitMessages } from '../../domain/pin-attempts';
import { unlockWithPin } from '../../state/secrets';
import { appState, pinLimitState } from '../../state/store';
import { ForgotPin } from './ForgotPin';
import { PasskeyUnlock } from './PasskeyUnlock';
import { HelpSection, UnlockHelp, UnlockRoutes } from './UnlockHelp';

function PinUnlockScreen() {
  const { tryAgainAt, stopped, keyMissing } = useSnapshot(pinLimitState);
  const seconds = useSecondsUntil(tryAgainAt);
  if (stopped || keyMissing)
    return <PinUnusable reason={stopped ? PinLimitMessages.stopped : Messages.pinKeyMissing} />;
  return (
    <Page title="Unlock Sleeve" name="Unlock">
      <PasskeyUnlock fallback="PIN" />
      <p className="lead">Unlock using your PIN.</p>
      {seconds > 0 && <p className="field-hint pin-wait-reason">{PinLimitMessages.tooMany}</p>}
      <PinPad
        onSubmit={unlockWithPin}
        purpose="current"
        blocked={seconds > 0 ? PinLimitMessages.tryAgainIn(seconds) : ''}
      />
      <Link href="/help" className="link-button">
        Need help?
      </Link>
    </Page>
  );
}

/** The PIN cannot open now: why, and the ways in that are left. */
function PinUnusable({ reason }: { reason: string }) {
  const { passwordCreated } = useSnapshot(appState);
  return (
    <Page title="Unlock Sleeve">
      <p className="lead" role="alert">
        {reason}
      </p>
      <div className="pin-unusable">
        {passwordCreated && (
          <Link href="~/password/unlock" className="button button-primary button-block">
            Unlock using your password
          </Link>
        )}
        <ForgotPin />
      </div>
    </Page>
  );
}

function PinUnlockHelp() {
  return (
    <UnlockHelp other="password">
      <HelpSection heading="PIN">
        <ForgotPin />
      </HelpSection>
    </UnlockHelp>
  );
}

export function PinUnlockRoutes() {
  const { pinCreated } = useSnapshot(appState);
  if (!pinCreated) return <Redirect to="~/password/unlock" replace />;
  return <UnlockRoutes screen={PinUnlockScreen} help={PinUnlockHelp} />;
}
