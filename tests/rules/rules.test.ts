/**
 * database.rules.json against the running local backend, through the real Firebase SDK, as two signed-in people
 * and one signed-out visitor. Every denial is the server's own answer (PERMISSION_DENIED), not a client check, and
 * every rule is shown both ways: what it lets through and what it refuses.
 *
 * Each test starts from an empty account for Ada (no cards, deletion records or password record). Deletion records:
 * tests/rules/deletions.test.ts; the password record: tests/rules/password-record.test.ts.
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
