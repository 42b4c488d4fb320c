/**
 * Password and PIN records: `{salt, encryptedDek: {ciphertext, iv}, modifiedAt}`, where `encryptedDek` is the DEK
 * encrypted with AES-GCM under the KEK derived from the secret, in one of the two forms of crypto/wrapped-key.ts: the
 * seed's (the DEK's base64 text, 60 bytes with the tag), which every client of the project reads, or Sleeve's raw
 * form (48 bytes). Both open; the caller says which to write.
 *
 * Extractability, chosen deliberately:
 * - KEKs are non-extractable and limited to the one use their record needs (see pbkdf2.ts).
 * - The DEK is extractable. Wrapping it needs that (`wrapKey('raw', …)` and the export of the text form alike), and
 *   the DEK must be wrapped again whenever a second secret is created or one is changed while unlocked (add a PIN,
 *   change the password), long after the original record was opened. WebCrypto offers no "wrap-only" export, so the
 *   DEK stays extractable; custody is instead held by scope: the only exports are in crypto/wrapped-key.ts (and
 *   same-key.ts's comparison), each wiping the bytes it made, the key lives in vault/custody.ts's private variable,
 *   and no engine method returns a key or raw key bytes.
 */
import { InvalidArgumentError, Messages, SleeveError } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import { IV_LENGTH } from './aes-gcm';
import { fromBase64, toBase64 } from './base64';
import { randomBytes } from './bytes';
import type { DataKey } from './keys';
import { deriveWrappingKey, SALT_LENGTH } from './pbkdf2';
import {
  DATA_KEY_USAGES,
  openingUsage,
  unwrapDataKey,
  type WrappedForm,
  wrapDataKey,
  wrappedFormOf,
  wrappingUsage,
} from './wrapped-key';

export async function generateDataKey(): Promise<DataKey> {
  try {
    return (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, DATA_KEY_USAGES)) as DataKey;
  } catch (cause) {
    throw new SleeveError(Messages.generateFailed, { cause });
  }
}

/** Wraps `dek` in `form` under a KEK derived from `secret` with a fresh salt. One derivation. */
export async function createRecord(
  secret: string,
  dek: DataKey,
  now: number,
  form: WrappedForm,
): Promise<SecretRecord> {
  const salt = randomBytes(SALT_LENGTH);
  const kek = await deriveWrappingKey(secret, salt, [wrappingUsage(form)]);
  const iv = randomBytes(IV_LENGTH);
  const ciphertext = await wrapDataKey(dek, kek, iv, form);
  return {
    salt: toBase64(salt),
    encryptedDek: { ciphertext: toBase64(ciphertext), iv: toBase64(iv) },
    modifiedAt: now,
  };
}

/**
 * Opens the DEK from `record`, of either form, with a KEK derived from `secret`. One derivation.
 * A wrong secret (or an altered record, or one whose opened text is not a key's base64) rejects with
 * `SleeveError('Failed to decrypt data')`; a record that is not even well-formed rejects before deriving, with the
 * same text but kind invalid-argument.
 */
export async function openRecord(secret: string, record: SecretRecord): Promise<DataKey> {
  const { salt, iv, ciphertext, form } = parseRecord(record);
  const kek = await deriveWrappingKey(secret, salt, [openingUsage(form)]);
  return unwrapDataKey(kek, iv, ciphertext);
}

function parseRecord(record: SecretRecord) {
  try {
    const salt = fromBase64(record.salt);
    const iv = fromBase64(record.encryptedDek.iv);
    const ciphertext = fromBase64(record.encryptedDek.ciphertext);
    if (salt.length !== SALT_LENGTH) throw new Error(`salt is ${salt.length} bytes`);
    if (iv.length !== IV_LENGTH) throw new Error(`iv is ${iv.length} bytes`);
    // Only a 256-bit DEK is valid, in one of the two forms; a shorter key would silently give a weaker AES key.
    const form = wrappedFormOf(ciphertext.length);
    if (!form) throw new Error(`ciphertext is ${ciphertext.length} bytes`);
    return { salt, iv, ciphertext, form };
  } catch (cause) {
    throw new InvalidArgumentError(Messages.decryptFailed, { cause });
  }
}
