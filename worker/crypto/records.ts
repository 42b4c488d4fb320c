/**
 * Password and PIN records: `{salt, encryptedDek: {ciphertext, iv}, modifiedAt}`, where `encryptedDek` is the raw
 * 32-byte DEK encrypted with AES-GCM under the KEK (48 bytes with the tag). Other clients read this exact format.
 *
 * Extractability, chosen deliberately:
 * - KEKs are non-extractable and can only wrap/unwrap (see pbkdf2.ts).
 * - The DEK is extractable. `wrapKey('raw', …)` needs that, and the DEK must be wrapped again whenever a second
 *   secret is created or one is changed while unlocked (add a PIN, change the password), long after the original
 *   record was opened. WebCrypto offers no "wrap-only" export, so the DEK stays extractable; custody is instead
 *   held by scope: the only export is `wrapKey` below, the key lives in vault/custody.ts's private variable, and
 *   no engine method returns a key or raw key bytes.
 * `wrapKey` with AES-GCM yields exactly "raw key bytes encrypted with AES-GCM, tag appended": the wire format.
 */
import { InvalidArgumentError, Messages, SleeveError } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import { IV_LENGTH, TAG_LENGTH } from './aes-gcm';
import { fromBase64, toBase64 } from './base64';
import { randomBytes } from './bytes';
import type { DataKey, WrappingKey } from './keys';
import { deriveWrappingKey, SALT_LENGTH } from './pbkdf2';

export const DATA_KEY_LENGTH = 32;
const DATA_KEY_USAGES: KeyUsage[] = ['encrypt', 'decrypt'];

export async function generateDataKey(): Promise<DataKey> {
  try {
    return (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, DATA_KEY_USAGES)) as DataKey;
  } catch (cause) {
    throw new SleeveError(Messages.generateFailed, { cause });
  }
}

/** Wraps `dek` under a KEK derived from `secret` with a fresh salt. One derivation. */
export async function createRecord(secret: string, dek: DataKey, now: number): Promise<SecretRecord> {
  const salt = randomBytes(SALT_LENGTH);
  const kek = await deriveWrappingKey(secret, salt);
  const iv = randomBytes(IV_LENGTH);
  let ciphertext: ArrayBuffer;
  try {
    ciphertext = await crypto.subtle.wrapKey('raw', dek, kek, { name: 'AES-GCM', iv });
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
  return {
    salt: toBase64(salt),
    encryptedDek: { ciphertext: toBase64(new Uint8Array(ciphertext)), iv: toBase64(iv) },
    modifiedAt: now,
  };
}

/**
 * Unwraps the DEK from `record` with a KEK derived from `secret`. One derivation.
 * A wrong secret (or an altered record) rejects with `SleeveError('Failed to decrypt data')`; a record that is
 * not even well-formed rejects before deriving, with the same text but kind invalid-argument.
 */
export async function openRecord(secret: string, record: SecretRecord): Promise<DataKey> {
  const { salt, iv, ciphertext } = parseRecord(record);
  const kek: WrappingKey = await deriveWrappingKey(secret, salt);
  try {
    const dek = await crypto.subtle.unwrapKey(
      'raw',
      ciphertext,
      kek,
      { name: 'AES-GCM', iv },
      { name: 'AES-GCM', length: 256 },
      true,
      DATA_KEY_USAGES,
    );
    return dek as DataKey;
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
}

function parseRecord(record: SecretRecord) {
  try {
    const salt = fromBase64(record.salt);
    const iv = fromBase64(record.encryptedDek.iv);
    const ciphertext = fromBase64(record.encryptedDek.ciphertext);
    if (salt.length !== SALT_LENGTH) throw new Error(`salt is ${salt.length} bytes`);
    if (iv.length !== IV_LENGTH) throw new Error(`iv is ${iv.length} bytes`);
    // Only a 256-bit DEK is valid; a shorter wrapped key would silently give a weaker AES key.
    if (ciphertext.length !== DATA_KEY_LENGTH + TAG_LENGTH) throw new Error(`ciphertext is ${ciphertext.length} bytes`);
    return { salt, iv, ciphertext };
  } catch (cause) {
    throw new InvalidArgumentError(Messages.decryptFailed, { cause });
  }
}
