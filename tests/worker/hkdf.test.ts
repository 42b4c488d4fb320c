/**
 * HKDF-SHA-256 for the passkey's key-encryption key. RFC 5869's first test case pins the function itself; the
 * passkey key was computed once with Node's OpenSSL:
 *   crypto.hkdfSync('sha256', prf, Buffer.alloc(0), 'Sleeve passkey key-encryption key v1', 32)
 * for the PRF output 40 41 … 5f. The key itself is non-extractable, so it is checked by what it does: it wraps a
 * known DEK under a fixed IV, and the expected key, imported here from the literal, must decrypt that back.
 */
import { describe, expect, test } from 'vitest';
import { utf8 } from '../../worker/crypto/bytes';
import { derivePasskeyWrappingKey, hkdfBits, PASSKEY_KEK_INFO } from '../../worker/crypto/hkdf';
import { hexBytes, kekEquals } from '../support/known-kek';

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

const PRF_OUTPUT = Uint8Array.from({ length: 32 }, (_, index) => 0x40 + index);
const PASSKEY_KEK = '4a1fa8dd93edf7cdb45d962e67317bcc4e626c5e614304446fd614c6d9272017';

describe('HKDF-SHA-256', () => {
  test('RFC 5869 test case 1', async () => {
    const ikm = new Uint8Array(22).fill(0x0b);
    const salt = hexBytes('000102030405060708090a0b0c');
    const info = hexBytes('f0f1f2f3f4f5f6f7f8f9');
    const okm = await hkdfBits(ikm, salt, info, 42 * 8);
    expect(hexOf(okm)).toBe('3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865');
  });

  test("the passkey key is HKDF of the PRF output with an empty salt and Sleeve's info, as OpenSSL computes it", async () => {
    expect(hexOf(await hkdfBits(PRF_OUTPUT, new Uint8Array(0), utf8(PASSKEY_KEK_INFO), 256))).toBe(PASSKEY_KEK);
    const kek = await derivePasskeyWrappingKey(PRF_OUTPUT.slice(), ['wrapKey']);
    expect(await kekEquals(kek, PASSKEY_KEK)).toBe(true);
  });

  test('another PRF output is another key', async () => {
    const other = PRF_OUTPUT.slice();
    other[31] = 0x5e;
    expect(await kekEquals(await derivePasskeyWrappingKey(other, ['wrapKey']), PASSKEY_KEK)).toBe(false);
  });

  test('the passkey key is non-extractable and can do only what it was derived for', async () => {
    for (const usages of [['wrapKey'], ['unwrapKey', 'decrypt']] as KeyUsage[][]) {
      const kek = await derivePasskeyWrappingKey(PRF_OUTPUT.slice(), usages);
      expect(kek.extractable).toBe(false);
      expect([...kek.usages].sort()).toEqual([...usages].sort());
      expect(kek.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    }
  });
});
