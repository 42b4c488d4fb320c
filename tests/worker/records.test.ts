import { describe, expect, test } from 'vitest';
import { decrypt, encrypt } from '../../worker/crypto/aes-gcm';
import { fromBase64 } from '../../worker/crypto/base64';
import { fromUtf8, utf8 } from '../../worker/crypto/bytes';
import { derivationCount } from '../../worker/crypto/pbkdf2';
import { createRecord, generateDataKey, openRecord } from '../../worker/crypto/records';

const NOW = 1_722_000_000_000;

describe('password and PIN records', () => {
  test('the record JSON is exactly {salt, encryptedDek: {ciphertext, iv}, modifiedAt}', async () => {
    const record = await createRecord('correct horse battery staple', await generateDataKey(), NOW);
    const json = JSON.parse(JSON.stringify(record));
    expect(Object.keys(json)).toEqual(['salt', 'encryptedDek', 'modifiedAt']);
    expect(Object.keys(json.encryptedDek)).toEqual(['ciphertext', 'iv']);
    expect(json.modifiedAt).toBe(NOW);
    for (const text of [json.salt, json.encryptedDek.ciphertext, json.encryptedDek.iv]) {
      expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      expect(text.length % 4).toBe(0);
    }
    expect(fromBase64(json.salt).length).toBe(16);
    expect(fromBase64(json.encryptedDek.iv).length).toBe(12);
    expect(fromBase64(json.encryptedDek.ciphertext).length).toBe(48);
  });

  test('encryptedDek is the raw 32-byte DEK under AES-GCM: the same DEK comes back out of it', async () => {
    const dek = await generateDataKey();
    const record = await createRecord('480213', dek, NOW);
    const opened = await openRecord('480213', record);
    // Both keys are the same key: what one encrypts, the other decrypts.
    const box = await encrypt(dek, utf8('same key'));
    expect(fromUtf8(await decrypt(opened, box))).toBe('same key');
    expect(new Uint8Array(await crypto.subtle.exportKey('raw', opened))).toEqual(
      new Uint8Array(await crypto.subtle.exportKey('raw', dek)),
    );
  });

  test('each record has a fresh salt and IV', async () => {
    const dek = await generateDataKey();
    const first = await createRecord('480213', dek, NOW);
    const second = await createRecord('480213', dek, NOW);
    expect(first.salt).not.toBe(second.salt);
    expect(first.encryptedDek.iv).not.toBe(second.encryptedDek.iv);
  });

  test('another secret fails with "Failed to decrypt data"', async () => {
    const record = await createRecord('480213', await generateDataKey(), NOW);
    await expect(openRecord('480214', record)).rejects.toMatchObject({
      message: 'Failed to decrypt data',
      kind: 'general',
    });
  });

  test('creating and opening a record each derive exactly once', async () => {
    const dek = await generateDataKey();
    const start = derivationCount();
    const record = await createRecord('pw', dek, NOW);
    expect(derivationCount() - start).toBe(1);
    await openRecord('pw', record);
    expect(derivationCount() - start).toBe(2);
  });

  test('a malformed record is refused before deriving, as invalid-argument', async () => {
    const record = await createRecord('480213', await generateDataKey(), NOW);
    const start = derivationCount();
    await expect(openRecord('480213', { ...record, salt: 'AAAA' })).rejects.toMatchObject({
      message: 'Failed to decrypt data',
      kind: 'invalid-argument',
    });
    expect(derivationCount()).toBe(start);
  });
});
