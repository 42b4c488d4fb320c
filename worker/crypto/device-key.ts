/**
 * The device key: a non-extractable AES-GCM key generated here, the first time a PIN is bound to this device, and
 * kept in this origin's IndexedDB (database 'sleeve-keys'). It is never exported; WebCrypto can only use it where
 * this origin's IndexedDB is. The PIN record in localStorage is sealed once more under it (device-layer.ts), so a copy
 * of localStorage alone holds no PIN-wrapped key to check a guess against.
 *
 * The PIN's count of wrong tries (src/domain/pin-attempts.ts) lives in the same value as the key, `DeviceEntry`: what
 * removes the count removes the key, and a value whose count is missing or damaged reads as no key at all, so the PIN
 * cannot open rather than start again from none. Clearing or editing localStorage touches neither.
 *
 * One count per key, and one data key per device key: the one its entry's check names. Every later PIN over that data
 * key reuses the device key (replacing it would strand a record another tab is about to store). A PIN over another
 * data key gets a new device key (`deviceKeyForBinding`), since starting the count again for the old one would give
 * whoever wrote that PIN fresh tries at the records sealed before it.
 * It is read from IndexedDB each time it is needed and never kept in memory, so a cleared database is noticed at once.
 */
import { Messages, SleeveError } from '../../src/domain/errors';
import type { PinAttempts } from '../../src/domain/pin-attempts';
import { checkPinAttempts, noAttempts } from '../../src/domain/pin-attempts';
import { isKeyCheck, type KeyCheck, keyCheck, opensCheck, sameCheck } from './key-check';
import type { DataKey } from './keys';

const DATABASE = 'sleeve-keys';
const STORE = 'keys';
const PIN_DEVICE_KEY = 'pin-device-key';
/** Version 1 kept the bare key; version 2 keeps `DeviceEntry`. */
const VERSION = 2;

/** What the store keeps under `PIN_DEVICE_KEY`, in one value. */
export interface DeviceEntry {
  key: CryptoKey;
  /** Wrong PINs in a row and when the next try may start: for every PIN record sealed under `key`. */
  attempts: PinAttempts;
  /** Tells the data key the PIN wraps (key-check.ts), so that key alone clears the count; `null` until known. */
  dataKeyCheck: KeyCheck | null;
}

/** The entry as stored, or `undefined` when there is none or it is not whole (a count removed or edited by hand). */
function entryOf(value: unknown): DeviceEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { key, attempts, dataKeyCheck } = value as Record<string, unknown>;
  const checked = checkPinAttempts(attempts);
  if (!(key instanceof CryptoKey) || !checked.ok) return undefined;
  if (dataKeyCheck !== null && !isKeyCheck(dataKeyCheck)) return undefined;
  return { key, attempts: checked.value, dataKeyCheck };
}

let opened: Promise<IDBDatabase> | undefined;

/** Opens the database at `version` (the current one when not given), creating the store when it is missing. */
function openAt(version?: number): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = version === undefined ? indexedDB.open(DATABASE) : indexedDB.open(DATABASE, version);
    open.onupgradeneeded = (event) => {
      if (!open.result.objectStoreNames.contains(STORE)) {
        open.result.createObjectStore(STORE);
        return;
      }
      if (event.oldVersion >= VERSION || !open.transaction) return;
      // Once, from version 1: the bare key gets a count of none beside it. A bare key met later is no key.
      const keys = open.transaction.objectStore(STORE);
      const get = keys.get(PIN_DEVICE_KEY);
      get.onsuccess = () => {
        if (!(get.result instanceof CryptoKey)) return;
        const entry: DeviceEntry = { key: get.result, attempts: noAttempts(), dataKeyCheck: null };
        keys.put(entry, PIN_DEVICE_KEY);
      };
    };
    open.onsuccess = () => {
      const db = open.result;
      // Someone deletes the database (the person clears site data): let them, and open it afresh next time.
      db.onversionchange = () => {
        db.close();
        opened = undefined;
      };
      db.onclose = () => {
        opened = undefined;
      };
      resolve(db);
    };
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error('the key database is blocked by an older connection'));
  });
}

async function connect(): Promise<IDBDatabase> {
  let db: IDBDatabase;
  try {
    db = await openAt(VERSION);
  } catch (error) {
    // A database already past this version (made by hand, say) is opened as it is.
    if (!(error instanceof DOMException && error.name === 'VersionError')) throw error;
    db = await openAt();
  }
  if (db.objectStoreNames.contains(STORE)) return db;
  // A database of that name without the store: the next version adds it.
  const version = db.version + 1;
  db.close();
  return openAt(version);
}

function database(): Promise<IDBDatabase> {
  opened ??= connect();
  const pending = opened;
  pending.catch(() => {
    if (opened === pending) opened = undefined;
  });
  return pending;
}

/**
 * Opened as the worker starts, while the person types the PIN, so unlocking waits for the derivation alone; only
 * when the database exists, so a device that never had a PIN does not get one.
 */
async function openIfKept(): Promise<void> {
  try {
    if ((await indexedDB.databases()).some((known) => known.name === DATABASE)) await database();
  } catch {
    // Opened when first needed instead, where a failure is reported.
  }
}

if (typeof indexedDB !== 'undefined') void openIfKept();

/** The store, from a connection that is still open: one closed meanwhile is opened again once. */
async function store(mode: IDBTransactionMode): Promise<{ transaction: IDBTransaction; keys: IDBObjectStore }> {
  for (let attempt = 0; ; attempt++) {
    const db = await database();
    try {
      const transaction = db.transaction(STORE, mode);
      return { transaction, keys: transaction.objectStore(STORE) };
    } catch (error) {
      opened = undefined;
      if (attempt > 0) throw error;
    }
  }
}

/** What `change` decided: the entry to write (none: leave it) and what the caller gets back. */
export interface EntryChange<R> {
  write?: DeviceEntry;
  result: R;
}

/**
 * Reads the value kept under `name` and writes what `change` makes of it in one readwrite transaction, resolving once
 * it has committed. IndexedDB runs transactions on the same store one after another, even from different workers, so
 * tabs counting tries at the same moment take turns and none gets a try the count did not see.
 */
export async function changeValue<R>(
  name: string,
  change: (value: unknown) => { write?: unknown; result: R },
): Promise<R> {
  const { transaction, keys } = await store('readwrite');
  return new Promise<R>((resolve, reject) => {
    let decided: { write?: unknown; result: R } | undefined;
    const get = keys.get(name);
    // Decided and written inside the request's callback, while the transaction is still active.
    get.onsuccess = () => {
      decided = change(get.result);
      if (decided.write !== undefined) keys.put(decided.write, name);
    };
    transaction.oncomplete = () => {
      if (decided) resolve(decided.result);
      else reject(new Error('the key store was not read'));
    };
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('the key store was not written'));
  });
}

/** The value kept under `name` now (`undefined`: none). */
export async function readValue(name: string): Promise<unknown> {
  const { keys } = await store('readonly');
  const get = keys.get(name);
  return new Promise<unknown>((resolve, reject) => {
    get.onsuccess = () => resolve(get.result);
    get.onerror = () => reject(get.error);
  });
}

/** The PIN's entry read and changed as one (see `changeValue`). */
export const changeEntry = <R>(change: (entry: DeviceEntry | undefined) => EntryChange<R>): Promise<R> =>
  changeValue(PIN_DEVICE_KEY, (value) => change(entryOf(value)));

/** The entry as stored now, or `undefined` when there is none or it is not whole. */
export async function readEntry(): Promise<DeviceEntry | undefined> {
  return entryOf(await readValue(PIN_DEVICE_KEY));
}

/** How often a binding decides again when other tabs keep changing the entry under it. */
const BINDING_TURNS = 4;

/**
 * Whether the entry is still the one read: its check changes with every new key, and otherwise only when a right PIN
 * notes the key of an entry an earlier Sleeve kept (worker/vault/pin-limit.ts).
 */
const sameEntry = (a: DeviceEntry | undefined, b: DeviceEntry | undefined): boolean =>
  a === undefined || b === undefined ? a === b : sameCheck(a.dataKeyCheck, b.dataKeyCheck);

/**
 * The device key to seal a PIN record wrapping `dataKey` under. Over the data key the entry's check names, it is the
 * stored key, and its count stays, unless `newPin`: the worker created or changed the PIN, the current secret proved
 * (worker/vault/custody.ts), which starts the count again. Over any other data key (a new wallet's, or a record a
 * page made up and unlocked), or with no key yet (or only a value that is not whole, whose key opens no PIN anyway),
 * a new device key is generated and stored with a count of none: the records sealed under the old one no longer open.
 * A check not yet known (a key an earlier Sleeve kept) counts as another data key's.
 */
export async function deviceKeyForBinding(dataKey: DataKey, { newPin }: { newPin: boolean }): Promise<CryptoKey> {
  try {
    const check = await keyCheck(dataKey);
    // Made before the transaction, which cannot wait for it; it goes unused when the device keeps its key.
    const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    for (let turn = 0; turn < BINDING_TURNS; turn++) {
      const seen = await readEntry();
      // Decided outside the transaction, which would end while a decryption ran; the entry is compared inside it.
      const same = seen?.dataKeyCheck ? await opensCheck(dataKey, seen.dataKeyCheck) : false;
      const key = await changeEntry<CryptoKey | undefined>((entry) => {
        // Another tab bound a PIN meanwhile (its new key a moment ago is the device's now): decided again.
        if (!sameEntry(entry, seen)) return { result: undefined };
        if (entry && same && !newPin) return { result: entry.key };
        const write: DeviceEntry =
          entry && same
            ? { ...entry, attempts: noAttempts() }
            : { key: fresh, attempts: noAttempts(), dataKeyCheck: check };
        return { write, result: write.key };
      });
      if (key) return key;
    }
    throw new Error('the key store kept changing');
  } catch (cause) {
    throw new SleeveError(Messages.deviceKeyUnavailable, { cause });
  }
}

/** The device key as stored now, for a record already opened (no try to count); `undefined` when there is none. */
export async function storedDeviceKey(): Promise<CryptoKey | undefined> {
  return (await readEntry())?.key;
}
