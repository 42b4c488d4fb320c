/** src/state/tabs.ts: this tab follows what other tabs of the device store. */
import type { CardCollection } from '../../../src/domain/card';
import { sortOut } from '../../../src/domain/stored-cards';
import { sameRecords, sameWrappedKey } from '../../../src/state/device-records';
import { restartApp } from './app';
import type { Flow, StoredValueName } from './core';
import type { Tab } from './device';
import { fixed } from './fixes';
import { clearPasswordStale } from './newer-password';
import { hideCards, openAndShow, setRecords, setStored, startShow } from './store';
import { keyOfRecord } from './tokens';
import { engine, engineOrAtOnce, openCollection } from './worker';
import type { World } from './world';

/** A `storage` event: changes that arrive together are followed as one, in order. */
export function storageEventArrives(world: World, tab: Tab): void {
  const name = tab.storageEvents.shift();
  if (!name) return;
  const first = tab.changed.size === 0;
  tab.changed.add(name);
  if (!first) return;
  tab.followJobs += 1;
  if (!tab.following) {
    tab.following = true;
    world.spawn(tab, 'follow', followLoop(world, tab));
  }
}

export function* followLoop(world: World, tab: Tab): Flow {
  while (tab.followJobs > 0) {
    tab.followJobs -= 1;
    const names = tab.changed;
    tab.changed = new Set();
    try {
      yield* follow(world, tab, names);
    } catch (error) {
      world.unexpected(tab, 'follow', error);
    }
  }
  tab.following = false;
}

export function* follow(world: World, tab: Tab, names: Set<StoredValueName>): Flow {
  if (tab.phase !== 'ready') return yield* restartApp(world, tab);
  const { auth, cards } = world.read(tab.device);
  const read = startShow(tab);
  const before = tab.records;
  if (!sameRecords(before, auth)) {
    if ((before.password === null) !== (auth.password === null)) return yield* restartApp(world, tab);
    const had = before.pin !== null || before.password !== null;
    const has = auth.pin !== null || auth.password !== null;
    setRecords(tab, auth);
    // See `Fixes.forgetOutdatedNewerPassword`: the record stored now is as new as the one this tab waits for.
    const newer = tab.newerPassword;
    if (
      fixed(world, 'forgetOutdatedNewerPassword') &&
      newer &&
      auth.password &&
      newer.modifiedAt <= auth.password.modifiedAt
    )
      clearPasswordStale(tab);
    if (had && !has) {
      yield* engine(tab, () => {
        tab.key = null;
      });
      tab.locked = false;
      return yield* openAndShow(world, tab, cards, read);
    }
    const kept = [before.pin, before.password].some(
      (record) =>
        record !== null && [auth.pin, auth.password].some((now) => JSON.stringify(now) === JSON.stringify(record)),
    );
    // tabs.ts: signed in, another tab adopted a newer account record, or replaced the key, and the key this tab holds
    // does not open both what it shows and the cards stored with the record (an unlocked tab only).
    const signedOut = auth.password === null;
    const moved = !signedOut && !tab.locked && !sameWrappedKey(before.password, auth.password);
    const adopted =
      moved &&
      (fixed(world, 'followLocksOnOtherKey')
        ? tab.key !== (auth.password && keyOfRecord(auth.password))
        : !((yield* opensWithHeldKey(world, tab, tab.collection)) && (yield* opensWithHeldKey(world, tab, cards))));
    if ((!had && has) || (world.fixes.followLocksOnNewKey && had && has && !kept && signedOut) || adopted) {
      // lock.ts `lockDevice`, as tabs.ts locks: what the key opened is remembered first.
      if (!tab.locked) {
        tab.cardsBeforeLock = {
          readable: tab.shown.map((card) => card.id),
          unreadable: tab.unreadable.map((card) => card.id),
        };
      }
      yield* engine(tab, () => {
        tab.key = null;
      });
      setStored(tab, cards, read);
      hideCards(tab);
      tab.locked = true;
      return;
    }
  }
  const account = tab.session;
  if (account) {
    if (names.has('outbox')) account.outboxChanged();
    return;
  }
  if (!names.has('cards')) return;
  if (tab.locked) setStored(tab, cards, read);
  else yield* openAndShow(world, tab, cards, read);
}

/** tabs.ts `opensWithHeldKey`: whether the held key opens any of the cards (none to try: it cannot be told). */
function* opensWithHeldKey(world: World, tab: Tab, collection: CardCollection): Flow<boolean> {
  if (collection.type !== 'ENCRYPTED' || Object.keys(collection.cards).length === 0) return false;
  const { wellFormed } = sortOut(collection);
  try {
    const opened = yield* engineOrAtOnce(world, tab, () => openCollection(tab, wellFormed));
    return opened.cards.length > 0;
  } catch {
    return false;
  }
}
