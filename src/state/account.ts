/**
 * The Google account (SPEC.md §4, Account and lock states): signing in, creating or entering the account password,
 * unlocking, changing the password, signing out and deleting the account.
 *
 * Firebase is loaded here, and only here, with a dynamic import: a person who never signs in never downloads it.
 * The password record read at sign-in is kept in this module's memory, never in a proxy. Every step that changes
 * what is stored writes the server first and this device last, in one local write, so a failure on the way leaves
 * this device exactly as it was and no card is lost.
 */
import { proxy } from 'valtio';
import type { CardCollection, EncryptedCollection } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { asLocal } from '../domain/merge-decision';
import type { Outbox } from '../domain/outbox';
import { outboxOf } from '../domain/outbox';
import type { AuthRecords, SecretRecord } from '../domain/secret';
import { emptyAuthRecords } from '../domain/secret';
import type { SignedInUser } from '../domain/user';
import { getEngine } from '../engine';
import type { AccountServer } from '../remote';
import { discardIf, loadAuth, updateStorage } from '../storage/local-storage';
import { assertUnchanged, sameRecords } from './device-records';
import { forgetVerified, verifiedProof } from './gate';
import { reportError } from './report';
import { withSecret } from './secrets';
import { loadAccountServer, SERVER_UNAVAILABLE } from './server-loader';
import { appState, hasSecret, hideCards, records, setRecords, setSession, showOpened } from './store';
import { AccountSync } from './sync-session';
import { startAfresh } from './tabs';
import { showError, showToast } from './toast';
import { openAndShow } from './view';

export { loadAccountServer } from './server-loader';

/**
 * SPEC.md §3's two results, and a third for an account that holds cards but no password record: a new password
 * could never open those cards, so no password is offered at all (src/screens/account/MissingPasswordScreen.tsx).
 */
export type SignInResult = 'CREATE_PASSWORD' | 'ENTER_PASSWORD' | 'PASSWORD_MISSING';

export const AccountMessages = {
  signInFirst: 'Sign-in first with Google to set password',
  completeSignIn: 'Complete sign-in process to update password',
  completeSignInToUnlock: 'Complete sign-in process or update password to unlock app',
  mustBeSignedIn: 'User must be signed in to perform auth operations',
  signInAgainToDelete: 'Sign-in again to delete user',
  passwordEqual: 'Entered password is equal to current password',
  accountDeleted: 'Account has been deleted',
  serverUnavailable: SERVER_UNAVAILABLE,
  // Beyond SPEC.md: the account holds cards but its password record is gone.
  passwordMissing:
    "This account's cards cannot be opened: its password record is missing from the server, and a new password would not open them.",
} as const;

export const accountState = proxy({
  /** True while a sign-in, sign-out or account deletion runs (the spinner on the Account screen). */
  busy: false,
  /** Google sign-in is done and this password step must follow before the person counts as signed in. */
  awaitingPassword: null as SignInResult | null,
  /** The Google account's email while one is signed in or signing in: password managers key the password on it. */
  email: '',
});

function setPending(next: typeof pending): void {
  pending = next;
  accountState.awaitingPassword = next ? next.step : null;
}

// ---- the sign-in in progress ----

/**
 * Between Google sign-in and the password step: who signed in, the account's record (null: none on the server) and
 * the step that follows.
 */
let pending: { user: SignedInUser; record: SecretRecord | null; step: SignInResult } | null = null;

async function withBusy<T>(work: () => Promise<T>): Promise<T> {
  accountState.busy = true;
  try {
    return await work();
  } finally {
    accountState.busy = false;
  }
}

/** Google's popup, then whether this account needs a new password or the existing one. `null`: popup closed. */
export function signInWithGoogle(): Promise<SignInResult | null> {
  return withBusy(async () => {
    const server = await loadAccountServer();
    const user = await server.signInWithGoogle();
    if (!user) return null;
    return continueSignIn();
  });
}

/** After Firebase has signed someone in (the popup, or a test's credential): which password step comes next. */
export async function continueSignIn(): Promise<SignInResult> {
  const server = await loadAccountServer();
  const user = server.currentUser();
  if (!user) throw new InvalidStateError(AccountMessages.signInFirst);
  const record = await server.readPasswordRecord(user.uid);
  // Cards without a record were encrypted under a key nobody can unwrap any more: a new password would only make a
  // second key beside them (and the server refuses a first record while cards exist).
  const step: SignInResult = record
    ? 'ENTER_PASSWORD'
    : (await server.holdsCards(user.uid))
      ? 'PASSWORD_MISSING'
      : 'CREATE_PASSWORD';
  accountState.email = server.currentEmail();
  setPending({ user, record, step });
  return step;
}

function pendingSignIn(): { server: Promise<AccountServer>; user: SignedInUser; record: SecretRecord | null } {
  if (!pending) throw new InvalidStateError(AccountMessages.signInFirst);
  if (pending.step === 'PASSWORD_MISSING') throw new SleeveError(AccountMessages.passwordMissing);
  return { server: loadAccountServer(), ...pending };
}

/** Merges this device's encrypted cards into the server's, card by card (newer wins), writing the local winners. */
async function mergeUp(server: AccountServer, uid: string, local: EncryptedCollection): Promise<void> {
  if (Object.keys(local.cards).length === 0) return;
  const held = await server.readCards(uid);
  const { fromServer } = await getEngine().mergeCollections(asLocal(local), held);
  // Every local card the merge did not replace with the server's goes up: it won, or the server lacks it.
  const replaced = new Set(fromServer);
  const up = Object.values(local.cards).filter((card) => !replaced.has(card.id));
  // One write for all of them, so each takes its own slot (the server's cap) without racing the others.
  await server.putCards(uid, up);
}

/** Signed in and unlocked: cards now come from, and go to, the server, through a new sync session. */
function enterSession(server: AccountServer, user: SignedInUser): void {
  setPending(null);
  appState.user = user;
  appState.passwordStale = false;
  appState.locked = false;
  setSession(new AccountSync(server, user.uid, leave).start());
}

/**
 * What signing in stores here: the record, no local cards (they are on the server now) and the account's outbox:
 * changes of this account another tab is still sending stay (it may have signed in a moment before this tab).
 */
const signedInValues = (auth: AuthRecords, uid: string, outbox: Outbox) => ({
  auth,
  cards: asLocal<CardCollection>(emptyPlainCollection()),
  outbox: outboxOf(outbox, uid),
});

/**
 * A new account: generates the data key (or reuses the one already held for this device's PIN), wraps it under
 * `password`, stores the record on the server and then here, and moves this device's cards up to the server. All of
 * it under the storage lock, with the cards stored at that moment, so a card another tab adds meanwhile is not lost.
 * Reusing the PIN's key needs the PIN, verified just before (src/state/gate.ts): the engine wraps a held key under a
 * new secret only for someone who knows the current one.
 */
export async function createAccountPassword(password: string): Promise<void> {
  const { server: loadingServer, user } = pendingSignIn();
  const server = await loadingServer;
  if (!server.currentUser()) throw new InvalidStateError(AccountMessages.signInFirst);
  const engine = getEngine();
  const before = records();
  const hadSecret = hasSecret();
  if (hadSecret && !(await engine.hasKey())) throw new SleeveError(Messages.refreshAndUnlock);
  const proof = hadSecret ? verifiedProof(before) : undefined;
  if (hadSecret && !proof) throw new SleeveError(Messages.verifyFirst);
  let moved: EncryptedCollection | null = null;
  let auth: AuthRecords = before;
  try {
    await updateStorage(async (current) => {
      assertUnchanged(current.auth, before);
      // Dated by the server's clock: the server refuses a record dated ahead of it.
      const { record, collection } = await engine.createSecret(password, current.cards, server.serverNow(), {
        current: proof,
      });
      await server.setPasswordRecord(user.uid, record);
      await mergeUp(server, user.uid, collection);
      moved = collection;
      // The PIN and the passkey stay valid: they wrap the same key.
      auth = { password: record, pin: current.auth.pin, passkey: current.auth.passkey };
      return signedInValues(auth, user.uid, current.outbox);
    });
  } catch (error) {
    // Nothing changed here; a key generated just now is dropped again.
    if (!hadSecret) await engine.lock();
    throw error;
  }
  forgetVerified();
  // The records as stored, at once: a PIN another tab adds while the cards open is followed, not undone.
  setRecords(auth);
  if (moved) await openAndShow(moved);
  enterSession(server, user);
}

/**
 * An existing account: opens its key with `password` (one derivation), re-encrypts this device's cards under it,
 * merges them up, and only then stores the record here, clears the PIN (it wraps this device's old key) and the
 * local cards; under the storage lock, with the cards stored at that moment.
 */
export async function enterAccountPassword(password: string): Promise<void> {
  const { server: loadingServer, user, record } = pendingSignIn();
  if (!record) throw new InvalidStateError(AccountMessages.completeSignIn);
  const server = await loadingServer;
  const engine = getEngine();
  const before = records();
  const hadSecret = hasSecret();
  let joined: EncryptedCollection | null = null;
  // The PIN and the passkey wrap this device's old key, so they go.
  const auth: AuthRecords = { password: record, pin: null, passkey: null };
  try {
    await updateStorage(async (current) => {
      assertUnchanged(current.auth, before);
      const collection = await withSecret(engine.joinAccount(password, record, current.cards), 'password');
      joined = collection;
      await mergeUp(server, user.uid, collection);
      return signedInValues(auth, user.uid, current.outbox);
    });
  } catch (error) {
    // This device's storage is untouched, but once joined the key that opens it is gone from memory: lock so that
    // the PIN brings it back (without a PIN, the cards are plain and need no key).
    if (joined) {
      await engine.lock();
      if (hadSecret) {
        hideCards();
        appState.locked = true;
      }
    }
    throw error;
  }
  setRecords(auth);
  if (joined) await openAndShow(joined);
  enterSession(server, user);
}

/**
 * Clears every trace of the account from this device (cards, password, PIN, outbox; preferences stay). Only what
 * this tab left, though: if meanwhile another tab signed in again, or the device stored new records, what is stored
 * now stays (and `false` is returned). `whatever`: the account is being deleted, so its data goes regardless.
 */
async function leaveDevice(whatever = false): Promise<boolean> {
  const left = records();
  setSession(null);
  setPending(null);
  await getEngine().lock();
  const server = await loadAccountServer().catch(() => null);
  const stillLeft = () => {
    const stored = loadAuth();
    return stored.ok && sameRecords(stored.value, left) && !server?.currentUser();
  };
  if (!(await discardIf(whatever ? null : stillLeft, 'cards', 'auth', 'outbox', 'pinAttempts'))) return false;
  setRecords(emptyAuthRecords());
  showOpened(emptyPlainCollection(), { cards: [], unreadable: [] });
  appState.user = null;
  accountState.email = '';
  appState.passwordStale = false;
  appState.locked = false;
  return true;
}

/** The account left (signed out here or elsewhere): its data leaves this device, or the tab starts from what is. */
async function leave(): Promise<void> {
  if (!(await leaveDevice())) await startAfresh();
}

/**
 * Leaves a sign-in at its password step: Firebase signs out and this device stays exactly as it was (it never
 * joined the account, so nothing of the account is stored here).
 */
export function abandonSignIn(): Promise<void> {
  return withBusy(async () => {
    setPending(null);
    const server = await loadAccountServer();
    await server.signOut();
  });
}

export function signOut(): Promise<void> {
  return withBusy(async () => {
    setSession(null);
    try {
      const server = await loadAccountServer();
      await server.signOut();
    } finally {
      await leave();
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
  const joined = pending === null;
  // The cards first: the server keeps the password record while any card is left.
  await server.removeAllCards(user.uid);
  await server.removePasswordRecord(user.uid);
  if (joined) await leaveDevice(true);
  else setPending(null);
  try {
    await server.deleteUser();
  } catch (error) {
    // The account's data is gone; do not leave a half-deleted session signed in on this device.
    await server.signOut().catch(reportError);
    throw error;
  }
  showToast(AccountMessages.accountDeleted);
}

/**
 * At start-up on a device with an account password: waits for Firebase to say who is signed in. Signed in, sync
 * starts (the app stays locked until unlocked) and `true` is returned; signed out, the account's data leaves this
 * device and `false` is returned so the app starts anonymous.
 */
export async function resumeAccount(afterOtherTab = false): Promise<boolean> {
  let server: AccountServer;
  try {
    server = await loadAccountServer();
  } catch (error) {
    // Offline with nothing cached: the local record still unlocks; sync waits for a reload.
    showError(error);
    return true;
  }
  // Another tab's sign-in reaches this tab's Firebase a moment after its records reach storage.
  const user = await server.firstUser(afterOtherTab);
  if (!user) {
    await leaveDevice();
    return false;
  }
  appState.user = user;
  accountState.email = server.currentEmail();
  setSession(new AccountSync(server, user.uid, leave).start());
  return true;
}
