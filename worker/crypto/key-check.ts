/**
 * A check value for a data key: AES-GCM over nothing under that key, with a fresh IV, so the 16-byte tag alone is
 * stored. Only the same key opens it again, which tells the key the PIN wraps from any other without exporting either
 * key's bytes. It says nothing about the key's bytes: AES-GCM holds up to an attacker who sees ciphertexts.
 */
import { decrypt, encrypt } from './aes-gcm';
import { fromBase64, toBase64 } from './base64';
import type { DataKey } from './keys';

/** Standard base64 of the IV and the tag. */
export interface KeyCheck {
  iv: string;
  tag: string;
}

export async function keyCheck(key: DataKey): Promise<KeyCheck> {
  const { iv, ciphertext } = await encrypt(key, new Uint8Array(0));
  return { iv: toBase64(iv), tag: toBase64(ciphertext) };
}

/** Whether `key` is the key `check` was made with. */
export async function opensCheck(key: DataKey, check: KeyCheck): Promise<boolean> {
  try {
    await decrypt(key, { iv: fromBase64(check.iv), ciphertext: fromBase64(check.tag) });
    return true;
  } catch {
    return false;
  }
}

export const isKeyCheck = (value: unknown): value is KeyCheck =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KeyCheck).iv === 'string' &&
  typeof (value as KeyCheck).tag === 'string';

export const sameCheck = (a: KeyCheck | null, b: KeyCheck | null): boolean =>
  a === b || (a !== null && b !== null && a.iv === b.iv && a.tag === b.tag);
