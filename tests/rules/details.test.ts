/**
 * Card details (`{uid}/details/{cardId}`, docs/formats.md 'Card details') against the running local backend, through
 * the real Firebase SDK: a record of the documented shape, for its owner only, only beside its card, newer wins. The
 * seed's clients never write here, and what they do to cards (a plain removal included) is not refused because of it.
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
  putCard,
  read,
  SKEW_MS,
  signInPeople,
  visitor,
} from './clients';

signInPeople();

const T = 1_700_000_000_000;
const detailsRecord = (id = CARD_ID, modifiedAt = T, cipherBytes = 90) => ({
  id,
  data: { cipherText: base64(cipherBytes), iv: base64(12) },
  modifiedAt,
});
const detailsPath = (id = CARD_ID) => `${ada.uid}/details/${id}`;
const putDetails = (record: object, id = CARD_ID) => set(ref(ada.db, detailsPath(id)), record);

describe('card details', () => {
  it('are written and read back by their owner, beside their card, and replaced by a newer record', async () => {
    await putCard(ada, encryptedCard());
    await putDetails(detailsRecord());
    expect(await read(ada.db, detailsPath())).toEqual(detailsRecord());
    await putDetails(detailsRecord(CARD_ID, T + 1));
    expect(await read(ada.db, detailsPath())).toEqual(detailsRecord(CARD_ID, T + 1));
  });

  it('come with their card in one update, and go with it', async () => {
    await update(ref(ada.db, `${ada.uid}`), {
      [`cards/${CARD_ID}`]: encryptedCard(),
      [`details/${CARD_ID}`]: detailsRecord(),
    });
    expect(await read(ada.db, detailsPath())).toEqual(detailsRecord());
    await update(ref(ada.db, `${ada.uid}`), {
      [`cards/${CARD_ID}`]: null,
      [`details/${CARD_ID}`]: null,
      [`deleted/${CARD_ID}`]: T + 1,
    });
    expect(await read(ada.db, `${ada.uid}/details`)).toBeNull();
  });

  it('are refused without their card, or in the same update that removes it', async () => {
    await expectDenied(putDetails(detailsRecord()));
    await putCard(ada, encryptedCard());
    await expectDenied(
      update(ref(ada.db, `${ada.uid}`), { [`cards/${CARD_ID}`]: null, [`details/${CARD_ID}`]: detailsRecord() }),
    );
    expect(await read(ada.db, `${ada.uid}/details`)).toBeNull();
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard());
  });

  it('are refused when older than the record the server holds; a tie is taken', async () => {
    await putCard(ada, encryptedCard());
    await putDetails(detailsRecord(CARD_ID, T + 5));
    await expectDenied(putDetails(detailsRecord(CARD_ID, T + 4)));
    await putDetails(detailsRecord(CARD_ID, T + 5, 120));
    expect(await read(ada.db, detailsPath())).toEqual(detailsRecord(CARD_ID, T + 5, 120));
  });

  it('are refused in any other shape', async () => {
    await putCard(ada, encryptedCard());
    const good = detailsRecord();
    const bad: object[] = [
      { ...good, id: OTHER_ID },
      { ...good, id: undefined },
      { data: good.data, modifiedAt: T },
      { ...good, modifiedAt: 'today' },
      { ...good, modifiedAt: Date.now() + SKEW_MS + 60_000 },
      { ...good, extra: true },
      { ...good, data: { ...good.data, pin: '1234' } },
      { ...good, data: { iv: good.data.iv } },
      { ...good, data: { ...good.data, cipherText: 'not base64!' } },
      { ...good, data: { ...good.data, cipherText: base64(6200) } },
      { ...good, data: { ...good.data, iv: base64(16) } },
      { id: CARD_ID, data: { number: '4111111111111111' }, modifiedAt: T },
    ];
    for (const record of bad) await expectDenied(putDetails(JSON.parse(JSON.stringify(record))));
    await expectDenied(set(ref(ada.db, `${ada.uid}/details/short`), detailsRecord('short')));
    expect(await read(ada.db, `${ada.uid}/details`)).toBeNull();
    // The largest record the rules take: notes of 1,000 four-byte characters and every other field full.
    await putDetails(detailsRecord(CARD_ID, T, 6100));
  });

  it('are refused to anyone but their owner, reading or writing', async () => {
    await putCard(ada, encryptedCard());
    await putDetails(detailsRecord());
    await expectDenied(read(bob.db, detailsPath()));
    await expectDenied(read(visitor.db, detailsPath()));
    await expectDenied(set(ref(bob.db, detailsPath()), detailsRecord(CARD_ID, T + 1)));
    await expectDenied(set(ref(visitor.db, detailsPath()), detailsRecord(CARD_ID, T + 1)));
    await expectDenied(remove(ref(bob.db, detailsPath())));
    expect(await read(ada.db, detailsPath())).toEqual(detailsRecord());
  });

  it('stay when a seed client removes the card with a plain removal, which is not refused', async () => {
    await putCard(ada, encryptedCard());
    await putDetails(detailsRecord());
    await remove(ref(ada.db, cardPath(ada)));
    expect(await read(ada.db, cardPath(ada))).toBeNull();
    // Left behind for Sleeve to remove when it sees it (a removal needs no card).
    expect(await read(ada.db, detailsPath())).toEqual(detailsRecord());
    await remove(ref(ada.db, detailsPath()));
    expect(await read(ada.db, `${ada.uid}/details`)).toBeNull();
  });
});
