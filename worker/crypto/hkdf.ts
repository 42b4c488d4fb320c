/**
 * HKDF-SHA-256 (RFC 5869), for the passkey's key-encryption key. What a passkey's PRF extension gives is already 32
 * uniformly random bytes that only its authenticator can reproduce, so no slow derivation is needed (nor would one
 * add anything): HKDF only turns it into an AES-GCM key, bound to its one use by `info`.
 */
import { Messages, SleeveError } from '../../src/domain/errors';
import { type Bytes, utf8 } from './bytes';
import type { WrappingKey } from './keys';

/**
 * `info` of the passkey key-encryption key. HKDF's salt is empty (RFC 5869 §2.2: a string of zeros): the PRF output
 * is uniform already, and the PRF input that made it is in the record.
 */
export const PASSKEY_KEK_INFO = 'Sleeve passkey key-encryption key v1';

/** The first `bits` bits of HKDF-SHA-256; for known-answer tests, since the key itself never leaves WebCrypto. */
export async function hkdfBits(ikm: Bytes, salt: Bytes, info: Bytes, bits: number): Promise<Bytes> {
  const material = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, material, bits));
}

/**
 * The AES-GCM 256 key that wraps the DEK under a passkey, from its PRF output. Non-extractable, and limited to
 * `usages`: wrapping to make a record, or opening either form of wrapped key (crypto/wrapped-key.ts). The PRF output
 * is imported as HKDF material at once; the caller wipes its bytes afterwards.
 */
export async function derivePasskeyWrappingKey(prfOutput: Bytes, usages: KeyUsage[]): Promise<WrappingKey> {
  try {
    const material = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
    const key = await crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(PASSKEY_KEK_INFO) },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      usages,
    );
    return key as WrappingKey;
  } catch (cause) {
    throw new SleeveError(Messages.deriveFailed, { cause });
  }
}
