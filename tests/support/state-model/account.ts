/** src/state/sign-in.ts and leave.ts: signing in (a new account or an existing one) and out. */
import type { CardCollection, EncryptedCard, EncryptedCollection } from '../../../src/domain/card';
import { emptyPlainCollection } from '../../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import { applyMerge, asFromServer, asLocal } from '../../../src/domain/merge-decision';
import { outboxOf } from '../../../src/domain/outbox';
import type { AuthRecords } from '../../../src/domain/secret';
import { assertUnchanged } from '../../../src/state/device-records';
import { decideMerge } from '../../../worker/vault/merge';
import { leaveDevice } from './app';
import type { Flow, StoredChanges, StoredValues } from './core';
import { ModelFailure, STEP, UID } from './core';
import type { Device, Tab } from './device';
import { broadcast, setGoogle } from './network';
import { hasSecret, hideCards, openAndShow, setRecords, setSession } from './store';
import { Session } from './sync-session';
import { createSecret, engine, joinAccount } from './worker';
import type { World } from './world';

/** sign-in.ts: Google's sign-in, then the account's password (created, or entered for an existing account). */
export function* signIn(world: World, tab: Tab): Flow {
  const device = tab.device;
  // Two devices creating one account at the same moment is a race this model leaves out.
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
    if (record) yield* enterAccountPassword(world, tab);
    else yield* createAccountPassword(world, tab);
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

export function* createAccountPassword(world: World, tab: Tab): Flow {
  const device = tab.device;
  if (!tab.pendingSignIn) throw new InvalidStateError('Sign-in first with Google to set password');
  yield STEP;
  if (device.google !== UID) throw new InvalidStateError('Sign-in first with Google to set password');
  const before = tab.records;
  const hadSecret = hasSecret(tab);
  if (hadSecret && !(yield* engine(tab, () => tab.key !== null))) throw new SleeveError(Messages.refreshAndUnlock);
  let moved: EncryptedCollection | null = null;
  try {
    yield* world.updateStorage(tab, (current) => {
      assertUnchanged(current.auth, before);
      const { record, collection } = createSecret(world, tab, current.cards, world.now(device), hadSecret);
      if (!device.online) throw new SleeveError('Failed to set password on server');
      if (world.server.password !== null)
        throw new ModelFailure('account', 'a second device created the account password over the first');
      world.server.password = record;
      mergeUp(world, device, collection);
      moved = collection;
      return signedInValues({ password: record, pin: current.auth.pin, passkey: current.auth.passkey }, current);
    });
    world.moveLocal(device, { kind: 'account' });
  } catch (error) {
    if (!hadSecret)
      yield* engine(tab, () => {
        tab.key = null;
      });
    throw error;
  }
  const up = moved as EncryptedCollection | null;
  if (up) yield* openAndShow(world, tab, up);
  enterSession(world, tab);
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
  const up = joined as EncryptedCollection | null;
  if (up) yield* openAndShow(world, tab, up);
  enterSession(world, tab);
}

export function enterSession(world: World, tab: Tab): void {
  // sign-in.ts: the records as stored, so a PIN another tab created while the cards opened stays known.
  setRecords(tab, world.read(tab.device).auth);
  tab.pendingSignIn = null;
  tab.user = UID;
  tab.locked = false;
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
