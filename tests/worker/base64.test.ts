import { describe, expect, test } from 'vitest';
import { fromBase64, fromBase64Many, toBase64 } from '../../worker/crypto/base64';
import { mulberry32 } from '../support/seeded';

/** btoa over a binary string: the reference encoding, slow but plainly right. */
function referenceBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function seededBytes(seed: number, length: number): Uint8Array {
  const random = mulberry32(seed);
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

describe('base64', () => {
  test('empty input encodes to the empty string and back', () => {
    expect(toBase64(new Uint8Array())).toBe('');
    expect(fromBase64('')).toEqual(new Uint8Array());
  });

  test('RFC 4648 test vectors, with padding', () => {
    const vectors: [string, string][] = [
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of vectors) {
      const bytes = new TextEncoder().encode(text);
      expect(toBase64(bytes)).toBe(encoded);
      expect(fromBase64(encoded)).toEqual(bytes);
    }
  });

  test('every byte value and the standard alphabet (+ and /) round trip like btoa', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const encoded = toBase64(bytes);
    expect(encoded).toBe(referenceBase64(bytes));
    expect(encoded).toMatch(/[+/]/);
    expect(fromBase64(encoded)).toEqual(bytes);
  });

  test.each([1, 2, 3, 24_575, 24_576, 24_577, 300_001])('%i random bytes match btoa and round trip', (length) => {
    const bytes = seededBytes(length, length);
    const encoded = toBase64(bytes);
    expect(encoded).toBe(referenceBase64(bytes));
    expect(fromBase64(encoded)).toEqual(bytes);
  });

  test('a subarray encodes only its own bytes', () => {
    const bytes = seededBytes(7, 64).subarray(10, 20);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes.slice());
  });

  test('text that is not base64 is rejected', () => {
    expect(() => fromBase64('@@@@')).toThrow();
  });

  test('many texts decode together exactly as each would alone', () => {
    const samples = [0, 1, 2, 3, 12, 16, 215, 4096].map((length) => seededBytes(length + 1, length));
    const decoded = fromBase64Many(samples.map(toBase64));
    expect(decoded).toHaveLength(samples.length);
    decoded.forEach((bytes, index) => {
      expect(bytes).toEqual(samples[index]);
      expect(bytes.length).toBe(samples[index]?.length);
    });
    expect(fromBase64Many([])).toEqual([]);
  });

  test('one text that is not base64 fails the whole batch', () => {
    expect(() => fromBase64Many(['Zm9v', '@@@@', 'Zm8='])).toThrow();
    expect(() => fromBase64Many(['Zm9v', 'Zm9v!'])).toThrow();
  });
});
