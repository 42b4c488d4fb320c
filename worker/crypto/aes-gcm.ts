/**
 * AES-GCM encryption of card data under the DEK. Each encryption draws a fresh random 12-byte IV; the output is
 * WebCrypto's layout, ciphertext followed by the 16-byte tag, which is also what other clients read.
 */
import { Messages, SleeveError } from '../../src/domain/errors';
import { type Bytes, randomBytes } from './bytes';
import type { DataKey } from './keys';

export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;

export interface Sealed {
  /** Ciphertext with the tag appended. */
  ciphertext: Bytes;
  iv: Bytes;
}

export async function encrypt(key: DataKey, plaintext: Bytes): Promise<Sealed> {
  const iv = randomBytes(IV_LENGTH);
  try {
    const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext));
    return { ciphertext, iv };
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
}

/** Any failure (wrong key, altered ciphertext, IV or tag) becomes one message; the platform's error is the cause. */
export async function decrypt(key: DataKey, sealed: Sealed): Promise<Bytes> {
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.ciphertext));
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
}
