import { sameRecords, sameWrappedKey } from '../../../src/state/device-records';
import { restartApp } from './app';
import type { Flow, StoredValueName } from './core';
import type { Tab } from './device';
import { clearPasswordStale } from './newer-password';
import { hideCards, openAndShow, setRecords, setStored, startShow } from './store';
import { keyOfRecord } from './tokens';
import { engine } from './worker';
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
    // The record stored now is as new as the one this tab waits for: another tab adopted it, replaced the key again,
    // or put the device's key back over it (a compare-and-set only one tab's keep wins).
    const newer = tab.newerPassword;
    if (newer && auth.password && newer.modifiedAt <= auth.password.modifiedAt) clearPasswordStale(tab);
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
    // tabs.ts: signed out, none of this tab's records is stored any more and the worker says the PIN stored now does
    // not wrap the key it holds (a PIN removed and made again with a new key). Signed in, another tab adopted a newer
    // account record, or replaced the key, and the worker says the record does not wrap the held key (every record
    // stored on the device was opened or wrapped by one of its workers, which noted its key: worker/vault/record-keys.ts).
    const signedOut = auth.password === null;
    const pinElsewhere =
      had &&
      has &&
      !kept &&
      signedOut &&
      !tab.locked &&
      (yield* engine(tab, () => tab.key !== (auth.pin && keyOfRecord(auth.pin))));
    const moved = !signedOut && !tab.locked && !sameWrappedKey(before.password, auth.password);
    const adopted = moved && (yield* engine(tab, () => tab.key !== (auth.password && keyOfRecord(auth.password))));
    if ((!had && has) || pinElsewhere || adopted) {
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
