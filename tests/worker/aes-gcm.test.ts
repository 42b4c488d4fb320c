import { describe, expect, test } from 'vitest';
import { decrypt, encrypt, IV_LENGTH, type Sealed, TAG_LENGTH } from '../../worker/crypto/aes-gcm';
import { fromUtf8, utf8 } from '../../worker/crypto/bytes';
import type { DataKey } from '../../worker/crypto/keys';
import { generateDataKey } from '../../worker/crypto/records';

const flipBit = (bytes: Uint8Array<ArrayBuffer>, index: number) => {
  const copy = bytes.slice();
  copy[index]! ^= 0x01;
  return copy;
};

async function sealed(key: DataKey, text = 'card number 4111 1111 1111 1111'): Promise<Sealed> {
  return encrypt(key, utf8(text));
}

describe('AES-GCM', () => {
  test('round trip', async () => {
    const key = await generateDataKey();
    const box = await sealed(key, 'héllo, wörld 🔐');
    expect(fromUtf8(await decrypt(key, box))).toBe('héllo, wörld 🔐');
  });

  test('IVs are 12 bytes and fresh for every encryption; the 16-byte tag is appended', async () => {
    const key = await generateDataKey();
    const plaintext = utf8('same plaintext');
    const boxes = await Promise.all(Array.from({ length: 50 }, () => encrypt(key, plaintext)));
    for (const box of boxes) {
      expect(box.iv.length).toBe(IV_LENGTH);
      expect(box.iv.length).toBe(12);
      expect(box.ciphertext.length).toBe(plaintext.length + TAG_LENGTH);
    }
    const ivs = new Set(boxes.map((box) => box.iv.join(',')));
    expect(ivs.size).toBe(boxes.length);
  });

  test('matches WebCrypto layout: the reference decrypt of ciphertext||tag gives the plaintext', async () => {
    const key = await generateDataKey();
    const box = await sealed(key, 'layout');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: box.iv, tagLength: 128 }, key, box.ciphertext);
    expect(fromUtf8(new Uint8Array(plain))).toBe('layout');
  });

  test.each([
    ['ciphertext', (box: Sealed) => ({ ...box, ciphertext: flipBit(box.ciphertext, 0) })],
    ['IV', (box: Sealed) => ({ ...box, iv: flipBit(box.iv, 5) })],
    ['tag', (box: Sealed) => ({ ...box, ciphertext: flipBit(box.ciphertext, box.ciphertext.length - 1) })],
  ])('a flipped bit in the %s rejects with exactly "Failed to decrypt data"', async (_, tamper) => {
    const key = await generateDataKey();
    const box = await sealed(key);
    const error = await decrypt(key, tamper(box)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Failed to decrypt data');
    expect((error as Error).cause).toBeInstanceOf(DOMException);
  });

  test('another key rejects with exactly "Failed to decrypt data"', async () => {
    const box = await sealed(await generateDataKey());
    await expect(decrypt(await generateDataKey(), box)).rejects.toThrow(/^Failed to decrypt data$/);
  });

  test('a key that cannot encrypt rejects with "Failed to encrypt data"', async () => {
    const decryptOnly = (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'decrypt',
    ])) as DataKey;
    await expect(encrypt(decryptOnly, utf8('x'))).rejects.toThrow(/^Failed to encrypt data$/);
  });
});
