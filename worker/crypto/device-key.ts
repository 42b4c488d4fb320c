/**
 * The device key: a non-extractable AES-GCM key generated here, the first time a PIN is bound to this device, and
 * kept in this origin's IndexedDB (database 'sleeve-keys'). It is never exported; WebCrypto can only use it where
 * this origin's IndexedDB is. The PIN record in localStorage is sealed once more under it (device-layer.ts), so a copy
 * of localStorage alone holds no PIN-wrapped key to check a guess against.
 *
 * One key per origin, reused by every later PIN: replacing it would strand a record another tab is about to store.
 * It is read from IndexedDB each time it is needed and never kept in memory, so a cleared database is noticed at once.
 */
import { Messages, SleeveError } from '../../src/domain/errors';

const DATABASE = 'sleeve-keys';
const STORE = 'keys';
const PIN_DEVICE_KEY = 'pin-device-key';

let opened: Promise<IDBDatabase> | undefined;

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** Resolves once `transaction` has committed, so a key reported stored is on disk. */
const committed = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });

/** Opens the database at `version` (the current one when not given), creating the store when it is missing. */
function openAt(version?: number): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = version === undefined ? indexedDB.open(DATABASE) : indexedDB.open(DATABASE, version);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
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

function database(): Promise<IDBDatabase> {
  opened ??= openAt().then((db) => {
    if (db.objectStoreNames.contains(STORE)) return db;
    // A database of that name without the store (made by hand, say): the next version adds it.
    const version = db.version + 1;
    db.close();
    return openAt(version);
  });
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

async function readKey(): Promise<CryptoKey | undefined> {
  const { keys } = await store('readonly');
  const value: unknown = await request(keys.get(PIN_DEVICE_KEY));
  return value instanceof CryptoKey ? value : undefined;
}

/** The device key, or `undefined` when this origin's IndexedDB holds none (cleared, or another browser profile). */
export async function existingDeviceKey(): Promise<CryptoKey | undefined> {
  try {
    return await readKey();
  } catch {
    return undefined;
  }
}

/** The device key, generated and stored first when there is none yet. */
export async function deviceKeyForBinding(): Promise<CryptoKey> {
  try {
    const existing = await readKey();
    if (existing) return existing;
    const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const { transaction, keys } = await store('readwrite');
    // `add`, never `put`: when another tab stored a key a moment ago, that key is the device's and this one goes.
    const added = request(keys.add(fresh, PIN_DEVICE_KEY)).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'ConstraintError')) throw error;
    });
    await Promise.all([added, committed(transaction).catch(() => undefined)]);
    const stored = await readKey();
    if (!stored) throw new Error('the key was not kept');
    return stored;
  } catch (cause) {
    throw new SleeveError(Messages.deviceKeyUnavailable, { cause });
  }
}
