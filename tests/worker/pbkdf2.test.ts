/**
 * Known-answer tests for the key derivation. Each expected key was computed once with Node's OpenSSL:
 *   crypto.pbkdf2Sync(Buffer.from(secret, 'utf8'), salt, iterations, 32, 'sha512')
 * The KEK itself is non-extractable, so each test checks it by what it does: it wraps a known DEK under a fixed IV,
 * and the expected key (imported here from the literal) must decrypt that back to the DEK.
 */
import { describe, expect, test } from 'vitest';
import { derivationCount, deriveWrappingKey, KDF_ITERATIONS } from '../../worker/crypto/pbkdf2';
import { DEK_BYTES, IV, kekEquals } from '../support/known-kek';

const SALT = Uint8Array.from({ length: 16 }, (_, index) => index); // 00 01 … 0f
/** What the known-answer checks below need the KEK for. */
const WRAP: KeyUsage[] = ['wrapKey'];

describe('PBKDF2-HMAC-SHA-512 key derivation', () => {
  test('production runs 210000 iterations', () => {
    expect(KDF_ITERATIONS).toBe(210_000);
  });

  test.each([
    [
      'plain ASCII password',
      'correct horse battery staple',
      'b5f3fa7459cc14b9bce1eac5142fe1583cdbe9f02300f080b3446f24b8aee716',
    ],
    ['accented password', 'pässwörd-Çafé', '63a6c692854bd489cb74c44f020fe46bd7718013aa70277cfab7418424797576'],
    ['emoji password', '🔐card🦊wallet', '258dbca3324d81b3c6b0b30566ddc00e4cf3b99be1f14fd61c2997790140184d'],
    ['6-digit PIN', '480213', 'ce256df906d797cb4c5f8b9aaea9a34d4017ba11e07441ee6fea47399ca64048'],
  ])('%s at the default 210000 iterations', async (_, secret, expectedHex) => {
    const kek = await deriveWrappingKey(secret, SALT, WRAP);
    expect(await kekEquals(kek, expectedHex)).toBe(true);
  });

  test('a short-iteration vector (1000)', async () => {
    const kek = await deriveWrappingKey('correct horse battery staple', SALT, WRAP, 1000);
    expect(await kekEquals(kek, '03a026148b62ec22a561da0f895f637f577d965a77ee8dbb5a6b3c671f1fc0c2')).toBe(true);
    // The same secret at the production count is a different key: the iteration count really is applied.
    expect(await kekEquals(kek, 'b5f3fa7459cc14b9bce1eac5142fe1583cdbe9f02300f080b3446f24b8aee716')).toBe(false);
  });

  test('the secret is used as typed: the decomposed (NFD) form of an accented password is a different key', async () => {
    const composed = 'pässwörd-Çafé';
    expect(composed.normalize('NFC')).toBe(composed);
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const kek = await deriveWrappingKey(decomposed, SALT, WRAP);
    expect(await kekEquals(kek, '63a6c692854bd489cb74c44f020fe46bd7718013aa70277cfab7418424797576')).toBe(false);
    expect(await kekEquals(kek, '0e86f711de70426293d75a055f83b594359b2798d736a533bcef64fc92b86a0f')).toBe(true);
  });

  test('the KEK is non-extractable and can do only what it was derived for', async () => {
    for (const usages of [['wrapKey'], ['unwrapKey'], ['encrypt'], ['decrypt']] as KeyUsage[][]) {
      const kek = await deriveWrappingKey('480213', SALT, usages, 1000);
      expect(kek.extractable).toBe(false);
      expect(kek.usages).toEqual(usages);
      expect(kek.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    }
    const opener = await deriveWrappingKey('480213', SALT, ['decrypt'], 1000);
    await expect(crypto.subtle.encrypt({ name: 'AES-GCM', iv: IV }, opener, DEK_BYTES)).rejects.toThrow();
  });

  test('every derivation is counted', async () => {
    const before = derivationCount();
    await deriveWrappingKey('one', SALT, WRAP, 1000);
    await deriveWrappingKey('two', SALT, WRAP, 1000);
    expect(derivationCount() - before).toBe(2);
  });

  test('a failed derivation rejects with the derive message', async () => {
    await expect(deriveWrappingKey('x', SALT, WRAP, 0)).rejects.toMatchObject({ message: 'Failed to derive key' });
  });
});
