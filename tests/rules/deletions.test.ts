/**
 * Deletion records (`{uid}/deleted/{cardId}` = when the card was deleted) against the running local backend,
 * through the real Firebase SDK: a deletion is dated in the same write that removes the card, so that per card the
 * newer action wins, deletions included, whatever order writes reach the server in. Each rule both ways.
 */
import { ref, remove, set, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import {
  ada,
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
const recordPath = (id = CARD_ID) => `${ada.uid}/deleted/${id}`;

/** Sleeve's deletion: the card removed and its deletion dated, in one multi-path update of `{uid}`. */
const deleteDated = (at: number, id = CARD_ID, also: Record<string, unknown> = {}) =>
  update(ref(ada.db, `${ada.uid}`), { [`cards/${id}`]: null, [`deleted/${id}`]: at, ...also });

describe('a dated deletion', () => {
  it('removes a card no newer than itself and keeps the date, a tie included', async () => {
    await putCard(ada, encryptedCard(CARD_ID, T));
    await putCard(ada, encryptedCard(OTHER_ID, T));
    await deleteDated(T + 5);
    await deleteDated(T, OTHER_ID);
    expect(await read(ada.db, `${ada.uid}/cards`)).toBeNull();
    expect(await read(ada.db, `${ada.uid}/deleted`)).toEqual({ [CARD_ID]: T + 5, [OTHER_ID]: T });
  });

  it('is refused, the whole update with it, when the card the server holds is newer', async () => {
    await putCard(ada, encryptedCard(CARD_ID, T + 10));
    await expectDenied(deleteDated(T + 9));
    // Another change in the same write does not land either.
    await expectDenied(deleteDated(T + 9, CARD_ID, { [`cards/${OTHER_ID}`]: encryptedCard(OTHER_ID) }));
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual({ [CARD_ID]: encryptedCard(CARD_ID, T + 10) });
    expect(await read(ada.db, `${ada.uid}/deleted`)).toBeNull();
  });

  it('is written for a card the server no longer holds, and a later one replaces it', async () => {
    await deleteDated(T);
    await deleteDated(T);
    await deleteDated(T + 1);
    expect(await read(ada.db, recordPath())).toBe(T + 1);
  });

  it('is refused when older than the deletion record the server holds', async () => {
    await deleteDated(T + 1);
    await expectDenied(deleteDated(T));
    expect(await read(ada.db, recordPath())).toBe(T + 1);
  });

  it('is refused beside a card left in place: a record only comes with the removal', async () => {
    await putCard(ada, encryptedCard(CARD_ID, T));
    await expectDenied(set(ref(ada.db, recordPath()), T + 1));
    await expectDenied(
      update(ref(ada.db, `${ada.uid}`), {
        [`cards/${CARD_ID}`]: encryptedCard(CARD_ID, T + 2),
        [`deleted/${CARD_ID}`]: T + 1,
      }),
    );
    expect(await read(ada.db, `${ada.uid}/deleted`)).toBeNull();
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, T));
  });

  it(`is a number from 0 to ${SKEW_MS / 60_000} minutes ahead of the server's clock, under a card's id`, async () => {
    const soon = Date.now() + SKEW_MS - 60_000;
    await deleteDated(soon);
    expect(await read(ada.db, recordPath())).toBe(soon);
    await expectDenied(deleteDated(Date.now() + SKEW_MS + 60_000, OTHER_ID));
    await expectDenied(deleteDated(-1, OTHER_ID));
    await expectDenied(deleteDated(String(T) as never, OTHER_ID));
    await expectDenied(deleteDated({ at: T } as never, OTHER_ID));
    await expectDenied(deleteDated(T, 'short'));
    await expectDenied(deleteDated(T, 'Ab3dE6g_'));
    await expectDenied(set(ref(ada.db, `${ada.uid}/deleted`), T));
    expect(await read(ada.db, `${ada.uid}/deleted`)).toEqual({ [CARD_ID]: soon });
  });
});

describe('a card after a deletion', () => {
  it('is refused unless newer than the deletion, on its own or in a whole collection', async () => {
    await deleteDated(T + 10);
    await expectDenied(putCard(ada, encryptedCard(CARD_ID, T + 9)));
    await expectDenied(putCard(ada, encryptedCard(CARD_ID, T + 10)));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), { [CARD_ID]: encryptedCard(CARD_ID, T) }));
    await expectDenied(
      update(ref(ada.db, `${ada.uid}/cards`), {
        [CARD_ID]: encryptedCard(CARD_ID, T + 9),
        [OTHER_ID]: encryptedCard(OTHER_ID),
      }),
    );
    expect(await read(ada.db, `${ada.uid}/cards`)).toBeNull();
  });

  it('is taken when newer than the deletion: an edit made after it brings the card back', async () => {
    await deleteDated(T + 10);
    await putCard(ada, encryptedCard(CARD_ID, T + 11));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard(CARD_ID, T + 11));
    // The record stays; a later deletion removes the card again.
    await deleteDated(T + 12);
    await set(ref(ada.db, `${ada.uid}/cards`), { [CARD_ID]: encryptedCard(CARD_ID, T + 13) });
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual({ [CARD_ID]: encryptedCard(CARD_ID, T + 13) });
  });

  it('of another id is not held back by it', async () => {
    await deleteDated(T + 10);
    await putCard(ada, encryptedCard(OTHER_ID, T));
    expect(await read(ada.db, cardPath(ada, OTHER_ID))).toEqual(encryptedCard(OTHER_ID, T));
  });
});

describe("the seed's clients and what goes", () => {
  it('still delete a card with a plain removal, and every card by emptying the collection, with no record', async () => {
    await putCard(ada, encryptedCard(CARD_ID, T));
    await putCard(ada, encryptedCard(OTHER_ID, T));
    await remove(ref(ada.db, cardPath(ada)));
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual({ [OTHER_ID]: encryptedCard(OTHER_ID, T) });
    await set(ref(ada.db, `${ada.uid}/cards`), null);
    expect(await read(ada.db, `${ada.uid}`)).toBeNull();
    // No record was left, so an older copy may come back, as it always could with them.
    await putCard(ada, encryptedCard(CARD_ID, T - 1));
  });

  it('lets a person remove their deletion records (pruned when old, or with the whole account)', async () => {
    await deleteDated(T);
    await deleteDated(T, OTHER_ID);
    await update(ref(ada.db, `${ada.uid}/deleted`), { [CARD_ID]: null });
    expect(await read(ada.db, `${ada.uid}/deleted`)).toEqual({ [OTHER_ID]: T });
    await update(ref(ada.db, `${ada.uid}`), { cards: null, deleted: null });
    expect(await read(ada.db, `${ada.uid}`)).toBeNull();
  });

  it("refuses another person's deletion records, both ways, and a visitor's", async () => {
    await deleteDated(T);
    await expectDenied(read(bob.db, recordPath()));
    await expectDenied(set(ref(bob.db, recordPath(OTHER_ID)), T));
    await expectDenied(remove(ref(bob.db, recordPath())));
    await expectDenied(read(visitor.db, recordPath()));
    await expectDenied(set(ref(visitor.db, recordPath(OTHER_ID)), T));
    expect(await read(ada.db, `${ada.uid}/deleted`)).toEqual({ [CARD_ID]: T });
  });
});
