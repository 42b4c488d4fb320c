/**
 * Standard base64 with padding (RFC 4648 §4), the encoding of every salt, IV and ciphertext on the wire.
 *
 * Uses the engine's native `Uint8Array.prototype.toBase64` / `Uint8Array.fromBase64` when present (one pass in
 * native code); otherwise falls back to btoa/atob over chunks, so large inputs never build a giant argument list.
 */
import type { Bytes } from './bytes';

interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string;
  setFromBase64?: (this: Uint8Array, text: string) => { read: number; written: number };
}
interface NativeBase64Constructor {
  fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
}

const nativeEncode = (Uint8Array.prototype as NativeBase64).toBase64;
const nativeDecode = (Uint8Array as NativeBase64Constructor).fromBase64;
const nativeDecodeInto = (Uint8Array.prototype as NativeBase64).setFromBase64;

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

/**
 * Decodes many base64 texts at once, as {@link fromBase64} would each. Where the engine can decode into an existing
 * array, every text lands in one shared buffer and the results are views of it: opening 10,000 cards then makes one
 * allocation instead of 20,000 (measured: twice as fast once warm, 10-25 % in a fresh worker).
 */
export function fromBase64Many(texts: readonly string[]): Bytes[] {
  if (!nativeDecodeInto) return texts.map(fromBase64);
  let capacity = 0;
  for (const text of texts) capacity += Math.ceil((text.length * 3) / 4);
  const buffer = new Uint8Array(capacity);
  const views: Bytes[] = [];
  let offset = 0;
  for (const text of texts) {
    const { read, written } = nativeDecodeInto.call(buffer.subarray(offset), text);
    // Room is never short (3 bytes per 4 characters at most), so anything unread was not base64.
    if (read !== text.length) throw new SyntaxError('Invalid base64');
    views.push(buffer.subarray(offset, offset + written));
    offset += written;
  }
  return views;
}
