/**
 * Byte arrays backed by a plain ArrayBuffer. WebCrypto's typings accept only these (not SharedArrayBuffer views),
 * so every byte array the engine makes is of this type.
 */
export type Bytes = Uint8Array<ArrayBuffer>;

/** `length` bytes from the platform CSPRNG. */
export function randomBytes(length: number): Bytes {
  return crypto.getRandomValues(new Uint8Array(length));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes of `text` exactly as given: no Unicode normalisation, so other clients derive the same keys. */
export function utf8(text: string): Bytes {
  return encoder.encode(text);
}

/** Text from UTF-8 bytes; invalid UTF-8 throws rather than turning into replacement characters. */
export function fromUtf8(bytes: Bytes): string {
  return decoder.decode(bytes);
}
