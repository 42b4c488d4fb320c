/**
 * database.rules.json's password record against the running local backend, through the real Firebase SDK, as two
 * signed-in people and one signed-out visitor: who may write it, in what shape, and when a newer one replaces it.
 * Every denial is the server's own answer (PERMISSION_DENIED). Each test starts from an empty account for Ada.
 */
import { ref, remove, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import {
  ada,
  base64,
  bob,
  encryptedCard,
  expectDenied,
  passwordRecord,
  putCard,
  read,
  SKEW_MS,
  signInPeople,
} from './clients';

signInPeople();

describe('password record', () => {
  const path = () => `${ada.uid}/auth/password`;

  it('lets a person write, read and delete their own password record', async () => {
    await set(ref(ada.db, path()), passwordRecord());
    expect(await read(ada.db, path())).toEqual(passwordRecord());
    expect(await read(ada.db, `${ada.uid}/auth`)).toEqual({ password: passwordRecord() });
    await remove(ref(ada.db, path()));
    expect(await read(ada.db, path())).toBeNull();
  });

  it('takes a wrapped key of 48 or 60 bytes, and no other size', async () => {
    await set(ref(ada.db, path()), passwordRecord(1_700_000_000_000, 48));
    await set(ref(ada.db, path()), passwordRecord(1_700_000_000_001, 60));
    expect(await read(ada.db, path())).toEqual(passwordRecord(1_700_000_000_001, 60));
    await expectDenied(set(ref(ada.db, path()), passwordRecord(1_700_000_000_002, 32)));
    await expectDenied(set(ref(ada.db, path()), passwordRecord(1_700_000_000_002, 54)));
    await expectDenied(set(ref(ada.db, path()), passwordRecord(1_700_000_000_002, 64)));
  });

  it("accepts the wrapped key's base64 in exactly 64 or 80 characters, and nothing else", async () => {
    const withCiphertext = (ciphertext: unknown, modifiedAt: number) => ({
      ...passwordRecord(modifiedAt),
      encryptedDek: { ciphertext, iv: base64(12) },
    });
    // Both forms as clients write them, every character of the alphabet that can appear: Sleeve's raw key (48
    // bytes) and the seed's base64 text of the key (60 bytes).
    const raw = Buffer.from(Array.from({ length: 48 }, (_, index) => 251 + index * 37)).toString('base64');
    const text = Buffer.from(Array.from({ length: 60 }, (_, index) => 251 + index * 41)).toString('base64');
    expect([raw.length, text.length]).toEqual([64, 80]);
    expect(raw + text).toMatch(/\+/);
    expect(raw + text).toMatch(/\//);
    await set(ref(ada.db, path()), withCiphertext(raw, 1_700_000_000_000));
    await set(ref(ada.db, path()), withCiphertext(text, 1_700_000_000_001));
    expect(await read(ada.db, path())).toEqual(withCiphertext(text, 1_700_000_000_001));

    const refused: [string, unknown][] = [
      ['63 characters', raw.slice(1)],
      ['65 characters', `${raw}A`],
      ['68 characters (51 bytes)', base64(51)],
      ['79 characters', text.slice(1)],
      ['81 characters', `${text}A`],
      ['84 characters (63 bytes)', base64(63)],
      ['88 characters (64 bytes)', base64(64)],
      ['44 characters (the key itself, unencrypted)', base64(32)],
      ['64 characters ending in padding (47 bytes)', base64(47)],
      ['80 characters ending in padding (59 bytes)', base64(59)],
      ['the URL-safe alphabet', text.replaceAll('+', '-').replaceAll('/', '_')],
      ['a space', `${text.slice(0, 40)} ${text.slice(41)}`],
      ['a line break', `${raw.slice(0, 32)}\n${raw.slice(33)}`],
      ['a character outside ASCII', `${text.slice(0, 40)}é${text.slice(41)}`],
      ['nothing', ''],
      ['a number', 1234],
      ['an object', { ciphertext: text }],
    ];
    for (const [what, ciphertext] of refused) {
      if (typeof ciphertext === 'string' && what.includes('characters')) {
        expect(ciphertext.length, what).toBe(Number(/\d+/.exec(what)?.[0]));
      }
      await expectDenied(set(ref(ada.db, path()), withCiphertext(ciphertext, 1_700_000_000_002)));
    }
    expect(await read(ada.db, path())).toEqual(withCiphertext(text, 1_700_000_000_001));
  });

  it('refuses a record with an extra or missing field', async () => {
    const record = passwordRecord();
    await expectDenied(set(ref(ada.db, path()), { ...record, pin: '123456' }));
    await expectDenied(set(ref(ada.db, path()), { ...record, encryptedDek: { ...record.encryptedDek, dek: 'x' } }));
    await expectDenied(set(ref(ada.db, path()), { salt: record.salt, encryptedDek: record.encryptedDek }));
    await expectDenied(
      set(ref(ada.db, path()), { ...record, encryptedDek: { ciphertext: record.encryptedDek.ciphertext } }),
    );
  });

  it('refuses a record with malformed salt or wrapped key', async () => {
    const record = passwordRecord();
    await expectDenied(set(ref(ada.db, path()), { ...record, salt: base64(32) }));
    await expectDenied(
      set(ref(ada.db, path()), { ...record, encryptedDek: { ...record.encryptedDek, ciphertext: base64(32) } }),
    );
  });

  it('refuses anything but the password record at {uid}/auth', async () => {
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth`), 'hello'));
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth`), 7));
    await expectDenied(set(ref(ada.db, path()), 'hello'));
    await set(ref(ada.db, `${ada.uid}/auth`), { password: passwordRecord() });
    expect(await read(ada.db, `${ada.uid}/auth`)).toEqual({ password: passwordRecord() });
  });

  it('lets only a newer record replace the one the server holds', async () => {
    await set(ref(ada.db, path()), passwordRecord(1_700_000_000_000));
    await expectDenied(set(ref(ada.db, path()), passwordRecord(1_700_000_000_000)));
    await expectDenied(set(ref(ada.db, path()), passwordRecord(1_699_999_999_999)));
    await set(ref(ada.db, path()), passwordRecord(1_700_000_000_001));
    expect(await read(ada.db, path())).toEqual(passwordRecord(1_700_000_000_001));
  });

  it(`refuses a record dated more than ${SKEW_MS / 60_000} minutes ahead of the server's clock`, async () => {
    const soon = Date.now() + SKEW_MS - 60_000;
    await set(ref(ada.db, path()), passwordRecord(soon));
    await expectDenied(set(ref(ada.db, path()), passwordRecord(Date.now() + SKEW_MS + 60_000)));
    expect(await read(ada.db, path())).toEqual(passwordRecord(soon));
  });

  it('refuses deleting the record while the account holds cards; once they are gone it may go', async () => {
    await set(ref(ada.db, path()), passwordRecord());
    await putCard(ada, encryptedCard());
    await expectDenied(remove(ref(ada.db, path())));
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth`), null));
    expect(await read(ada.db, path())).toEqual(passwordRecord());
    // Deleting the account: the cards first, then the record.
    await remove(ref(ada.db, `${ada.uid}/cards`));
    await remove(ref(ada.db, path()));
    expect(await read(ada.db, `${ada.uid}`)).toBeNull();
  });

  it('refuses a first record for an account that already holds cards (they could never be opened with it)', async () => {
    await putCard(ada, encryptedCard());
    await expectDenied(set(ref(ada.db, path()), passwordRecord()));
    await remove(ref(ada.db, `${ada.uid}/cards`));
    await set(ref(ada.db, path()), passwordRecord());
    expect(await read(ada.db, path())).toEqual(passwordRecord());
  });

  it("refuses another person's password record, both ways", async () => {
    await set(ref(ada.db, path()), passwordRecord());
    await expectDenied(read(bob.db, path()));
    await expectDenied(set(ref(bob.db, path()), passwordRecord(1_700_000_000_001)));
    await expectDenied(remove(ref(bob.db, path())));
  });
});
