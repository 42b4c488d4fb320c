/**
 * The PIN's attempt limit (src/domain/pin-attempts.ts), kept and enforced by the engine itself, so neither editing
 * localStorage nor calling the engine in a loop from the page gets more tries than the screens allow. The count lives
 * beside the device key, in its one IndexedDB value (crypto/device-key.ts), and counts tries against records bound to
 * this device: every PIN Sleeve makes (an older plain one is bound at its first unlock, and until then a copy of
 * localStorage alone can test guesses, so a count would guard nothing). One count for the key, whichever record is
 * tried: a record edited in localStorage (another salt, another IV) meets the count of the real one.
 *
 * Each try is refused while a wait runs or once the PIN stopped, before anything is derived; otherwise it is counted
 * as wrong in the same transaction that reads the key, before the derivation, and uncounted when it proves right (or
 * never reached the PIN). Tabs each have their own worker; IndexedDB's transactions make them take turns.
 */
import { InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import type { PinAttempts, PinTry } from '../../src/domain/pin-attempts';
import {
  countFor,
  nextTry,
  noAttempts,
  PinLimitMessages,
  reserveTry,
  secondsLeft,
  takeBackTry,
} from '../../src/domain/pin-attempts';
import type { PinRecord, SecretRecord } from '../../src/domain/secret';
import { changeEntry, readEntry } from '../crypto/device-key';
import { isBound, removeDeviceLayer } from '../crypto/device-layer';
import { type KeyCheck, keyCheck, opensCheck, sameCheck } from '../crypto/key-check';
import type { DataKey } from '../crypto/keys';
import { openRecord } from '../crypto/records';

/** What opening a record with a secret gave: its key, or the decryption failure of a wrong secret. */
export type Opened = { key: DataKey } | { wrong: SleeveError };

/**
 * Opens `record` with `secret`: one derivation. A record bound to this device (a PIN) is opened under the limit;
 * refused, it rejects with the wait ('Try again in 30 s') or the stop (invalid-state), and nothing is derived.
 */
export async function openWithSecret(secret: string, record: SecretRecord): Promise<Opened> {
  if (!isBound(record)) return attempt(secret, record);
  const salt = record.salt;
  let counted = false;
  let opened: Opened | undefined;
  try {
    const plain = await removeDeviceLayer(record, async () => {
      const key = await countTry(salt);
      counted = key !== undefined;
      return key;
    });
    opened = await attempt(secret, plain);
    return opened;
  } finally {
    // A wrong PIN stays counted, with the wait its count set.
    if (counted && !(opened && 'wrong' in opened)) await settle(salt, opened?.key);
  }
}

async function attempt(secret: string, record: SecretRecord): Promise<Opened> {
  try {
    return { key: await openRecord(secret, record) };
  } catch (error) {
    if (isWrongSecret(error)) return { wrong: error };
    throw error;
  }
}

/** A decryption failure from the record's AES-GCM check, as opposed to a malformed record or a failed derivation. */
function isWrongSecret(error: unknown): error is SleeveError {
  return error instanceof SleeveError && error.kind === 'general' && error.message === Messages.decryptFailed;
}

/**
 * Counts a try against the PIN with `salt` as wrong, and gives the device key it may use; `undefined` when this
 * device holds no key (or no whole entry), and then nothing is counted. Refused while a wait runs or once stopped.
 */
async function countTry(salt: string): Promise<CryptoKey | undefined> {
  const now = Date.now();
  const taken = await changeEntry<CryptoKey | PinTry | undefined>((entry) => {
    if (!entry) return { result: undefined };
    const count = countFor(entry.attempts, salt);
    const verdict = nextTry(count, now);
    if (verdict.kind !== 'open') return { result: verdict };
    return { write: { ...entry, attempts: reserveTry(count, now) }, result: entry.key };
  }).catch(() => undefined); // IndexedDB unavailable: no key can be read, so none can be used either.
  if (taken === undefined || taken instanceof CryptoKey) return taken;
  if (taken.kind === 'stopped') throw new InvalidStateError(PinLimitMessages.stopped);
  if (taken.kind === 'wait') throw new InvalidStateError(PinLimitMessages.tryAgainIn(secondsLeft(taken.until, now)));
  return undefined;
}

/**
 * After a counted try: the PIN proved right (`opened`, the key it opened) clears the count when that key is the one the
 * count guards (the entry's check; a check not yet known is noted now), so the password that opens the same key can
 * clear it later. A right PIN of another key (a record sealed here before the check was kept) proves nothing about
 * the count, and its try is taken back, as one that never reached the PIN is. A failure to store this leaves the try
 * counted: a count one too high, never one too low.
 */
async function settle(salt: string, opened: DataKey | undefined): Promise<void> {
  try {
    const seen = opened ? await readEntry() : undefined;
    const known = seen?.dataKeyCheck ?? null;
    const clears = opened !== undefined && seen !== undefined && (known === null || (await opensCheck(opened, known)));
    const check: KeyCheck | null = clears && opened && known === null ? await keyCheck(opened) : known;
    await changeEntry((entry) => {
      if (!entry) return { result: undefined };
      // The key's check changed meanwhile (a new device key): what was decided above is no longer about this entry.
      const right = clears && sameCheck(entry.dataKeyCheck, known);
      const attempts = right ? noAttempts() : takeBackTry(countFor(entry.attempts, salt));
      return { write: { ...entry, attempts, dataKeyCheck: right ? check : entry.dataKeyCheck }, result: undefined };
    });
  } catch {
    // Kept counted, as said above.
  }
}

/** The tries counted against `record`: the device key's count (none for a record not bound to this device). */
export async function pinAttempts(record: PinRecord): Promise<PinAttempts> {
  const entry = isBound(record) ? await readEntry() : undefined;
  return countFor(entry?.attempts ?? noAttempts(), record.salt);
}

/**
 * The person proved a secret that opens the key the PIN wraps (`held`, the key held now, after the password's
 * unlock): the count starts again from none. Any other key (one a page made up with a record of its own) clears
 * nothing. Until a PIN has been bound or opened here since the count moved into IndexedDB, its key is not known, and
 * only the right PIN clears the count.
 */
export async function forgetPinAttempts(held: DataKey | undefined): Promise<void> {
  const entry = held ? await readEntry() : undefined;
  if (!held || !entry?.dataKeyCheck || entry.attempts.wrongInARow === 0) return;
  const check = entry.dataKeyCheck;
  if (!(await opensCheck(held, check))) return;
  await changeEntry((now) =>
    now && sameCheck(now.dataKeyCheck, check)
      ? { write: { ...now, attempts: noAttempts() }, result: undefined }
      : { result: undefined },
  );
}
