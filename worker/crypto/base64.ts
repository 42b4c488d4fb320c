/**
 * Standard base64 with padding (RFC 4648 §4), the encoding of every salt, IV and ciphertext on the wire.
 *
 * Uses the engine's native `Uint8Array.prototype.toBase64` / `Uint8Array.fromBase64` when present (one pass in
 * native code); otherwise falls back to btoa/atob over chunks, so large inputs never build a giant argument list.
 */
import type { Bytes } from './bytes';

interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string;
}
interface NativeBase64Constructor {
  fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
}

const nativeEncode = (Uint8Array.prototype as NativeBase64).toBase64;
const nativeDecode = (Uint8Array as NativeBase64Constructor).fromBase64;

/** Bytes per String.fromCharCode call: a multiple of 3 (so chunks encode independently) well under arg limits. */
const CHUNK = 3 * 8192;

export function toBase64(bytes: Uint8Array): string {
  if (nativeEncode) return nativeEncode.call(bytes);
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(start, start + CHUNK))));
  }
  return parts.join('');
}

/** Decodes standard, padded base64. Anything else (URL alphabet, bad characters) throws. */
export function fromBase64(text: string): Bytes {
  if (nativeDecode) return nativeDecode(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
