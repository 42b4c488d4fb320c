/**
 * A data key as the seed's clients wrap it: the UTF-8 text of its standard base64 (RFC 4648 §4, with padding), so 44
 * bytes for a 256-bit key. Encoded and decoded here byte for byte, never through a JavaScript string: a string
 * cannot be wiped, and the key's bytes must not outlive the call that needs them. Callers wipe what they get back.
 */
import type { Bytes } from './bytes';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PADDING = 0x3d; // '='

const ENCODE = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** The 6-bit value of each ASCII byte, or -1 for a byte outside the standard alphabet. */
const DECODE = new Int8Array(256).fill(-1);
for (const [value, code] of ENCODE.entries()) DECODE[code] = value;

/** The length of the padded base64 text of `length` bytes. */
export const keyTextLength = (length: number): number => Math.ceil(length / 3) * 4;

/** The ASCII bytes of the standard, padded base64 of `bytes`. */
export function toKeyText(bytes: Bytes): Bytes {
  const text = new Uint8Array(keyTextLength(bytes.length));
  let out = 0;
  for (let index = 0; index < bytes.length; index += 3) {
    const left = bytes.length - index;
    const a = bytes[index] ?? 0;
    const b = left > 1 ? (bytes[index + 1] ?? 0) : 0;
    const c = left > 2 ? (bytes[index + 2] ?? 0) : 0;
    text[out++] = ENCODE[a >> 2] ?? 0;
    text[out++] = ENCODE[((a & 0x03) << 4) | (b >> 4)] ?? 0;
    text[out++] = left > 1 ? (ENCODE[((b & 0x0f) << 2) | (c >> 6)] ?? 0) : PADDING;
    text[out++] = left > 2 ? (ENCODE[c & 0x3f] ?? 0) : PADDING;
  }
  return text;
}

/**
 * The bytes that `text` (ASCII bytes of standard base64, padded) stands for, when they are exactly `length` bytes;
 * otherwise undefined: another length, a character outside the standard alphabet (the URL-safe one included),
 * missing or misplaced padding, white space. Bits past the last byte are ignored, as atob and Node's decoder ignore them.
 */
export function fromKeyText(text: Bytes, length: number): Bytes | undefined {
  if (text.length !== keyTextLength(length)) return undefined;
  const padding = text.length - Math.ceil((length * 4) / 3);
  for (let index = text.length - padding; index < text.length; index++) {
    if (text[index] !== PADDING) return undefined;
  }
  const bytes = new Uint8Array(length);
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (let index = 0; index < text.length - padding; index++) {
    const value = DECODE[text[index] ?? PADDING] ?? -1;
    if (value < 0) {
      bytes.fill(0);
      return undefined;
    }
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (out < length) bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
