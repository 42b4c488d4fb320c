/**
 * Why a Web Lock alone is not enough. Each tab of Chromium reads localStorage from its own copy, which hears of
 * another tab's write a moment later, and nothing orders that moment before the lock passes to the next tab: measured
 * with two tabs each adding one to a counter 100 times under one lock, the counter ended at 185, not 200. A tab that
 * reads stale values inside the lock would write over the other tab's card, or store plain cards beside its PIN.
 *
 * So every write is numbered. The number of the last write is kept in IndexedDB, which every tab reads from one place,
 * and in localStorage beside the values it belongs to (written last, so a tab that sees it sees them too). Inside the
 * lock a tab first waits until its copy of localStorage has caught up with the number IndexedDB holds.
 */

/** Beside the stored values; not one of them (it is never shown, checked or exported). */
export const REVISION_KEY = 'sleeve/revision';

const DATABASE = 'sleeve';
const STORE = 'meta';
const RECORD = 'storageRevision';

/** Another tab's write normally reaches this tab's copy within milliseconds. */
const CATCH_UP_LIMIT_MS = 2_000;
/** With no number in this tab's copy at all, storage was cleared outside Sleeve, or the first write is on its way. */
const FIRST_WRITE_LIMIT_MS = 150;

let opened: Promise<IDBDatabase | null> | undefined;

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** The database, or `null` where IndexedDB is unavailable: writes then go unnumbered, as before. */
function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const open = indexedDB.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
      open.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

/** The number of the last write, as IndexedDB holds it (0 before the first). */
export async function lastWritten(): Promise<number> {
  const db = await database();
  if (!db) return 0;
  const value = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(RECORD)).catch(() => 0);
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The number of the write this tab's copy of localStorage holds; `null` when it holds none. */
function seenHere(): number | null {
  const raw = localStorage.getItem(REVISION_KEY);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : 0;
}

/** Resolves when `ready()` holds, checked on each storage event and every few milliseconds, or after `limit`. */
function waitFor(ready: () => boolean, limit: number): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (result: boolean) => {
      clearInterval(poll);
      clearTimeout(timeout);
      window.removeEventListener('storage', check);
      resolve(result);
    };
    const check = () => {
      if (ready()) finish(true);
    };
    const poll = setInterval(check, 5);
    const timeout = setTimeout(() => finish(ready()), limit);
    window.addEventListener('storage', check);
  });
}

/**
 * Waits, inside the lock, until this tab reads what the last write wrote; resolves to that write's number. Rejects
 * with `busy` when another tab's write has not arrived in time: then nothing is read or written.
 */
export async function catchUp(busy: () => Error): Promise<number> {
  const last = await lastWritten();
  if (last === 0) return 0;
  if (seenHere() === null) {
    // Either the first write from another tab is on its way, or storage was cleared outside Sleeve: wait briefly.
    await waitFor(() => seenHere() !== null, FIRST_WRITE_LIMIT_MS);
    const seen = seenHere();
    if (seen === null) return last;
  }
  if (!(await waitFor(() => (seenHere() ?? 0) >= last, CATCH_UP_LIMIT_MS))) throw busy();
  return Math.max(last, seenHere() ?? 0);
}

/** The localStorage entry that numbers a write; written last, with the values. */
export const revisionEntry = (revision: number): [string, string] => [REVISION_KEY, String(revision)];

/** After the values are written: IndexedDB learns the number, so the next lock holder waits for them. */
export async function published(revision: number): Promise<void> {
  const db = await database();
  if (!db) return;
  const transaction = db.transaction(STORE, 'readwrite');
  transaction.objectStore(STORE).put(revision, RECORD);
  await new Promise<void>((resolve) => {
    // A failure here leaves IndexedDB behind localStorage, which only means the next tab does not wait.
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => resolve();
    transaction.onabort = () => resolve();
  });
}
