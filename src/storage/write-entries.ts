/**
 * Writing a change's keys to localStorage as one change (`null` removes a key): if any write fails (a full quota),
 * the keys already written are put back as they were, so storage never holds half of a change.
 */
import { StorageWriteError } from './write-error';

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

export function writeEntries(entries: readonly [string, string | null][]): void {
  const before = entries.map(([key]) => [key, localStorage.getItem(key)] as const);
  try {
    for (const [key, raw] of entries) {
      if (raw === null) localStorage.removeItem(key);
      else localStorage.setItem(key, raw);
    }
  } catch (error) {
    for (const [key, raw] of before) {
      if (raw === null) localStorage.removeItem(key);
      else localStorage.setItem(key, raw);
    }
    throw new StorageWriteError(
      isQuotaError(error)
        ? "This device's storage for Sleeve is full, so nothing was saved. Free some space and try again."
        : 'Sleeve could not save on this device, so nothing was changed.',
      error,
    );
  }
}
