/**
 * The base64 text of a key, written and read byte for byte (worker/crypto/key-text.ts): the same text the platform's
 * btoa gives, and read back only when it is standard, padded base64 of exactly the length asked for.
 */
import { describe, expect, test } from 'vitest';
import { utf8 } from '../../worker/crypto/bytes';
import { fromKeyText, keyTextLength, toKeyText } from '../../worker/crypto/key-text';
import { mulberry32 } from '../support/seeded';

const random = mulberry32(2024);
const bytesOf = (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 256));
const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('toKeyText', () => {
  test('is btoa, as ASCII bytes, for every length and for every byte value', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = bytesOf(length);
      expect(ascii(toKeyText(bytes))).toBe(btoa(ascii(bytes)));
      expect(toKeyText(bytes)).toHaveLength(keyTextLength(length));
    }
    const every = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(ascii(toKeyText(every))).toBe(btoa(ascii(every)));
  });

  test('a 256-bit key is 44 characters with one padding character', () => {
    expect(ascii(toKeyText(new Uint8Array(32).fill(0xfb)))).toBe(`${'+/v7'.repeat(10)}+/s=`);
  });
});

describe('fromKeyText', () => {
  test('reads back what toKeyText wrote, for many keys', () => {
    for (let round = 0; round < 200; round++) {
      const key = bytesOf(32);
      expect(fromKeyText(toKeyText(key), 32)).toEqual(key);
    }
  });

  test('ignores the bits past the last byte, as atob does', () => {
    const text = `${btoa(ascii(new Uint8Array(32).fill(0xfb))).slice(0, 42)}t=`;
    expect(Uint8Array.from(atob(text), (char) => char.charCodeAt(0))).toEqual(new Uint8Array(32).fill(0xfb));
    expect(fromKeyText(utf8(text), 32)).toEqual(new Uint8Array(32).fill(0xfb));
  });

  test('refuses anything but standard, padded base64 of exactly the length asked for', () => {
    const good = btoa(ascii(new Uint8Array(32).fill(0xfb)));
    const refused = [
      '',
      good.slice(0, 43),
      `${good} `,
      `${good.slice(0, 43)}A`,
      `${good.slice(0, 42)}==`,
      `${good.slice(0, 42)}=A`,
      good.replaceAll('+', '-').replaceAll('/', '_'),
      `${good.slice(0, 20)}\n${good.slice(21)}`,
      `${good.slice(0, 20)}=${good.slice(21)}`,
      `${good.slice(0, 20)}é${good.slice(21)}`,
    ];
    for (const text of refused) expect(fromKeyText(utf8(text), 32), JSON.stringify(text)).toBeUndefined();
    expect(fromKeyText(utf8(good), 31)).toBeUndefined();
    expect(fromKeyText(utf8(good), 33)).toBeUndefined();
    expect(fromKeyText(utf8(good), 32)).toEqual(new Uint8Array(32).fill(0xfb));
  });
});
