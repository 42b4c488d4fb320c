/**
 * Leaving the account (SPEC.md §4): signing out, here or elsewhere, and deleting the account. Every trace of the
 * account leaves this device (cards, password, PIN, outbox; preferences stay), but only what this tab left: what
 * another tab stored meanwhile stays, and this tab then starts again from storage.
 */
import { emptyPlainCollection } from '../domain/card';
import { InvalidStateError } from '../domain/errors';
import { emptyAuthRecords } from '../domain/secret';
import { getEngine } from '../engine';
import { discardIf, loadAuth } from '../storage/local-storage';
import { AccountMessages, withBusy } from './account';
import { sameRecords } from './device-records';
import { clearPasswordStale, showUnlocked } from './lock';
import { reportError } from './report';
import { loadAccountServer } from './server-loader';
import {
  accountState,
  appState,
  emitDeviceEvent,
  pendingSignIn,
  records,
  setPendingSignIn,
  setRecords,
  setSession,
} from './store';
import { showToast } from './toast';

/**
 * Clears every trace of the account from this device (cards, password, PIN, outbox; preferences stay). Only what
 * this tab left, though: if meanwhile another tab signed in again, or the device stored new records, what is stored
 * now stays (and `false` is returned). `whatever`: the account is being deleted, so its data goes regardless.
 */
export async function leaveDevice(whatever = false): Promise<boolean> {
  const left = records();
  setSession(null);
  setPendingSignIn(null);
  await getEngine().lock();
  const server = await loadAccountServer().catch(() => null);
  const stillLeft = () => {
    const stored = loadAuth();
    return stored.ok && sameRecords(stored.value, left) && !server?.currentUser();
  };
  if (!(await discardIf(whatever ? null : stillLeft, 'cards', 'details', 'auth', 'outbox', 'pinAttempts')))
    return false;
  setRecords(emptyAuthRecords());
  appState.user = null;
  accountState.email = '';
  clearPasswordStale();
  showUnlocked({ collection: emptyPlainCollection(), cards: { cards: [], unreadable: [] } });
  return true;
}

/** The account left (signed out here or elsewhere): its data leaves this device, or the tab starts from what is. */
export async function leaveAccount(): Promise<void> {
  if (!(await leaveDevice())) emitDeviceEvent({ kind: 'restart-needed' });
}

export function signOut(): Promise<void> {
  return withBusy(async () => {
    setSession(null);
    try {
      const server = await loadAccountServer();
      await server.signOut();
    } finally {
      await leaveAccount();
    }
  });
}

/**
 * Re-authenticates through Google's popup, deletes the cards and the password on the server, clears this device,
 * then deletes the user. A closed popup cancels silently.
 */
export function deleteAccount(): Promise<void> {
  return withBusy(async () => {
    const server = await loadAccountServer();
    if (!server.currentUser()) throw new InvalidStateError(AccountMessages.signInAgainToDelete);
    if (!(await server.reauthenticate())) return;
    await removeAccount();
  });
}

/** Everything after the re-authentication popup (or a test's fresh sign-in): the account's data, then the user. */
export async function removeAccount(): Promise<void> {
  const server = await loadAccountServer();
  const user = server.currentUser();
  if (!user) throw new InvalidStateError(AccountMessages.signInAgainToDelete);
  // Deleted from a password step: this device never joined the account, so what it stores is its own and stays.
  const joined = pendingSignIn() === null;
  // The cards and their deletion records first: the server keeps the password record while any card is left.
  await server.removeAllCards(user.uid);
  await server.removePasswordRecord(user.uid);
  if (joined) await leaveDevice(true);
  else setPendingSignIn(null);
  try {
    await server.deleteUser();
  } catch (error) {
    // The account's data is gone; do not leave a half-deleted session signed in on this device.
    await server.signOut().catch(reportError);
    throw error;
  }
  showToast(AccountMessages.accountDeleted);
}
