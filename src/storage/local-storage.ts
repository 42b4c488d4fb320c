/**
 * The only code that touches localStorage. Six keys, each validated on read. A key whose value cannot be read
 * is never overwritten silently: it stays blocked (every write to it is refused) until the person decides.
 *
 * Many tabs, one truth (DESIGN.md invariant 7): every write is a read-modify-write under one cross-tab Web Lock.
 * Inside the lock the stored values are read afresh (once this tab's copy has caught up with the last write, see
 * write-sequence.ts) and the caller's change is applied to them, so two tabs never overwrite each other's cards;
 * other tabs hear of the write through `storage` events (`onStorageChange`).
 */
import type { CardCollection } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import { asLocal, type Local } from '../domain/merge-decision';
import { nextTask } from '../domain/next-task';
import type { Outbox } from '../domain/outbox';
import { emptyOutbox } from '../domain/outbox';
import type { PinAttempts } from '../domain/pin-attempts';
import { checkPinAttempts, noAttempts } from '../domain/pin-attempts';
import type { Preferences } from '../domain/preferences';
import { defaultPreferences } from '../domain/preferences';
import type { AuthRecords } from '../domain/secret';
import { emptyAuthRecords } from '../domain/secret';
import type { DetailsCollection } from '../domain/stored-details';
import { checkDetailsCollection, emptyDetailsCollection } from '../domain/stored-details';
import type { Checked } from '../domain/stored-shapes';
import { checkAuth, checkCollection, checkOutbox, checkPreferences } from '../domain/stored-shapes';
import { collectionText, knownCollection, latin1Json, rememberText } from './cards-text';
import { protectionProblem } from './protection';
import { writeEntries } from './write-entries';
import { StorageWriteError } from './write-error';
import { catchUp, lastWritten, published, REVISION_KEY } from './write-sequence';

export { StorageWriteError } from './write-error';

export const STORAGE_KEYS = {
  cards: 'sleeve/cards',
  /** The cards' details (src/domain/stored-details.ts), kept apart from SPEC.md's card shape. */
  details: 'sleeve/details',
  auth: 'sleeve/auth',
  preferences: 'sleeve/preferences',
  /** Signed in: card changes kept on this device, encrypted, until the server has them. */
  outbox: 'sleeve/outbox',
  /**
   * A mirror of the PIN's count that the engine keeps (src/domain/pin-attempts.ts), written so other tabs hear of a
   * change; never read as the count (src/state/pin-limit.ts).
   */
  pinAttempts: 'sleeve/pin-attempts',
} as const;

export type StoredValueName = keyof typeof STORAGE_KEYS;

/** What the keys hold, read and checked. Cards read here are this device's side of any merge. */
export interface StoredValues {
  cards: Local<CardCollection>;
  details: DetailsCollection;
  auth: AuthRecords;
  preferences: Preferences;
  outbox: Outbox;
  pinAttempts: PinAttempts;
}

/** The keys one change writes. */
export type StoredChanges = Partial<{
  cards: CardCollection;
  details: DetailsCollection;
  auth: AuthRecords;
  preferences: Preferences;
  outbox: Outbox;
  pinAttempts: PinAttempts;
}>;

/** What reading one key gave: its value (the default when absent), or why it could not be read. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; reason: string };

const blocked = new Set<StoredValueName>();

/**
 * Whether this browser lets Sleeve use its storage at all. With site data blocked (or in some private windows)
 * even reading localStorage throws; Sleeve then cannot keep a card and must say so rather than start.
 */
export function storageAvailable(): boolean {
  try {
    localStorage.getItem(STORAGE_KEYS.preferences);
    return true;
  } catch {
    return false;
  }
}

function load<T>(name: StoredValueName, check: (value: unknown) => Checked<T>, fallback: () => T): Loaded<T> {
  const raw = localStorage.getItem(STORAGE_KEYS[name]);
  if (raw === null) return { ok: true, value: fallback() };
  const known = name === 'cards' ? knownCollection(raw) : undefined;
  if (known) return { ok: true, value: known as T };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    blocked.add(name);
    return { ok: false, reason: 'it is not valid JSON' };
  }
  const checked = check(parsed);
  if (!checked.ok) blocked.add(name);
  else if (name === 'cards') rememberText(raw, checked.value as CardCollection);
  return checked;
}

export const loadCards = (): Loaded<Local<CardCollection>> =>
  load('cards', checkCollection, emptyPlainCollection) as Loaded<Local<CardCollection>>;
export const loadDetails = (): Loaded<DetailsCollection> =>
  load('details', checkDetailsCollection, emptyDetailsCollection);
export const loadAuth = (): Loaded<AuthRecords> => load('auth', checkAuth, emptyAuthRecords);
export const loadPreferences = (): Loaded<Preferences> => load('preferences', checkPreferences, defaultPreferences);
export const loadOutbox = (): Loaded<Outbox> => load('outbox', checkOutbox, emptyOutbox);
export const loadPinAttempts = (): Loaded<PinAttempts> => load('pinAttempts', checkPinAttempts, noAttempts);

export const LOADERS: { [K in StoredValueName]: () => Loaded<StoredValues[K]> } = {
  cards: loadCards,
  details: loadDetails,
  auth: loadAuth,
  preferences: loadPreferences,
  outbox: loadOutbox,
  pinAttempts: loadPinAttempts,
};

const blockedMessage = (name: StoredValueName) =>
  `Your saved ${name} could not be read, so nothing was changed. Choose what to do first.`;

/** Reads `names` afresh (every key by default); a key that cannot be read stops the change with a plain message. */
function readAll(names = Object.keys(LOADERS) as StoredValueName[]): StoredValues {
  const values: Partial<StoredValues> = {};
  for (const name of names) {
    if (blocked.has(name)) throw new StorageWriteError(blockedMessage(name));
    const loaded = LOADERS[name]();
    if (!loaded.ok) throw new StorageWriteError(blockedMessage(name));
    (values as Record<StoredValueName, unknown>)[name] = loaded.value;
  }
  return values as StoredValues;
}

/**
 * Writes several keys as one change (`null` removes a key): if any write fails (a full quota), the keys already
 * written are put back as they were, so storage never holds half of a change.
 */
function writeAll(values: StoredChanges | { pinAttempts: PinAttempts | null }, revision: number): void {
  writeEntries(serialised(values, revision));
}

/** The keys a change writes, as the strings stored (`null` removes the key), the write's number last. */
function serialised(
  values: StoredChanges | { pinAttempts: PinAttempts | null },
  revision: number,
  cardsText?: string,
): [string, string | null][] {
  const names = Object.keys(values) as StoredValueName[];
  // The write's number goes last: a tab that sees it has seen the values too.
  return [
    ...names.map((name): [string, string | null] => {
      const value = (values as Record<StoredValueName, unknown>)[name];
      if (name === 'cards' && cardsText !== undefined) return [STORAGE_KEYS.cards, cardsText];
      // Every value one byte a character, as the cards are (cards-text.ts `latin1Json`): the same JSON, stored faster.
      return [STORAGE_KEYS[name], value === null ? null : latin1Json(JSON.stringify(value))];
    }),
    [REVISION_KEY, String(revision)],
  ];
}

const BUSY = 'Sleeve is still saving in another tab, so nothing was changed here. Try again in a moment.';

/** The one cross-tab lock every write to Sleeve's storage is made under. */
const LOCK_NAME = 'sleeve/storage';

/**
 * A change to what is stored: `change` gets the values as stored now (read inside the lock) and returns the keys
 * to write; it may await (e.g. encrypt in the worker) while other tabs wait for the lock. The result is checked
 * against the states that lose protection or data before anything is written. Resolves to every value as stored
 * after the change.
 */
export async function updateStorage(
  change: (current: StoredValues) => StoredChanges | Promise<StoredChanges>,
): Promise<StoredValues> {
  return navigator.locks.request(LOCK_NAME, async (): Promise<StoredValues> => {
    const revision = await catchUp(() => new StorageWriteError(BUSY));
    // Reading (and checking) what is stored, making the change, turning it into text and writing it are tasks of
    // their own: with ten thousand cards each is tens of milliseconds, together a long task. Other tabs wait for
    // the lock meanwhile, so nothing changes between them.
    const current = readAll();
    await nextTask();
    const changes = await change(current);
    const next: StoredValues = { ...current, ...changes, cards: asLocal(changes.cards ?? current.cards) };
    const problem = protectionProblem(next.cards, next.auth, next.details);
    if (problem) throw new StorageWriteError(problem);
    if (Object.keys(changes).length > 0) {
      await nextTask();
      // The cards, the one value that grows large, are turned into text a slice at a time (cards-text.ts).
      const cardsText = changes.cards && (await collectionText(changes.cards));
      const entries = serialised(changes, revision + 1, cardsText);
      await nextTask();
      writeEntries(entries);
      if (cardsText !== undefined) rememberText(cardsText, next.cards);
      await published(revision + 1);
    }
    return next;
  });
}

/**
 * A change to the mirror of the PIN's count (`sleeve/pin-attempts`) alone, under the same lock as every other write,
 * so mirrors written at the same moment land in turn. Only `auth` and the mirror are read: it never parses the cards,
 * which would slow every unlock down. `change` may ask the engine for the count (it does so inside the lock, so the
 * last write is the latest count) and returns the value to store, `null` to remove it, or `undefined` to leave it.
 * Resolves to the value as stored after the change.
 */
export async function updatePinAttempts(
  change: (attempts: PinAttempts, auth: AuthRecords) => Promise<PinAttempts | null | undefined>,
): Promise<PinAttempts> {
  return navigator.locks.request(LOCK_NAME, async (): Promise<PinAttempts> => {
    const revision = await catchUp(() => new StorageWriteError(BUSY));
    const current = readAll(['auth', 'pinAttempts']);
    const next = await change(current.pinAttempts, current.auth);
    if (next === undefined) return current.pinAttempts;
    writeAll({ pinAttempts: next }, revision + 1);
    await published(revision + 1);
    return next ?? noAttempts();
  });
}

/**
 * A change to the records that neither adds nor removes a secret (one record replaced by another of its kind, as
 * when a PIN record is bound to this device). What may be stored beside the records is then unchanged, so the cards
 * are not read: a large collection is not parsed again right after an unlock. A change that adds or removes a
 * secret is refused here; `updateStorage` makes those. Resolves to the records as stored after the change.
 */
export async function replaceRecords(change: (auth: AuthRecords) => AuthRecords | undefined): Promise<AuthRecords> {
  return navigator.locks.request(LOCK_NAME, async (): Promise<AuthRecords> => {
    const revision = await catchUp(() => new StorageWriteError(BUSY));
    const { auth } = readAll(['auth']);
    const next = change(auth);
    if (next === undefined) return auth;
    if ((next.pin === null) !== (auth.pin === null) || (next.password === null) !== (auth.password === null)) {
      throw new StorageWriteError('Sleeve could not save on this device, so nothing was changed.');
    }
    writeAll({ auth: next }, revision + 1);
    await published(revision + 1);
    return next;
  });
}

/** The value exactly as stored, for the person to download before starting fresh. */
export const rawValue = (name: StoredValueName): string | null => localStorage.getItem(STORAGE_KEYS[name]);

/** The person chose to start this key afresh (or the data left the device): its value is removed. */
export async function discard(...names: StoredValueName[]): Promise<void> {
  await discardIf(null, ...names);
}

/**
 * Removes `names`; with `stillSo`, only if it holds for what is stored now, read inside the lock once this tab's copy
 * has caught up with the last write of any tab. Resolves whether they were removed.
 */
export async function discardIf(stillSo: (() => boolean) | null, ...names: StoredValueName[]): Promise<boolean> {
  return navigator.locks.request(LOCK_NAME, async () => {
    // With nothing to check, nothing is read, so there is nothing to catch up with; the removal is numbered anyway.
    const revision = stillSo ? await catchUp(() => new StorageWriteError(BUSY)) : await lastWritten();
    if (stillSo && !stillSo()) return false;
    for (const name of names) {
      localStorage.removeItem(STORAGE_KEYS[name]);
      blocked.delete(name);
    }
    localStorage.setItem(REVISION_KEY, String(revision + 1));
    await published(revision + 1);
    return true;
  });
}

export const isBlocked = (name: StoredValueName): boolean => blocked.has(name);

/** Blocks a key whose value parsed but cannot be used (e.g. encrypted cards with no record to open them). */
export const markUnreadable = (name: StoredValueName): void => {
  blocked.add(name);
};

/**
 * Calls `listener` with the key's name whenever another tab changes one of Sleeve's keys (a `storage` event: it
 * never fires for this tab's own writes). A cleared storage reports every key. Returns the unsubscribe.
 */
export function onStorageChange(listener: (name: StoredValueName) => void): () => void {
  const names = Object.entries(STORAGE_KEYS) as [StoredValueName, string][];
  const handle = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key === null) {
      for (const [name] of names) listener(name);
      return;
    }
    const found = names.find(([, key]) => key === event.key);
    if (found) listener(found[0]);
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}
