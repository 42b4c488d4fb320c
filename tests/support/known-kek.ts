/**
 * Known-answer checks of a derived key-encryption key. A KEK is non-extractable, so it is checked by what it does:
 * it wraps a known DEK under a fixed IV, and the expected key, imported from its literal, must decrypt that back.
 */
import type { DataKey } from '../../worker/crypto/keys';

export const IV = Uint8Array.from({ length: 12 }, (_, index) => 0xa0 + index);
export const DEK_BYTES = Uint8Array.from({ length: 32 }, (_, index) => 0x20 + index);

export const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));

/** Whether `kek` is exactly the AES key `expectedHex`. */
export async function kekEquals(kek: CryptoKey, expectedHex: string): Promise<boolean> {
  const dek = (await crypto.subtle.importKey('raw', DEK_BYTES, 'AES-GCM', true, ['encrypt'])) as DataKey;
  const wrapped = await crypto.subtle.wrapKey('raw', dek, kek, { name: 'AES-GCM', iv: IV });
  const expected = await crypto.subtle.importKey('raw', hexBytes(expectedHex), 'AES-GCM', false, ['decrypt']);
  try {
    const unwrapped = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: IV }, expected, wrapped);
    return new Uint8Array(unwrapped).every((byte, index) => byte === DEK_BYTES[index]);
  } catch {
    return false;
  }
}
