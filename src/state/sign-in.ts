/**
 * Signing in (SPEC.md §4): Google's popup, then the account password, created for a new account or entered for an
 * existing one; joining moves this device's cards up to the account. A device with an account password resumes its
 * session at start-up. The sign-in in progress waits in the store (src/state/store.ts) until its password step.
 */
import type { CardCollection, EncryptedCollection } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import type { EncryptedDetails } from '../domain/card-details';
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { asLocal } from '../domain/merge-decision';
import { cardsGoingUp } from '../domain/merge-up';
import type { Outbox } from '../domain/outbox';
import { outboxOf } from '../domain/outbox';
import type { AuthRecords, SecretRecord } from '../domain/secret';
import { emptyDetailsCollection } from '../domain/stored-details';
import { detailsGoingUp, noServerDetails } from '../domain/synced-details';
import type { SignedInUser } from '../domain/user';
import { getEngine } from '../engine';
import type { AccountServer } from '../remote';
import { loadOutbox, updateStorage } from '../storage/local-storage';
import type { SignInResult } from './account';
import { AccountMessages, withBusy } from './account';
import { openForMove, sealAll } from './details';
import { assertUnchanged, sameWrappedKey } from './device-records';
import { forgetVerified, verifiedProof } from './gate';
import { leaveDevice } from './leave';
import { clearPasswordStale, lockDevice, showUnlocked } from './lock';
import { withinAnswerTime } from './record-writes';
import { withSecret } from './secrets';
import { loadAccountServer } from './server-loader';
import {
  accountState,
  appState,
  hasSecret,
  pendingSignIn,
  records,
  setPendingSignIn,
  setRecords,
  setSession,
} from './store';
import { AccountSync } from './sync-session';
import { showError } from './toast';
import { openAndShow } from './view';

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
  setPendingSignIn({ user, record, step });
  return step;
}

/** The sign-in waiting for its password step, and the server it goes on with. */
function signInInProgress() {
  const pending = pendingSignIn();
  if (!pending) throw new InvalidStateError(AccountMessages.signInFirst);
  if (pending.step === 'PASSWORD_MISSING') throw new SleeveError(AccountMessages.passwordMissing);
  return { server: loadAccountServer(), ...pending };
}

/**
 * Merges this device's encrypted cards into the server's, card by card (newer wins, deletions included), writing the
 * local winners, and with them this device's cards' details (`details`, sealed under the account's key) where they
 * are newer than the account's (src/domain/synced-details.ts, `detailsGoingUp`).
 */
async function mergeUp(
  server: AccountServer,
  uid: string,
  local: EncryptedCollection,
  details: readonly EncryptedDetails[],
): Promise<void> {
  if (Object.keys(local.cards).length === 0) return;
  const [held, deletions, heldDetails] = await Promise.all([
    server.readCards(uid),
    server.readDeletions(uid),
    details.length > 0 ? server.readDetails(uid) : noServerDetails,
  ]);
  const { fromServer } = await getEngine().mergeCollections(asLocal(local), held);
  const now = server.serverNow();
  const { up, onAccount } = await cardsGoingUp(local, held, fromServer, deletions, now);
  // One write for all of them, so each takes its own slot (the server's cap) without racing the others; the details
  // in the same write, as the server takes them only beside their card.
  await server.putCards(uid, up, detailsGoingUp(details, heldDetails, onAccount, now));
}

/** Sync starts for `user`: cards now come from, and go to, the server, through a new sync session. */
function beginSession(server: AccountServer, user: SignedInUser): void {
  appState.user = user;
  accountState.email = server.currentEmail();
  setSession(new AccountSync(server, user.uid).start());
}

/** Signed in, and unlocked unless `locked`: the password step is done. */
function enterSession(server: AccountServer, user: SignedInUser, locked = false): void {
  setPendingSignIn(null);
  clearPasswordStale();
  if (!locked) showUnlocked();
  beginSession(server, user);
}

/**
 * Whether another tab replaced the account's key while this one joined with `joinedWith` (its record is stored now):
 * then the key this tab holds is the old one, and it locks (`lockDevice`) rather than show every card unreadable and
 * seal under the old key. A record that wraps the same key (the password changed meanwhile) keeps it open.
 */
async function lockedIfKeyReplaced(joinedWith: SecretRecord | null): Promise<boolean> {
  const stored = records().password;
  if (!joinedWith || !stored || sameWrappedKey(stored, joinedWith)) return false;
  if ((await getEngine().heldKeyWraps(stored)) === true) return false;
  return lockDevice();
}

/**
 * What signing in stores here: the record, no local cards (they are on the server now) and the account's outbox:
 * changes of this account another tab is still sending stay (it may have signed in a moment before this tab).
 */
const signedInValues = (auth: AuthRecords, uid: string, outbox: Outbox) => ({
  auth,
  cards: asLocal<CardCollection>(emptyPlainCollection()),
  details: emptyDetailsCollection(),
  outbox: outboxOf(outbox, uid),
});

/**
 * What creating the first password came to: 'created', or 'password-exists' when another device created the
 * account's password a moment before; the sign-in then waits for that password (ENTER_PASSWORD), and this device's
 * cards join under the account's key when it is entered.
 */
export type CreatedPassword = 'created' | 'password-exists';

// Beyond SPEC.md: the first password record is written only online, and its outcome is told as it is known.
export const CreatePasswordMessages = {
  offline: 'Connect to the internet to create your password. Nothing was changed.',
  unknown:
    "The server hasn't answered yet, so it isn't known whether your password was created. Try again in a moment: if it was, Sleeve will ask for the password you just chose.",
} as const;

/**
 * A new account: generates the data key (or reuses the one already held for this device's PIN), wraps it under
 * `password`, stores the record on the server and then here, and moves this device's cards up to the server. All of
 * it under the storage lock, with the cards stored at that moment, so a card another tab adds meanwhile is not lost.
 * Reusing the PIN's key needs the PIN, verified just before (src/state/gate.ts): the engine wraps a held key under a
 * new secret only for someone who knows the current one.
 */
export async function createAccountPassword(password: string): Promise<CreatedPassword> {
  const { server: loadingServer, user } = signInInProgress();
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
  let heldAlready: SecretRecord | null = null;
  // Offline the database would hold the record and send it whenever the connection came back.
  if (!(await server.connectedNow())) throw new SleeveError(CreatePasswordMessages.offline);
  try {
    await updateStorage(async (current) => {
      assertUnchanged(current.auth, before);
      // Opened before the key changes hands (plain, or under the PIN's key the new record reuses).
      const details = await openForMove(current.details);
      // Dated by the server's clock: the server refuses a record dated ahead of it.
      const { record, collection } = await engine.createSecret(password, current.cards, server.serverNow(), {
        current: proof,
      });
      const created = await withinAnswerTime(server.createPasswordRecord(user.uid, record));
      // It may still land: then the account's record is this one, which the password just chosen opens on a retry.
      if (created === 'unknown') throw new SleeveError(CreatePasswordMessages.unknown);
      heldAlready = created;
      // Another device created the account's password first: nothing is stored here, nothing goes up.
      if (heldAlready) return {};
      await mergeUp(server, user.uid, collection, await sealAll(details));
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
  if (heldAlready) {
    // The key generated for the lost record goes; a key this device held before (its PIN's) stays, to join with.
    if (!hadSecret) await engine.lock();
    setPendingSignIn({ user, record: heldAlready, step: 'ENTER_PASSWORD', fromElsewhere: true });
    return 'password-exists';
  }
  // The records as stored, at once: a PIN another tab adds while the cards open is followed, not undone.
  setRecords(auth);
  if (moved) await openAndShow(moved);
  enterSession(server, user, await lockedIfKeyReplaced(auth.password));
  return 'created';
}

/**
 * An existing account: opens its key with `password` (one derivation), re-encrypts this device's cards under it,
 * merges them up, and only then stores the record here, clears the PIN (it wraps this device's old key) and the
 * local cards; under the storage lock, with the cards stored at that moment.
 */
export async function enterAccountPassword(password: string): Promise<void> {
  const { server: loadingServer, user, record } = signInInProgress();
  if (!record) throw new InvalidStateError(AccountMessages.completeSignIn);
  const server = await loadingServer;
  const engine = getEngine();
  const before = records();
  let joined: EncryptedCollection | null = null;
  // The PIN and the passkey wrap this device's old key, so they go.
  const auth: AuthRecords = { password: record, pin: null, passkey: null };
  try {
    await updateStorage(async (current) => {
      assertUnchanged(current.auth, before);
      // Opened under this device's key (or read plain) before the account's takes its place, then sealed under that.
      const details = await openForMove(current.details);
      const collection = await withSecret(engine.joinAccount(password, record, current.cards), 'password');
      joined = collection;
      await mergeUp(server, user.uid, collection, await sealAll(details));
      return signedInValues(auth, user.uid, current.outbox);
    });
  } catch (error) {
    // This device's storage is untouched, but once joined the key that opens it is gone from memory: lock so that
    // the PIN brings it back (without a PIN, the cards are plain and need no key).
    if (joined) await lockDevice();
    throw error;
  }
  setRecords(auth);
  if (joined) await openAndShow(joined);
  enterSession(server, user, await lockedIfKeyReplaced(record));
}

/**
 * Leaves a sign-in at its password step: Firebase signs out and this device stays exactly as it was (it never
 * joined the account, so nothing of the account is stored here).
 */
export function abandonSignIn(): Promise<void> {
  return withBusy(async () => {
    setPendingSignIn(null);
    const server = await loadAccountServer();
    await server.signOut();
  });
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
  // Another tab's sign-in reaches this tab's Firebase a moment after its records reach storage; the outbox names
  // the account the records belong to.
  const outbox = loadOutbox();
  const uid = outbox.ok ? outbox.value.uid : null;
  const user = await server.firstUser({ uid, signedInElsewhere: afterOtherTab });
  if (!user) {
    await leaveDevice();
    return false;
  }
  beginSession(server, user);
  return true;
}
