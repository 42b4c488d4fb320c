/**
 * Key custody: the one place the DEK is held. It lives in this module's private variable for as long as the app is
 * unlocked; nothing here returns it across the worker boundary, and `lock()` drops it.
 */
import type { CardCollection, EncryptedCollection } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import type { DataKey } from '../crypto/keys';
import { createRecord, generateDataKey, openRecord } from '../crypto/records';
import { encryptCards } from './cards';

let dataKey: DataKey | undefined;

export function hasKey(): boolean {
  return dataKey !== undefined;
}

/** The held DEK for card work inside the worker, or undefined when locked. */
export function heldKey(): DataKey | undefined {
  return dataKey;
}

export function lock(): void {
  dataKey = undefined;
}

/**
 * Opens `record` with `secret` and keeps the DEK. A wrong secret rejects with an empty message whose cause is the
 * decryption failure (SPEC.md §8); a failed unlock leaves whatever key was held before untouched.
 */
export async function unlock(secret: string, record: SecretRecord): Promise<void> {
  try {
    dataKey = await openRecord(secret, record);
  } catch (error) {
    if (isWrongSecret(error)) throw new SleeveError('', { cause: error });
    throw error;
  }
}

/** Whether `secret` opens `record`; the held key is not changed. Only a wrong secret gives false. */
export async function verify(secret: string, record: SecretRecord): Promise<boolean> {
  try {
    await openRecord(secret, record);
    return true;
  } catch (error) {
    if (isWrongSecret(error)) return false;
    throw error;
  }
}

/**
 * Wraps the DEK under `secret`, generating the DEK first when none is held, and returns the collection encrypted
 * under it. All or nothing: every step writes to locals, and the DEK becomes held only after the record exists and
 * every card is encrypted, so a failure anywhere leaves the custody state exactly as it was.
 */
export async function createSecret(
  secret: string,
  collection: CardCollection,
  now: number,
): Promise<{ record: SecretRecord; collection: EncryptedCollection }> {
  const held = dataKey;
  if (!held && collection.type === 'ENCRYPTED' && Object.keys(collection.cards).length > 0) {
    // These cards are under a DEK we do not hold; a new DEK would orphan them.
    throw new InvalidStateError(Messages.keyMissingEncrypt);
  }
  const dek = held ?? (await generateDataKey());
  // Cheap, fallible card work first, so a bad card fails before the slow derivation runs.
  const encrypted: EncryptedCollection =
    collection.type === 'UNENCRYPTED' ? await encryptCards(dek, collection) : collection;
  const record = await createRecord(secret, dek, now);
  dataKey = dek;
  return { record, collection: encrypted };
}

/** A decryption failure from the record's AES-GCM check, as opposed to a malformed record or a failed derivation. */
function isWrongSecret(error: unknown): error is SleeveError {
  return (
    error instanceof SleeveError && !(error instanceof InvalidArgumentError) && error.message === Messages.decryptFailed
  );
}
