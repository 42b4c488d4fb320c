/**
 * Password and PIN records, in both forms of the wrapped key: the seed's (the DEK's base64 text, 60 bytes) and
 * Sleeve's raw one (48). What the seed's clients write is made in Node with node:crypto alone
 * (tests/interop/seed-client.ts); what Sleeve writes is checked against what node:crypto computes for the same inputs.
 */
import { describe, expect, test } from 'vitest';
import { decrypt, encrypt } from '../../worker/crypto/aes-gcm';
import { fromBase64 } from '../../worker/crypto/base64';
import { fromUtf8, utf8 } from '../../worker/crypto/bytes';
import type { DataKey } from '../../worker/crypto/keys';
import { derivationCount } from '../../worker/crypto/pbkdf2';
import { createRecord, generateDataKey, openRecord } from '../../worker/crypto/records';
import type { WrappedForm } from '../../worker/crypto/wrapped-key';
import { seed, toBase64 } from '../support/seed-commands';

const NOW = 1_722_000_000_000;
const FORMS: [WrappedForm, number][] = [
  ['text', 60],
  ['raw', 48],
];
/** Passwords as people type them: ASCII, accented (as composed), emoji. */
const PASSWORDS = ['correct horse battery staple', 'pässwörd-Çafé', '🔐card🦊wallet'];
const DEK_BYTES = Uint8Array.from({ length: 32 }, (_, index) => 0x20 + index * 7);
const SALT = Uint8Array.from({ length: 16 }, (_, index) => index);
const IV = Uint8Array.from({ length: 12 }, (_, index) => 0xa0 + index);

const rawOf = async (key: CryptoKey) => new Uint8Array(await crypto.subtle.exportKey('raw', key));
const knownKey = async () =>
  (await crypto.subtle.importKey('raw', DEK_BYTES, 'AES-GCM', true, ['encrypt', 'decrypt'])) as DataKey;
const text = (value: string) => toBase64(utf8(value));

describe.each(FORMS)('a record in the %s form', (form, wrappedLength) => {
  test('is exactly {salt, encryptedDek: {ciphertext, iv}, modifiedAt}, its key wrapped in that form', async () => {
    const record = await createRecord('correct horse battery staple', await generateDataKey(), NOW, form);
    const json = JSON.parse(JSON.stringify(record));
    expect(Object.keys(json)).toEqual(['salt', 'encryptedDek', 'modifiedAt']);
    expect(Object.keys(json.encryptedDek)).toEqual(['ciphertext', 'iv']);
    expect(json.modifiedAt).toBe(NOW);
    for (const value of [json.salt, json.encryptedDek.ciphertext, json.encryptedDek.iv]) {
      expect(value).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      expect(value.length % 4).toBe(0);
    }
    expect(fromBase64(json.salt).length).toBe(16);
    expect(fromBase64(json.encryptedDek.iv).length).toBe(12);
    expect(fromBase64(json.encryptedDek.ciphertext).length).toBe(wrappedLength);
  });

  test('gives the same DEK back', async () => {
    const dek = await generateDataKey();
    const opened = await openRecord('480213', await createRecord('480213', dek, NOW, form));
    // Both keys are the same key: what one encrypts, the other decrypts.
    expect(fromUtf8(await decrypt(opened, await encrypt(dek, utf8('same key'))))).toBe('same key');
    expect(await rawOf(opened)).toEqual(await rawOf(dek));
    expect(opened.extractable).toBe(true);
    expect([...opened.usages].sort()).toEqual(['decrypt', 'encrypt']);
  });

  test('has a fresh salt and IV each time', async () => {
    const dek = await generateDataKey();
    const first = await createRecord('480213', dek, NOW, form);
    const second = await createRecord('480213', dek, NOW, form);
    expect(first.salt).not.toBe(second.salt);
    expect(first.encryptedDek.iv).not.toBe(second.encryptedDek.iv);
  });

  test('does not open with another secret: "Failed to decrypt data"', async () => {
    const record = await createRecord('480213', await generateDataKey(), NOW, form);
    await expect(openRecord('480214', record)).rejects.toMatchObject({
      message: 'Failed to decrypt data',
      kind: 'general',
    });
  });

  test('costs exactly one derivation to create, and one to open', async () => {
    const dek = await generateDataKey();
    const start = derivationCount();
    const record = await createRecord('pw', dek, NOW, form);
    expect(derivationCount() - start).toBe(1);
    await openRecord('pw', record);
    expect(derivationCount() - start).toBe(2);
  });
});

test('a malformed record is refused before deriving, as invalid-argument', async () => {
  const record = await createRecord('480213', await generateDataKey(), NOW, 'text');
  const start = derivationCount();
  const wrapped = (bytes: number) => ({
    ...record,
    encryptedDek: { ...record.encryptedDek, ciphertext: toBase64(new Uint8Array(bytes)) },
  });
  for (const damaged of [{ ...record, salt: 'AAAA' }, wrapped(32), wrapped(54), wrapped(61), wrapped(64)]) {
    await expect(openRecord('480213', damaged)).rejects.toMatchObject({
      message: 'Failed to decrypt data',
      kind: 'invalid-argument',
    });
  }
  expect(derivationCount()).toBe(start);
});

describe("the seed's records, made with node:crypto", () => {
  test.each(PASSWORDS)('a known-answer record for %s opens to its DEK, in one derivation', async (password) => {
    const record = await seed.seedRecord(password, toBase64(DEK_BYTES), NOW, toBase64(SALT), toBase64(IV));
    expect(fromBase64(record.encryptedDek.ciphertext)).toHaveLength(60);
    const start = derivationCount();
    expect(await rawOf(await openRecord(password, record))).toEqual(DEK_BYTES);
    expect(derivationCount() - start).toBe(1);
    await expect(openRecord(`${password}.`, record)).rejects.toMatchObject({ message: 'Failed to decrypt data' });
    // The password is used as typed: its decomposed form is another password.
    if (password.normalize('NFD') !== password) {
      await expect(openRecord(password.normalize('NFD'), record)).rejects.toMatchObject({
        message: 'Failed to decrypt data',
        kind: 'general',
      });
    }
  });

  test.each(PASSWORDS)('what Sleeve writes for %s is byte for byte what node:crypto computes', async (password) => {
    const record = await createRecord(password, await knownKey(), NOW, 'text');
    // The same DEK, password, salt and IV the seed's way: AES-GCM is deterministic, so the ciphertexts must agree.
    const expected = await seed.seedRecord(password, toBase64(DEK_BYTES), NOW, record.salt, record.encryptedDek.iv);
    expect(record).toEqual(expected);
    const opened = await seed.openTheSeedWay(password, record, []);
    expect(opened.dek).toBe(toBase64(DEK_BYTES));
  });

  test("the raw form is one the seed's clients cannot open, which is why the password record is not written in it", async () => {
    const record = await createRecord(PASSWORDS[0] as string, await knownKey(), NOW, 'raw');
    await expect(seed.openTheSeedWay(PASSWORDS[0] as string, record, [])).rejects.toThrow(/base64 text of a key/);
    // Written the way an older Sleeve wrote it, by node:crypto, it opens here as before.
    const older = await seed.recordAround(PASSWORDS[0] as string, toBase64(DEK_BYTES), NOW);
    expect(await rawOf(await openRecord(PASSWORDS[0] as string, older))).toEqual(DEK_BYTES);
  });

  test('a record whose plaintext is neither form is refused as a wrong secret is, whatever it holds', async () => {
    const keyText = toBase64(DEK_BYTES);
    expect(keyText).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const neither = [
      text('!'.repeat(44)),
      // 44 characters of base64, but of 31 or 33 bytes.
      toBase64(utf8(toBase64(new Uint8Array(31).fill(9)))),
      toBase64(utf8(toBase64(new Uint8Array(33).fill(9)))),
      // A key's base64 in the URL-safe alphabet; without its padding; with a space for its padding.
      text(toBase64(new Uint8Array(32).fill(0xfb)).replaceAll('+', '-').replaceAll('/', '_')),
      text(`${keyText.slice(0, 43)}A`),
      text(`${keyText.slice(0, 43)} `),
      // 44 bytes that are not even UTF-8.
      toBase64(new Uint8Array(44).fill(0xff)),
    ];
    for (const plaintext of neither) {
      expect(fromBase64(plaintext)).toHaveLength(44);
      const record = await seed.recordAround('correct horse battery staple', plaintext, NOW);
      const start = derivationCount();
      await expect(openRecord('correct horse battery staple', record)).rejects.toMatchObject({
        message: 'Failed to decrypt data',
        kind: 'general',
      });
      expect(derivationCount() - start).toBe(1);
    }
  });
});
