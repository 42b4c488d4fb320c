/** src/state/tabs.ts: this tab follows what other tabs of the device store. */
import type { SecretRecord } from '../../../src/domain/secret';
import { sameRecords } from '../../../src/state/device-records';
import { restartApp } from './app';
import type { Flow, StoredValueName } from './core';
import type { Tab } from './device';
import { hideCards, openAndShow, setRecords, setStored, startShow } from './store';
import { keyOfCard } from './tokens';
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
    // tabs.ts: signed in, another tab adopted a newer account record whose key does not open the account's cards
    // as this tab holds them with its key (an unlocked tab only; a card of the key held counts, as `openStored` does).
    const signedOut = auth.password === null;
    const wrap = (record: SecretRecord | null) => record && `${record.salt}|${record.encryptedDek.ciphertext}`;
    const sealed = tab.collection.type === 'ENCRYPTED' ? Object.values(tab.collection.cards) : [];
    const heldOpens = sealed.some((card) => keyOfCard(card) === tab.key);
    const adopted = !signedOut && !tab.locked && wrap(before.password) !== wrap(auth.password) && !heldOpens;
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
