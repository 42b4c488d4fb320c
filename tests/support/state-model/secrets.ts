/** src/state/secrets.ts: unlock, lock, and the PIN created, changed or removed. */
import type { CardCollection } from '../../../src/domain/card';
import { emptyPlainCollection } from '../../../src/domain/card';
import { Messages, SleeveError } from '../../../src/domain/errors';
import type { AuthRecords } from '../../../src/domain/secret';
import { openPlain } from '../../../src/domain/stored-cards';
import { assertUnchanged, CHANGED_ELSEWHERE, holdsRecord } from '../../../src/state/device-records';
import type { Flow } from './core';
import type { Tab } from './device';
import { adoptNewerPassword } from './newer-password';
import {
  hasSecret,
  hideCards,
  openAndShow,
  setRecords,
  setStored,
  showOpened,
  showStoredAgain,
  startShow,
} from './store';
import { keyOfRecord } from './tokens';
import { createSecret, decryptAll, engine, openCollection } from './worker';
import type { World } from './world';

/**
 * secrets.ts `unlockWithPin` or `unlockWithPassword`: the PIN (`withPin`, where there is one), or else the password;
 * after a password change elsewhere, the new one, whose record is adopted only once its key opens what this device's
 * key opened (newer-password.ts).
 */
export function* unlock(world: World, tab: Tab, withPin = true): Flow {
  const stale = tab.passwordStale ? tab.newerPassword : null;
  const record = (withPin ? tab.records.pin : null) ?? stale ?? tab.records.pin ?? tab.records.password;
  if (!record) throw new SleeveError(Messages.createPinFirstToUnlock);
  const ownRecord = holdsRecord(tab.records, record);
  let collection = tab.collection;
  let opened = yield* engine(tab, () => {
    tab.key = keyOfRecord(record);
    return openCollection(tab, collection);
  });
  try {
    while (tab.collection !== collection) {
      collection = tab.collection;
      opened = yield* engine(tab, () => openCollection(tab, collection));
    }
    // secrets.ts `unlockWith`: a record another tab replaced during the derivation opened a key not to be held.
    if (ownRecord && !holdsRecord(tab.records, record)) throw new SleeveError(CHANGED_ELSEWHERE);
    if (record === stale) {
      opened = yield* adoptNewerPassword(world, tab, stale, opened);
      // A render of the locked tab may have stored newer cards meanwhile (the run with key replacement).
      while (world.closer && tab.collection !== collection) {
        collection = tab.collection;
        opened = yield* engine(tab, () => openCollection(tab, collection));
      }
    }
  } catch (error) {
    yield* engine(tab, () => {
      tab.key = null;
    });
    throw error;
  }
  showOpened(world, tab, collection, opened);
  tab.locked = false;
}

export function* lockDevice(tab: Tab): Flow {
  // lock.ts `lockDevice`: what this key opened, by id, for a newer password record's key to be checked against.
  if (!tab.locked) {
    tab.cardsBeforeLock = {
      readable: tab.shown.map((card) => card.id),
      unreadable: tab.unreadable.map((card) => card.id),
    };
  }
  yield* engine(tab, () => {
    tab.key = null;
  });
  // lock.ts `lockDevice`: the last secret went meanwhile (the account left in another tab): the cards stay.
  if (!hasSecret(tab)) return;
  hideCards(tab);
  tab.locked = hasSecret(tab);
}

export function* createPin(world: World, tab: Tab): Flow {
  const before = tab.records;
  const hadSecret = hasSecret(tab);
  if (hadSecret && !(yield* engine(tab, () => tab.key !== null))) throw new SleeveError(Messages.refreshAndUnlock);
  if (!hadSecret && tab.unreadable.length > 0) throw new SleeveError('Some cards could not be opened.');
  const signedIn = tab.session !== null;
  let encrypted: CardCollection | null = null;
  try {
    const stored = yield* world.updateStorage(tab, (current) => {
      assertUnchanged(current.auth, before);
      const cards = signedIn ? emptyPlainCollection() : current.cards;
      const { record, collection } = createSecret(world, tab, cards, world.now(tab.device), hadSecret);
      encrypted = collection;
      const auth: AuthRecords = { ...current.auth, pin: record };
      return signedIn ? { auth } : { auth, cards: collection };
    });
    setRecords(tab, stored.auth);
  } catch (error) {
    if (!hadSecret)
      yield* engine(tab, () => {
        tab.key = null;
      });
    throw error;
  }
  const sealedNow = encrypted as CardCollection | null;
  if (!signedIn && sealedNow) {
    const ids = Object.keys(sealedNow.cards);
    const shown = new Set(tab.shown.map((card) => card.id));
    if (ids.length === shown.size && ids.every((id) => shown.has(id))) setStored(tab, sealedNow);
    else yield* openAndShow(world, tab, sealedNow);
  }
}

export function* removePin(world: World, tab: Tab): Flow {
  const before = tab.records;
  if (!before.pin) return;
  if (!(yield* engine(tab, () => tab.key !== null))) throw new SleeveError(Messages.refreshAndUnlock);
  const stored = yield* world.updateStorage(tab, (current) => {
    assertUnchanged(current.auth, before);
    const auth: AuthRecords = { ...current.auth, pin: null };
    if (before.password) return { auth };
    return { auth, cards: decryptAll(tab, current.cards, Messages.unreadableKeepPin) };
  });
  const ticket = startShow(tab);
  setRecords(tab, stored.auth);
  if (before.password) return;
  yield* engine(tab, () => {
    tab.key = null;
  });
  // secrets.ts `removePin`: no secret is left to unlock with, whatever locked this tab meanwhile.
  tab.locked = false;
  if (!showOpened(world, tab, stored.cards, openPlain(stored.cards), ticket)) yield* showStoredAgain(world, tab);
}
