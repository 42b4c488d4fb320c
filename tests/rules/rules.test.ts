/**
 * database.rules.json against the running local backend, through the real Firebase SDK, as two signed-in people
 * and one signed-out visitor. Every denial is the server's own answer (PERMISSION_DENIED), not a client check, and
 * every rule is shown both ways: what it lets through and what it refuses.
 *
 * Each test starts from an empty account for Ada (no cards, deletion records or password record). Deletion records:
 * tests/rules/deletions.test.ts.
 */
import { ref, remove, set, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import {
  ada,
  base64,
  bob,
  CARD_ID,
  cardPath,
  encryptedCard,
  expectDenied,
  OTHER_ID,
  passwordRecord,
  putCard,
  read,
  SKEW_MS,
  signInPeople,
  visitor,
} from './clients';

signInPeople();

describe('cards', () => {
  it('lets a person write and read back their own encrypted card, and replace it', async () => {
    await putCard(ada, encryptedCard());
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard());
    await putCard(ada, encryptedCard(CARD_ID, 1_700_000_000_001));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, 1_700_000_000_001));
  });

  it('lets a person write all their cards at once, or several in one update, and read the collection', async () => {
    const cards = { [CARD_ID]: encryptedCard(), [OTHER_ID]: encryptedCard(OTHER_ID) };
    await set(ref(ada.db, `${ada.uid}/cards`), cards);
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual(cards);
    // A save and a deletion in one write, as Sleeve sends its outbox.
    await update(ref(ada.db, `${ada.uid}/cards`), {
      [CARD_ID]: null,
      [OTHER_ID]: encryptedCard(OTHER_ID, 1_700_000_000_001),
    });
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual({ [OTHER_ID]: encryptedCard(OTHER_ID, 1_700_000_000_001) });
  });

  it("refuses reading another person's cards", async () => {
    await putCard(ada, encryptedCard());
    await expectDenied(read(bob.db, `${ada.uid}/cards`));
    await expectDenied(read(bob.db, cardPath(ada)));
    await expectDenied(read(bob.db, `${ada.uid}`));
  });

  it("refuses writing another person's cards", async () => {
    await putCard(ada, encryptedCard());
    await expectDenied(set(ref(bob.db, cardPath(ada)), encryptedCard(CARD_ID, 1_800_000_000_000)));
    await expectDenied(set(ref(bob.db, `${ada.uid}/cards`), null));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard());
  });

  it('refuses a plain, unencrypted card', async () => {
    const plain = {
      id: CARD_ID,
      data: {
        number: '4111111111111111',
        expiry: '12/30',
        cardholder: 'Ada Lovelace',
        issuer: '',
        cvv: '123',
        network: 'VISA',
        theme: 'SKY',
      },
      modifiedAt: 1_700_000_000_000,
    };
    await expectDenied(putCard(ada, plain));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), { [CARD_ID]: plain }));
  });

  it('refuses a card with a missing field', async () => {
    const card = encryptedCard();
    await expectDenied(putCard(ada, { ...card, data: { cipherText: card.data.cipherText } }));
    await expectDenied(putCard(ada, { id: card.id, data: card.data }));
    await expectDenied(putCard(ada, { data: card.data, modifiedAt: card.modifiedAt }));
  });

  it('refuses a card with an extra field', async () => {
    const card = encryptedCard();
    await expectDenied(putCard(ada, { ...card, data: { ...card.data, number: '4111111111111111' } }));
    await expectDenied(putCard(ada, { ...card, type: 'UNENCRYPTED' }));
  });

  it('refuses a card whose id is not its key or not 8 letters and digits', async () => {
    await putCard(ada, encryptedCard());
    await expectDenied(set(ref(ada.db, cardPath(ada)), encryptedCard(OTHER_ID)));
    await expectDenied(putCard(ada, encryptedCard('short')));
    await expectDenied(putCard(ada, encryptedCard('Ab3dE6g_')));
  });

  it('refuses a non-numeric modifiedAt', async () => {
    await expectDenied(putCard(ada, { ...encryptedCard(), modifiedAt: '1700000000000' }));
  });

  it('refuses an oversized cipherText, a bad iv and text that is not base64', async () => {
    const card = encryptedCard();
    await expectDenied(putCard(ada, { ...card, data: { ...card.data, cipherText: base64(3100) } }));
    await expectDenied(putCard(ada, { ...card, data: { ...card.data, iv: base64(16) } }));
    await expectDenied(putCard(ada, { ...card, data: { ...card.data, cipherText: '{"number":"4111111111111111"}' } }));
  });

  it('lets a person delete one card and then all of them', async () => {
    await putCard(ada, encryptedCard());
    await putCard(ada, encryptedCard(OTHER_ID));
    await remove(ref(ada.db, cardPath(ada)));
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual({ [OTHER_ID]: encryptedCard(OTHER_ID) });
    await set(ref(ada.db, `${ada.uid}/cards`), null);
    expect(await read(ada.db, `${ada.uid}`)).toBeNull();
  });

  it('refuses anything but a map of cards at {uid}/cards', async () => {
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), 'hello'));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), 42));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), true));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards/${CARD_ID}`), 'hello'));
    expect(await read(ada.db, `${ada.uid}/cards`)).toBeNull();
  });
});

describe('cards: newer wins and the clock', () => {
  it('lets a newer or the same copy of a card replace the one the server holds', async () => {
    await putCard(ada, encryptedCard(CARD_ID, 1_700_000_000_000));
    await set(ref(ada.db, cardPath(ada)), encryptedCard(CARD_ID, 1_700_000_000_000));
    await set(ref(ada.db, cardPath(ada)), encryptedCard(CARD_ID, 1_700_000_000_500));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, 1_700_000_000_500));
  });

  it('refuses a card older than the copy the server holds, whole collections included', async () => {
    await putCard(ada, encryptedCard(CARD_ID, 1_700_000_000_500));
    await expectDenied(set(ref(ada.db, cardPath(ada)), encryptedCard(CARD_ID, 1_700_000_000_499)));
    await expectDenied(putCard(ada, encryptedCard(CARD_ID, 1_600_000_000_000)));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), { [CARD_ID]: encryptedCard(CARD_ID, 1) }));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, 1_700_000_000_500));
  });

  it(`lets modifiedAt be up to ${SKEW_MS / 60_000} minutes ahead of the server's clock, and no further`, async () => {
    const soon = Date.now() + SKEW_MS - 60_000;
    await putCard(ada, encryptedCard(CARD_ID, soon));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, soon));
    await expectDenied(set(ref(ada.db, cardPath(ada)), encryptedCard(CARD_ID, Date.now() + SKEW_MS + 60_000)));
    await expectDenied(putCard(ada, encryptedCard(OTHER_ID, Date.now() + 365 * 24 * 3_600_000), 's1'));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, soon));
  });
});

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

describe('everything else', () => {
  it('refuses writes outside cards and auth/password', async () => {
    await expectDenied(set(ref(ada.db, `${ada.uid}/preferences`), { maskCardNumber: true }));
    await expectDenied(set(ref(ada.db, `${ada.uid}/slots/s0`), CARD_ID));
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth/pin`), passwordRecord()));
    await expectDenied(set(ref(ada.db, `${ada.uid}`), null));
    await expectDenied(set(ref(ada.db, 'shared'), 'hello'));
    await expectDenied(read(ada.db, '/'));
  });

  it('refuses a signed-out visitor reads and writes', async () => {
    await putCard(ada, encryptedCard());
    await expectDenied(read(visitor.db, `${ada.uid}/cards`));
    await expectDenied(set(ref(visitor.db, cardPath(ada)), encryptedCard(CARD_ID, 1_800_000_000_000)));
    await expectDenied(set(ref(visitor.db, 'null/cards/Ab3dE6gH'), encryptedCard()));
  });
});
