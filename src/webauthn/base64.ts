/**
 * Standard base64 with padding for the page's passkey values (credential id, PRF input), as the records store them;
 * and base64url, which WebAuthn's own JSON-facing calls speak. Both are small values: no chunking needed.
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Decodes standard base64; anything else throws. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Standard base64 as base64url without padding (RFC 4648 §5). */
export const toBase64Url = (standard: string): string =>
  standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
