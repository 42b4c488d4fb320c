/**
 * A card's details record (src/domain/card-details.ts) sealed under the data key: AES-GCM over the UTF-8 JSON of its
 * plaintext, with `detailsLabel(cardId)` as additional data, a fresh random 12-byte IV, the tag appended, standard
 * base64. The key never leaves the worker; the page sees only records and opened plaintexts.
 *
 * Opening is record by record, as cards open: a record that does not open (another key, altered, not JSON, fields
 * not strings) is reported with its reason and every other record still opens.
 */

import { UnreadableReasons } from '../../src/domain/card';
import type { DetailsOutcome, DetailsPlain, EncryptedDetails } from '../../src/domain/card-details';
import { DETAILS_NOT_READABLE, detailsLabel, readDetailsPlain, writeDetailsPlain } from '../../src/domain/card-details';
import { CARD_ID_PATTERN } from '../../src/domain/card-id';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { IV_LENGTH } from '../crypto/aes-gcm';
import { fromBase64, toBase64 } from '../crypto/base64';
import { fromUtf8, randomBytes, utf8 } from '../crypto/bytes';
import type { DataKey } from '../crypto/keys';
import { heldKey } from './custody';
import { knownTo, retiredKeysUnder } from './retired';

export async function sealDetailsUnder(
  dek: DataKey,
  id: string,
  modifiedAt: number,
  plain: DetailsPlain,
): Promise<EncryptedDetails> {
  if (typeof id !== 'string' || !CARD_ID_PATTERN.test(id)) {
    throw new InvalidArgumentError(`Invalid card id: ${JSON.stringify(id)}`);
  }
  if (!Number.isFinite(modifiedAt)) throw new InvalidArgumentError('Invalid details date');
  const iv = randomBytes(IV_LENGTH);
  try {
    const text = utf8(JSON.stringify(writeDetailsPlain(plain)));
    const additionalData = utf8(detailsLabel(id));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, dek, text);
    return { id, data: { cipherText: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) }, modifiedAt };
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
}

export async function openDetailsUnder(dek: DataKey, record: EncryptedDetails): Promise<DetailsOutcome> {
  const { id } = record;
  let iv: Uint8Array<ArrayBuffer>;
  let ciphertext: Uint8Array<ArrayBuffer>;
  try {
    iv = fromBase64(record.data.iv);
    ciphertext = fromBase64(record.data.cipherText);
  } catch {
    return { id, reason: UnreadableReasons.damaged };
  }
  if (iv.length !== IV_LENGTH) return { id, reason: UnreadableReasons.damaged };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const additionalData = utf8(detailsLabel(id));
    bytes = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, dek, ciphertext));
  } catch {
    return { id, reason: UnreadableReasons.wrongKey };
  }
  let value: unknown;
  try {
    value = JSON.parse(fromUtf8(bytes));
  } catch {
    return { id, reason: DETAILS_NOT_READABLE };
  }
  const plain = readDetailsPlain(value);
  return plain ? { id, modifiedAt: record.modifiedAt, plain } : { id, reason: DETAILS_NOT_READABLE };
}

/** A card's details sealed under the held key (the engine's `sealDetails`). */
export function sealDetails(id: string, modifiedAt: number, plain: DetailsPlain): Promise<EncryptedDetails> {
  const dek = heldKey();
  if (!dek) return Promise.reject(new InvalidStateError(Messages.keyMissingEncrypt));
  return sealDetailsUnder(dek, id, modifiedAt, plain);
}

/**
 * Records opened under `dek`, one by one; a record `dek` does not open is tried under the account's retired keys,
 * newest first (a device sealed it under a key the account has since replaced, before it heard of the new one).
 */
export async function openDetailsWith(dek: DataKey, records: readonly EncryptedDetails[]): Promise<DetailsOutcome[]> {
  const outcomes = await Promise.all(records.map((record) => openDetailsUnder(dek, record)));
  const shut = () => outcomes.flatMap((outcome, index) => (isShut(outcome) ? [index] : []));
  if (shut().length === 0) return outcomes;
  for (const entry of await retiredKeysUnder(dek)) {
    for (const index of shut()) {
      const record = records[index] as EncryptedDetails;
      // Only details the replacement knew: others, saved with the old key after it, stay shut (a card kept apart is
      // shown without its details until the person keeps it, and a device sealing them again sends them).
      if (!knownTo(entry, record.id, record.modifiedAt)) continue;
      const again = await openDetailsUnder(entry.key, record);
      if (!isShut(again)) outcomes[index] = again;
    }
  }
  return outcomes;
}

const isShut = (outcome: DetailsOutcome): boolean =>
  'reason' in outcome && outcome.reason === UnreadableReasons.wrongKey;

/** Records opened under the held key, or a retired one, one by one (the engine's `openDetails`). */
export function openDetails(records: readonly EncryptedDetails[]): Promise<DetailsOutcome[]> {
  const dek = heldKey();
  if (!dek) return Promise.reject(new InvalidStateError(Messages.keyMissingDecrypt));
  return openDetailsWith(dek, records);
}
