/**
 * Whether a secret shows in the clear in what a test reads back (stored values, the server's data). A short secret
 * of digits, a card PIN, is bound to turn up by chance inside some base64 ciphertext when there is enough of it (any
 * four given digits appear about once in 16 million base64 positions, and a test server's dump holds hundreds of
 * thousands), so a string that is base64 through and through is searched only for being the secret itself; every
 * other string (plain JSON, text, a value with spaces or quotes) is searched for it anywhere.
 */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function strings(value: unknown): string[] {
  if (typeof value === 'string') {
    // Stored values are JSON text: what they hold is searched, not their quoting.
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null) return strings(parsed);
    } catch {
      // Not JSON: the string as it is.
    }
    return [value];
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

export function inClear(value: unknown, secret: string): boolean {
  return strings(value).some((text) => text === secret || (!BASE64.test(text) && text.includes(secret)));
}
