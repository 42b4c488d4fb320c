/**
 * Other tabs of Sleeve on this device change the same storage; this tab follows at once (`storage` events): a card
 * added, edited or deleted elsewhere shows without a reload; a PIN or password created elsewhere locks this tab; the
 * last secret removed elsewhere opens it plain; signing in, out or deleting the account elsewhere starts it afresh.
 */
import type { CardCollection } from '../domain/card';
import type { AuthRecords } from '../domain/secret';
import { getEngine } from '../engine';
import type { StoredValueName } from '../storage/local-storage';
import { loadAuth, loadCards, loadPreferences, onStorageChange } from '../storage/local-storage';
import { samePinLayer, sameRecord, sameRecords } from './device-records';
import { showPinLimit } from './pin-limit';
import { applyPreferences } from './preferences';
import { reportError } from './report';
import { appState, hideCards, records, session, setRecords, setStoredCollection } from './store';
import { openAndShow, openStored } from './view';

let stop: (() => void) | null = null;
let changed = new Set<StoredValueName>();
let following: Promise<void> = Promise.resolve();
let restartApp: (() => Promise<void>) | null = null;

/** Starts following other tabs (once per page); `restart` reads storage afresh when the change needs it. */
export function followOtherTabs(restart: () => Promise<void>): void {
  restartApp = restart;
  if (stop) return;
  stop = onStorageChange((name) => {
    // Changes that arrive together (a PIN and the cards it encrypted) are followed as one, in order.
    const first = changed.size === 0;
    changed.add(name);
    if (!first) return;
    following = following
      .then(async () => {
        const names = changed;
        changed = new Set();
        await follow(names, restart);
        // Another tab counted a wrong PIN (or cleared the count), or the PIN it counts for changed.
        if (names.has('pinAttempts') || names.has('auth')) showPinLimit();
      })
      .catch(reportError);
  });
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
 * Starts this tab afresh from what is stored, after the changes of other tabs it is following, in order. Never
 * from inside a follow (start-up included): that would wait for itself.
 */
export function startAfresh(): Promise<void> {
  const restart = restartApp;
  if (!restart) return Promise.resolve();
  const done = following.then(restart);
  following = done.catch(reportError);
  return done;
}

async function follow(names: Set<StoredValueName>, restart: () => Promise<void>): Promise<void> {
  if (appState.phase !== 'ready') return restart();
  if (names.has('preferences')) {
    const preferences = loadPreferences();
    if (preferences.ok) applyPreferences(preferences.value);
  }
  const auth = loadAuth();
  const cards = loadCards();
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
      appState.locked = false;
      return openAndShow(cards.value);
    }
    // A first secret was created elsewhere, with a key this tab does not hold: lock until it is entered here. The
    // same when, signed out, this tab's PIN is gone (changed, or removed and created again with a new key in one
    // go) and the stored cards do not open with the key it holds. Signed in, the key is the account's, always.
    const newKey =
      !had ||
      (!appState.locked && now.password === null && !keptOne(before, now) && !(await opensWithHeldKey(cards.value)));
    if (has && newKey) {
      await getEngine().lock();
      hideCards();
      setStoredCollection(cards.value);
      appState.locked = true;
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
  if (!names.has('cards')) return;
  if (appState.locked) setStoredCollection(cards.value);
  else await openAndShow(cards.value);
}
