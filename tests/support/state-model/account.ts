/** src/state/sign-in.ts and leave.ts: signing in (a new account or an existing one) and out. */
import type { CardCollection, EncryptedCard, EncryptedCollection } from '../../../src/domain/card';
import { emptyPlainCollection } from '../../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import { applyMerge, asFromServer, asLocal } from '../../../src/domain/merge-decision';
import { outboxOf } from '../../../src/domain/outbox';
import type { AuthRecords, SecretRecord } from '../../../src/domain/secret';
import { assertUnchanged, sameWrappedKey } from '../../../src/state/device-records';
import type { CreatedPassword } from '../../../src/state/sign-in';
import { decideMerge } from '../../../worker/vault/merge';
import { leaveDevice } from './app';
import type { Flow, StoredChanges, StoredValues } from './core';
import { ModelFailure, STEP, UID } from './core';
import type { Device, Tab } from './device';
import { broadcast, setGoogle, writePasswordRecord } from './network';
import { clearPasswordStale } from './newer-password';
import { hasSecret, hideCards, openAndShow, setRecords, setSession } from './store';
import { Session } from './sync-session';
import { keyOfRecord } from './tokens';
import { createSecret, engine, joinAccount } from './worker';
import type { World } from './world';

/** sign-in.ts: Google's sign-in, then the account's password (created, or entered for an existing account). */
export function* signIn(world: World, tab: Tab): Flow {
  const device = tab.device;
  world.signingIn.add(tab);
  try {
    yield STEP; // Google's popup
    if (!device.online) throw new SleeveError('Failed to sign in with Google');
    setGoogle(world, device, UID);
    yield STEP; // continueSignIn: the remote module, then the password record
    if (!device.online) throw new SleeveError('Failed to get password from server');
    const record = world.server.password;
    tab.pendingSignIn = { record };
    world.note(`${tab.name} signs in to ${record ? 'an existing' : 'a new'} account`);
    yield STEP; // the person types the password
    if (record) return yield* enterAccountPassword(world, tab);
    // Another device may reach this step at the same moment: the one whose record is written second joins.
    if ((yield* createAccountPassword(world, tab)) === 'created') return;
    yield STEP; // the person types the password the other device created (EnterPasswordScreen)
    yield* enterAccountPassword(world, tab);
  } finally {
    world.signingIn.delete(tab);
  }
}

/** sign-in.ts `mergeUp`: every local card the merge does not replace with the server's goes up. */
export function mergeUp(world: World, device: Device, local: EncryptedCollection): void {
  if (Object.keys(local.cards).length === 0) return;
  if (!device.online || device.google !== UID) throw new SleeveError('Failed to get cards from server');
  const server: EncryptedCollection = { type: 'ENCRYPTED', cards: { ...world.server.cards } };
  const decision = decideMerge(asLocal<CardCollection>(local), asFromServer<CardCollection>(server));
  // The merged collection as the engine would build it: a cross-check of the decision against applyMerge.
  const merged = applyMerge(local, server, decision);
  const replaced = new Set(decision.fromServer);
  for (const card of Object.values(local.cards)) {
    if (replaced.has(card.id)) continue;
    world.server.cards[card.id] = card;
  }
  for (const [id, card] of Object.entries(merged.cards as Record<string, EncryptedCard>)) {
    if (world.server.cards[id] !== card)
      throw new ModelFailure('merge', `the merge kept ${id} but the server holds another copy`);
  }
  broadcast(world);
}

/** sign-in.ts `signedInValues`: the account's outbox stays (another tab may be sending it). */
export function signedInValues(auth: AuthRecords, current: StoredValues): StoredChanges {
  return { auth, cards: emptyPlainCollection(), outbox: outboxOf(current.outbox, UID) };
}

/**
 * database/records.ts `createPasswordRecord`: the first record is written in a transaction, only where the account has none;
 * `null` when this one was written, else the record the account already holds. A plain write here let the second of
 * two devices replace the first one's record with its own, over another key, stranding the first one's cards
 * (regression seeds 1580 and 1).
 */
function createPasswordRecord(world: World, record: SecretRecord): SecretRecord | null {
  const held = world.server.password;
  if (held !== null) return held;
  writePasswordRecord(world, record);
  return null;
}

/** sign-in.ts `createAccountPassword`: 'password-exists' when another device created the account's record first. */
export function* createAccountPassword(world: World, tab: Tab): Flow<CreatedPassword> {
  const device = tab.device;
  if (!tab.pendingSignIn) throw new InvalidStateError('Sign-in first with Google to set password');
  yield STEP;
  if (device.google !== UID) throw new InvalidStateError('Sign-in first with Google to set password');
  const before = tab.records;
  const hadSecret = hasSecret(tab);
  if (hadSecret && !(yield* engine(tab, () => tab.key !== null))) throw new SleeveError(Messages.refreshAndUnlock);
  let moved: EncryptedCollection | null = null;
  let heldAlready: SecretRecord | null = null;
  let written: AuthRecords | null = null;
  try {
    yield* world.updateStorage(tab, (current) => {
      assertUnchanged(current.auth, before);
      const { record, collection } = createSecret(world, tab, current.cards, world.now(device), hadSecret);
      if (!device.online) throw new SleeveError('Failed to set password on server');
      heldAlready = createPasswordRecord(world, record);
      // Another device created the account's password first: nothing is stored here, nothing goes up.
      if (heldAlready) return {};
      mergeUp(world, device, collection);
      moved = collection;
      written = { password: record, pin: current.auth.pin, passkey: current.auth.passkey };
      return signedInValues(written, current);
    });
    if (!heldAlready) world.moveLocal(device, { kind: 'account' });
  } catch (error) {
    if (!hadSecret)
      yield* engine(tab, () => {
        tab.key = null;
      });
    throw error;
  }
  const existing = heldAlready as SecretRecord | null;
  if (existing) {
    // The key generated for the lost record goes; a key this device held before (its PIN's) stays, to join with.
    if (!hadSecret)
      yield* engine(tab, () => {
        tab.key = null;
      });
    tab.pendingSignIn = { record: existing };
    world.note(
      `${tab.name} finds the account's password created on another device; it joins${hadSecret ? ' with its PIN' : ''}`,
    );
    world.stats.createsLost += 1;
    return 'password-exists';
  }
  const stored = written as AuthRecords | null;
  signedInRecords(world, tab, stored);
  const up = moved as EncryptedCollection | null;
  if (up) yield* openAndShow(world, tab, up);
  enterSession(world, tab, yield* lockIfReplaced(world, tab, stored?.password ?? null));
  return 'created';
}

export function* enterAccountPassword(world: World, tab: Tab): Flow {
  const device = tab.device;
  const record = tab.pendingSignIn?.record;
  if (!record) throw new InvalidStateError('Complete sign-in process to update password');
  yield STEP;
  const before = tab.records;
  const hadSecret = hasSecret(tab);
  let joined: EncryptedCollection | null = null;
  const auth: AuthRecords = { password: record, pin: null, passkey: null };
  try {
    yield* world.updateStorage(tab, (current) => {
      assertUnchanged(current.auth, before);
      const collection = joinAccount(world, tab, record, current.cards);
      joined = collection;
      mergeUp(world, device, collection);
      return signedInValues(auth, current);
    });
    world.moveLocal(device, { kind: 'account' });
  } catch (error) {
    if (joined) {
      yield* engine(tab, () => {
        tab.key = null;
      });
      if (hadSecret) {
        hideCards(tab);
        tab.locked = true;
      }
    }
    throw error;
  }
  signedInRecords(world, tab, auth);
  const up = joined as EncryptedCollection | null;
  if (up) yield* openAndShow(world, tab, up);
  enterSession(world, tab, yield* lockIfReplaced(world, tab, record));
}

/**
 * sign-in.ts: the records as stored, at once (a PIN another tab adds while the cards open is followed, not undone).
 * The earlier runs take them from storage once the cards are open (`enterSession`), as the model did before key
 * replacement (their seeds go as they did): another tab may have stored a replaced key's record meanwhile, which the
 * tab that joined with the old key must follow, not take for its own.
 */
function signedInRecords(world: World, tab: Tab, written: AuthRecords | null): void {
  if (world.closer && written) setRecords(tab, written);
}

/**
 * sign-in.ts `lockedIfKeyReplaced` (the run with key replacement: see `World.closer`): a tab whose stored record wraps
 * another key than the one it joined with, and whose worker does not hold that record's key, locks rather than open.
 */
function* lockIfReplaced(world: World, tab: Tab, joinedWith: SecretRecord | null): Flow<boolean> {
  const stored = tab.records.password;
  if (!world.closer || !joinedWith || !stored || sameWrappedKey(stored, joinedWith)) return false;
  if (yield* engine(tab, () => tab.key === keyOfRecord(stored))) return false;
  world.note(`${tab.name} signed in with a key another tab has replaced since: it locks`);
  yield* engine(tab, () => {
    tab.key = null;
  });
  hideCards(tab);
  return true;
}

export function enterSession(world: World, tab: Tab, locked = false): void {
  if (!world.closer) setRecords(tab, world.read(tab.device).auth);
  else clearPasswordStale(tab);
  tab.pendingSignIn = null;
  tab.user = UID;
  tab.locked = locked;
  setSession(tab, new Session(world, tab, UID, leaveDevice).start());
}

export function* signOut(world: World, tab: Tab): Flow {
  setSession(tab, null);
  try {
    yield STEP; // loadAccountServer
    setGoogle(world, tab.device, null);
    yield STEP; // Firebase's signOut
  } finally {
    yield* leaveDevice(world, tab);
  }
}
