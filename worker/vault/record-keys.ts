/**
 * Which data key a stored record wraps, told without its secret. Every record a worker of this device opens or wraps
 * is noted with a check value of its key (crypto/key-check.ts), beside the PIN's device key in IndexedDB
 * `sleeve-keys` (value `record-keys`), which every tab's worker reads. A tab that stores a record (a replaced key's,
 * an adopted newer one) has opened or wrapped it first, so a tab that follows it asks its own worker whether the key
 * it holds is the one that record wraps: a password changed elsewhere keeps the tab open, a key replaced elsewhere
 * locks it (src/state/tabs.ts). Nothing here exports a key, and the check says nothing about a key's bytes.
 */
import type { PinRecord, SecretRecord } from '../../src/domain/secret';
import { changeValue, readValue } from '../crypto/device-key';
import { isKeyCheck, type KeyCheck, keyCheck, opensCheck } from '../crypto/key-check';
import type { DataKey } from '../crypto/keys';

const RECORD_KEYS = 'record-keys';
/** Records noted, newest first: the device stores two or three at a time; older ones are past following. */
const KEPT = 16;

interface Noted {
  /** The record's wrapped key as stored (`wrappedKeyOf`): its date aside, since re-dating it keeps the key. */
  record: string;
  check: KeyCheck;
}

const wrappedKeyOf = (record: SecretRecord): string =>
  JSON.stringify([
    record.salt,
    record.encryptedDek.ciphertext,
    record.encryptedDek.iv,
    (record as PinRecord).device?.iv ?? null,
  ]);

/** What is kept, with anything not of the expected shape (edited by hand) left out. */
const notedOf = (value: unknown): Noted[] =>
  Array.isArray(value)
    ? value.filter(
        (noted): noted is Noted =>
          typeof noted === 'object' && noted !== null && typeof noted.record === 'string' && isKeyCheck(noted.check),
      )
    : [];

/**
 * Notes that `record` wraps `key`. A failure to note is no failure of what noted it: a tab following that record then
 * tells by the cards it opens, as before (`wrapsKey` answers null).
 */
export async function noteRecordKey(record: SecretRecord, key: DataKey): Promise<void> {
  try {
    const check = await keyCheck(key);
    const id = wrappedKeyOf(record);
    await changeValue(RECORD_KEYS, (value) => ({
      write: [{ record: id, check }, ...notedOf(value).filter((noted) => noted.record !== id)].slice(0, KEPT),
      result: undefined,
    }));
  } catch {
    // IndexedDB unavailable or full: see above.
  }
}

/** Whether `record` wraps `key`: null when no worker of this device has noted the record (or it cannot be read). */
export async function wrapsKey(record: SecretRecord, key: DataKey): Promise<boolean | null> {
  try {
    const id = wrappedKeyOf(record);
    const noted = notedOf(await readValue(RECORD_KEYS)).find((candidate) => candidate.record === id);
    return noted ? await opensCheck(key, noted.check) : null;
  } catch {
    return null;
  }
}
