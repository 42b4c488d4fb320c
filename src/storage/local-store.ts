/**
 * The only code that touches localStorage. Three keys, each validated on read. A key whose value cannot be read
 * is never overwritten silently: it stays blocked (every write to it is refused) until the person decides.
 */
import type { CardCollection } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import { SleeveError } from '../domain/errors';
import type { Preferences } from '../domain/preferences';
import { defaultPreferences } from '../domain/preferences';
import type { AuthRecords } from '../domain/secret';
import { emptyAuthRecords } from '../domain/secret';
import type { Checked } from '../domain/stored-shapes';
import { checkAuth, checkCollection, checkPreferences } from '../domain/stored-shapes';

export const STORAGE_KEYS = {
  cards: 'sleeve/cards',
  auth: 'sleeve/auth',
  preferences: 'sleeve/preferences',
} as const;

export type StoreName = keyof typeof STORAGE_KEYS;

/** What reading one key gave: its value (the default when absent), or why it could not be read. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; reason: string };

const blocked = new Set<StoreName>();

function load<T>(name: StoreName, check: (value: unknown) => Checked<T>, fallback: () => T): Loaded<T> {
  const raw = localStorage.getItem(STORAGE_KEYS[name]);
  if (raw === null) return { ok: true, value: fallback() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    blocked.add(name);
    return { ok: false, reason: 'it is not valid JSON' };
  }
  const checked = check(parsed);
  if (!checked.ok) {
    blocked.add(name);
    return checked;
  }
  return checked;
}

export const loadCards = (): Loaded<CardCollection> => load('cards', checkCollection, emptyPlainCollection);
export const loadAuth = (): Loaded<AuthRecords> => load('auth', checkAuth, emptyAuthRecords);
export const loadPreferences = (): Loaded<Preferences> => load('preferences', checkPreferences, defaultPreferences);

export class StorageWriteError extends SleeveError {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StorageWriteError';
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/**
 * Writes several keys as one change: if any write fails (a full quota, a blocked key), the keys already written
 * are put back as they were, so storage never holds half of a change.
 */
export function saveAll(values: Partial<{ cards: CardCollection; auth: AuthRecords; preferences: Preferences }>): void {
  const names = Object.keys(values) as StoreName[];
  const stuck = names.find((name) => blocked.has(name));
  if (stuck) {
    throw new StorageWriteError(
      `Your saved ${stuck} could not be read, so nothing was changed. Choose what to do first.`,
    );
  }
  const before = new Map(names.map((name) => [name, localStorage.getItem(STORAGE_KEYS[name])]));
  try {
    for (const name of names) localStorage.setItem(STORAGE_KEYS[name], JSON.stringify(values[name]));
  } catch (error) {
    for (const [name, raw] of before) {
      if (raw === null) localStorage.removeItem(STORAGE_KEYS[name]);
      else localStorage.setItem(STORAGE_KEYS[name], raw);
    }
    throw new StorageWriteError(
      isQuotaError(error)
        ? "This device's storage for Sleeve is full, so nothing was saved. Free some space and try again."
        : 'Sleeve could not save on this device, so nothing was changed.',
      error,
    );
  }
}

export const saveCards = (cards: CardCollection): void => saveAll({ cards });
export const saveAuth = (auth: AuthRecords): void => saveAll({ auth });
export const savePreferences = (preferences: Preferences): void => saveAll({ preferences });

/** The value exactly as stored, for the person to download before starting fresh. */
export const rawValue = (name: StoreName): string | null => localStorage.getItem(STORAGE_KEYS[name]);

/** The person chose to start this key afresh: its value is removed and writes are allowed again. */
export function discard(name: StoreName): void {
  localStorage.removeItem(STORAGE_KEYS[name]);
  blocked.delete(name);
}

export const isBlocked = (name: StoreName): boolean => blocked.has(name);

/** Blocks a key whose value parsed but cannot be used (e.g. encrypted cards with no record to open them). */
export const markUnreadable = (name: StoreName): void => {
  blocked.add(name);
};
