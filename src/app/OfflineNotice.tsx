/**
 * Under each screen's title while an account is on this device and the browser is offline: what still works and that
 * nothing is lost. Until the server answers, Home shows the account's cards as this device last saw them (a copy of
 * their ciphertext is kept here) with the changes not yet sent; the notice says so. Without an account nothing depends on the
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
  lastSeen:
    'Your cards show as this device last saw them; changes from other devices arrive once the connection is back.',
  accountClosed: 'You are offline, and Sleeve could not open your account. Reload Sleeve once you are back online.',
} as const;

function offlineText(locked: boolean, merging: boolean, accountOpen: boolean, anyShown: boolean): string {
  if (!accountOpen) return OfflineTexts.accountClosed;
  if (locked || !merging) return OfflineTexts.offline;
  return `${OfflineTexts.offline} ${anyShown ? OfflineTexts.lastSeen : OfflineTexts.cardsWait}`;
}

export function OfflineNotice() {
  const online = useOnline();
  const { passwordCreated, locked, user, phase } = useSnapshot(appState);
  const { merging, cards } = useSnapshot(cardsState);
  const shown = !online && passwordCreated && phase === 'ready';
  return (
    <div className="offline-notice-host" role="status">
      {shown && <p className="offline-notice">{offlineText(locked, merging, user !== null, cards.length > 0)}</p>}
    </div>
  );
}
