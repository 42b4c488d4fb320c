/**
 * Other tabs of Sleeve on this device change the same storage; this tab follows at once (`storage` events): a card
 * added, edited or deleted elsewhere shows without a reload; a PIN or password created elsewhere locks this tab; the
 * last secret removed elsewhere opens it plain; signing in, out or deleting the account elsewhere starts it afresh.
 */
import type { CardCollection } from '../domain/card';
import type { AuthRecords, SecretRecord } from '../domain/secret';
import type { StoredCardsRead } from '../domain/stored-shapes';
import { engineStartFailure, getEngine } from '../engine';
import { loadCardsWith } from '../storage/cards-read-elsewhere';
import type { StoredValueName } from '../storage/local-storage';
import { loadAuth, loadPreferences, onStorageChange } from '../storage/local-storage';
import { refreshStoredDetails } from './details';
import { samePinLayer, sameRecord, sameRecords, sameWrappedKey } from './device-records';
import { clearPasswordStale, lockDevice, showUnlocked } from './lock';
import { refreshPinLimit } from './pin-limit';
import { reportError } from './report';
import {
  appState,
  emitDeviceEvent,
  memoryOf,
  newerPasswordRecord,
  records,
  session,
  setRecords,
  setStoredCollection,
  showPreferences,
  storedCollection,
} from './store';
import { openAndShow, openStored } from './view';

/**
 * Starts following other tabs (once per page). Each change is followed in order, on one queue (kept in the store)
 * that a restart of the app also waits its turn on (src/state/lifecycle.ts).
 */
export function followOtherTabs(): void {
  const tabs = memoryOf('tabs');
  if (tabs.stop) return;
  tabs.stop = onStorageChange((name) => {
    // Changes that arrive together (a PIN and the cards it encrypted) are followed as one, in order.
    const first = tabs.changed.size === 0;
    tabs.changed.add(name);
    if (!first) return;
    tabs.following = tabs.following
      .then(async () => {
        const names = tabs.changed;
        tabs.changed = new Set();
        await follow(names);
        // Another tab's try changed the count (its mirror was written), or the PIN changed: this tab's engine reads
        // the count where it is kept.
        if (names.has('pinAttempts') || names.has('auth')) await refreshPinLimit();
      })
      .catch(reportError);
  });
}

/** What is stored changed in a way only a fresh start follows; the restart queues behind this follow. */
function restart(): void {
  emitDeviceEvent({ kind: 'restart-needed' });
}

/** Whether one of the secrets this tab knew is still stored as it was (so the key it wraps is still the key). */
const keptOne = (before: AuthRecords, now: AuthRecords): boolean =>
  samePinLayer(before.pin, now.pin) || (before.password !== null && sameRecord(before.password, now.password));

/** Whether the held key opens the stored cards; with no card to try, it cannot be told, so `false`. */
async function opensWithHeldKey(collection: CardCollection): Promise<boolean> {
  if (collection.type !== 'ENCRYPTED' || Object.keys(collection.cards).length === 0) return false;
  try {
    return (await openStored(collection)).cards.length > 0;
  } catch {
    return false;
  }
}

/**
 * Whether the key this tab holds is the one `record` wraps. The tab that stored the record opened or wrapped it in its
 * worker, which noted its key (worker/vault/record-keys.ts), so the worker here tells. When it cannot (the note was
 * not kept), the cards say what they can: `shown` and `stored` must both open with the held key. They prove little
 * after a key replacement, whose old cards open under the old key until sealed again, which is why the note comes
 * first.
 */
async function holdsKeyOf(record: SecretRecord, shown: CardCollection, stored: CardCollection): Promise<boolean> {
  const told = await getEngine().heldKeyWraps(record);
  if (told !== null) return told;
  return (await opensWithHeldKey(shown)) && (await opensWithHeldKey(stored));
}

/** Signed out, whether the PIN stored now wraps the held key; not known counts as not (the tab locks, nothing lost). */
async function heldKeyWrapsPin(now: AuthRecords): Promise<boolean> {
  return now.pin !== null && (await getEngine().heldKeyWraps(now.pin)) === true;
}

/** Another tab's cards, parsed and checked off the page; a worker that cannot start leaves them to the page. */
const readInWorker = (text: string): Promise<StoredCardsRead> =>
  Promise.race([getEngine().readStoredCards(text), engineStartFailure()]);

async function follow(names: Set<StoredValueName>): Promise<void> {
  if (appState.phase !== 'ready') return restart();
  if (names.has('preferences')) {
    const preferences = loadPreferences();
    if (preferences.ok) showPreferences(preferences.value);
  }
  // The cards' text is read in the worker; the records are read once it is back, with what this tab holds, so the
  // three are of one moment.
  const cards = await loadCardsWith(readInWorker);
  const auth = loadAuth();
  // What another tab stored cannot be read: the start-up screen that says so takes over.
  if (!auth.ok || !cards.ok) return restart();
  const before = records();
  const now = auth.value;
  if (!sameRecords(before, now)) {
    // An account joined or left on this device: its session starts or ends, so start afresh.
    if ((before.password === null) !== (now.password === null)) return restart();
    const had = before.pin !== null || before.password !== null;
    const has = now.pin !== null || now.password !== null;
    setRecords(now);
    if (had && !has) {
      // The last secret was removed elsewhere: the cards are plain again and need no key.
      await getEngine().lock();
      showUnlocked();
      return openAndShow(cards.value);
    }
    // Another tab stored a record as new as the one this tab waits for (it replaced the key again, or adopted it):
    // what was waited for is past; the device's own record unlocks.
    const waited = newerPasswordRecord();
    if (waited && now.password && waited.modifiedAt <= now.password.modifiedAt) clearPasswordStale();
    // A first secret was created elsewhere, with a key this tab does not hold: lock until it is entered here. The
    // same when, signed out, none of this tab's records is stored any more (a PIN changed, or removed and created
    // again with a new key in one go) and the new one does not wrap the key it holds. Signed in, the same when
    // another tab adopted a newer account record (newer-password.ts) whose key is not the one this tab holds, or
    // replaced the key (replace-key.ts): nothing may be sealed under the old key any more.
    const newKey =
      !had ||
      (!appState.locked && now.password === null && !keptOne(before, now) && !(await heldKeyWrapsPin(now))) ||
      (!appState.locked &&
        before.password !== null &&
        now.password !== null &&
        !sameWrappedKey(before.password, now.password) &&
        !(await holdsKeyOf(now.password, storedCollection(), cards.value)));
    if (has && newKey) {
      await lockDevice(cards.value);
      return;
    }
    // A PIN added, changed or removed beside another secret: the key is the same, nothing else changes.
  }
  const account = session();
  // Signed in, cards come from the server; only the outbox on this device is shared with other tabs.
  if (account) {
    if (names.has('outbox')) account.outboxChanged();
    return;
  }
  if (!names.has('cards')) {
    if (names.has('details') && !appState.locked) refreshStoredDetails();
    return;
  }
  if (appState.locked) setStoredCollection(cards.value);
  else await openAndShow(cards.value);
}
