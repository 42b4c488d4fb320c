/**
 * Under each screen's title while an account is on this device and the browser is offline: what still works and that
 * nothing is lost. The account's cards live on the server (this device keeps only the changes not yet sent), so until
 * the server answers, Home shows only those; the notice says why. Without an account nothing depends on the
 * connection, so nothing is said.
 *
 * If the account could not even be opened at start (Firebase's code did not load), changes have no outbox to wait in,
 * so the notice promises nothing and says what to do.
 *
 * The live region is always there, so a notice that appears while a screen is open is announced, and one already
 * showing is not announced again on every screen.
 */
import { useSnapshot } from 'valtio';
import { cardsState } from '../state/cards';
import { appState } from '../state/store';
import { useOnline } from './use-online';

export const OfflineTexts = {
  offline: 'You are offline. Changes you make are kept on this device and sync when you are back online.',
  cardsWait: "Your account's cards show again once the connection is back.",
  accountClosed: 'You are offline, and Sleeve could not open your account. Reload Sleeve once you are back online.',
} as const;

function offlineText(locked: boolean, merging: boolean, accountOpen: boolean): string {
  if (!accountOpen) return OfflineTexts.accountClosed;
  return !locked && merging ? `${OfflineTexts.offline} ${OfflineTexts.cardsWait}` : OfflineTexts.offline;
}

export function OfflineNotice() {
  const online = useOnline();
  const { passwordCreated, locked, user, phase } = useSnapshot(appState);
  const { merging } = useSnapshot(cardsState);
  const shown = !online && passwordCreated && phase === 'ready';
  return (
    <div className="offline-notice-host" role="status">
      {shown && <p className="offline-notice">{offlineText(locked, merging, user !== null)}</p>}
    </div>
  );
}
