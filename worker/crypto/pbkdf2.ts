/**
 * Key derivation: PBKDF2-HMAC-SHA-512 over the UTF-8 bytes of the password or PIN as typed (no normalisation),
 * with a 16-byte salt, giving a 256-bit AES-GCM key-encryption key.
 */
import { Messages, SleeveError } from '../../src/domain/errors';
import { type Bytes, utf8 } from './bytes';
import type { WrappingKey } from './keys';

export const KDF_ITERATIONS = 210_000;
export const SALT_LENGTH = 16;

let derivations = 0;

/** How many derivations this realm has started, so tests can hold the "fewest derivations" invariant. */
export function derivationCount(): number {
  return derivations;
}

/**
 * Derives the KEK for `secret` and `salt`. The key is non-extractable and limited to `usages`, the one use its record
 * needs (crypto/wrapped-key.ts): nothing can read it back out, and it is never used on card data. `iterations`
 * exists for short known-answer tests; production callers never pass it.
 */
export async function deriveWrappingKey(
  secret: string,
  salt: Bytes,
  usages: KeyUsage[],
  iterations = KDF_ITERATIONS,
): Promise<WrappingKey> {
  return (await deriveAesKey(secret, salt, usages, iterations)) as WrappingKey;
}

/**
 * The same derivation for a key that encrypts data directly (a backup file's key): non-extractable, limited to
 * `usages`, counted like every other derivation.
 */
export async function deriveAesKey(
  secret: string,
  salt: Bytes,
  usages: KeyUsage[],
  iterations = KDF_ITERATIONS,
): Promise<CryptoKey> {
  derivations++;
  try {
    const material = await crypto.subtle.importKey('raw', utf8(secret), 'PBKDF2', false, ['deriveKey']);
    return await crypto.subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-512', salt, iterations },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      usages,
    );
  } catch (cause) {
    throw new SleeveError(Messages.deriveFailed, { cause });
  }
}
