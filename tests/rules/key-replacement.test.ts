/**
 * A replaced key as the rules take it (src/remote/database/account-key.ts): the new password record, the retired keys and
 * every card in one update of `{uid}`, applied whole; refused whole when one card in it is older than the server's
 * copy, or deleted since, or when the record it replaces (named in the retired keys) is no longer the account's. The
 * retired keys are ciphertext of a bounded size beside the record, removed with it.
 */
import { ref, remove, set, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import {
  ada,
  base64,
  bob,
  CARD_ID,
  encryptedCard,
  expectDenied,
  OTHER_ID,
  passwordRecord,
  putCard,
  read,
  signInPeople,
} from './clients';

signInPeople();

const T0 = 1_700_000_000_000;
/** The wrapped key of the record at T0 (`passwordRecord`'s 48 bytes): what the first replacement replaces. */
const FIRST_WRAPPED = passwordRecord(T0).encryptedDek.ciphertext;
const retiredKeys = (keys = 1, replaced = FIRST_WRAPPED) => ({
  ciphertext: base64(keys * 32 + 16),
  iv: base64(12),
  replaced,
});

/** The sealed part of a list of retired keys: what the next list names as the one it replaces. */
const listOf = (keys = 1) => {
  const { ciphertext, iv } = retiredKeys(keys);
  return { ciphertext, iv };
};

/** Ada's account with a password record and two cards, as before a replacement. */
async function account() {
  await set(ref(ada.db, `${ada.uid}/auth/password`), passwordRecord(T0));
  await putCard(ada, encryptedCard(CARD_ID, T0 + 10));
  await putCard(ada, encryptedCard(OTHER_ID, T0 + 20));
}

/** The update a replacement sends: the record, the retired keys and each card encrypted again, dates unchanged. */
const replacement = (cardDates: Record<string, number> = { [CARD_ID]: T0 + 10, [OTHER_ID]: T0 + 20 }) => ({
  'auth/password': passwordRecord(T0 + 30, 60),
  'auth/retiredKeys': retiredKeys(),
  ...Object.fromEntries(Object.entries(cardDates).map(([id, date]) => [`cards/${id}`, encryptedCard(id, date)])),
});

describe('replacing the key', () => {
  it('takes the record, the retired keys and every card in one update', async () => {
    await account();
    await update(ref(ada.db, ada.uid as string), replacement());
    expect(await read(ada.db, `${ada.uid}/auth`)).toEqual({
      password: passwordRecord(T0 + 30, 60),
      retiredKeys: retiredKeys(),
    });
  });

  it('refuses all of it when a card was changed since, or deleted since, and nothing changes', async () => {
    await account();
    await putCard(ada, encryptedCard(OTHER_ID, T0 + 40));
    await expectDenied(update(ref(ada.db, ada.uid as string), replacement()));
    expect(await read(ada.db, `${ada.uid}/auth/password`)).toEqual(passwordRecord(T0));
    expect(await read(ada.db, `${ada.uid}/auth/retiredKeys`)).toBeNull();

    await update(ref(ada.db, ada.uid as string), { [`cards/${OTHER_ID}`]: null, [`deleted/${OTHER_ID}`]: T0 + 50 });
    await expectDenied(update(ref(ada.db, ada.uid as string), replacement({ [OTHER_ID]: T0 + 40 })));
    expect(await read(ada.db, `${ada.uid}/cards/${OTHER_ID}`)).toBeNull();
  });

  it('refuses a second replacement made from the record the first replaced, and takes one made from the new record', async () => {
    await account();
    await update(ref(ada.db, ada.uid as string), replacement());
    // Another device replaced the key from the T0 record too, a moment later: its record is newer, but refused.
    const secondRecord = { ...passwordRecord(T0 + 31), encryptedDek: { ciphertext: base64(48, 9), iv: base64(12) } };
    const second = {
      'auth/password': secondRecord,
      'auth/retiredKeys': retiredKeys(1),
      [`cards/${CARD_ID}`]: encryptedCard(CARD_ID, T0 + 10),
    };
    await expectDenied(update(ref(ada.db, ada.uid as string), second));
    expect(await read(ada.db, `${ada.uid}/auth/password`)).toEqual(passwordRecord(T0 + 30, 60));
    // Made again from the record now held, holding the list it replaces, it is taken.
    const fromNew = {
      ...second,
      'auth/retiredKeys': {
        ...retiredKeys(2, passwordRecord(T0 + 30, 60).encryptedDek.ciphertext),
        previous: listOf(),
      },
    };
    await update(ref(ada.db, ada.uid as string), fromNew);
    expect(await read(ada.db, `${ada.uid}/auth/password`)).toEqual(secondRecord);
  });

  it('refuses a new list of retired keys that does not hold the list it replaces, so no older key is dropped', async () => {
    await account();
    await update(ref(ada.db, ada.uid as string), replacement());
    const held = passwordRecord(T0 + 30, 60).encryptedDek.ciphertext;
    const next = (previous?: { ciphertext: string; iv: string }) => ({
      'auth/password': { ...passwordRecord(T0 + 50), encryptedDek: { ciphertext: base64(48, 7), iv: base64(12) } },
      'auth/retiredKeys': { ...retiredKeys(2, held), ...(previous ? { previous } : {}) },
      [`cards/${CARD_ID}`]: encryptedCard(CARD_ID, T0 + 10),
      [`cards/${OTHER_ID}`]: encryptedCard(OTHER_ID, T0 + 20),
    });
    // Made by a device that had not heard the list: it would seal only the key it holds.
    await expectDenied(update(ref(ada.db, ada.uid as string), next()));
    await expectDenied(update(ref(ada.db, ada.uid as string), next({ ciphertext: base64(48, 3), iv: base64(12) })));
    expect(await read(ada.db, `${ada.uid}/auth/retiredKeys`)).toEqual(retiredKeys());
    await update(ref(ada.db, ada.uid as string), next(listOf()));
    expect(await read(ada.db, `${ada.uid}/auth/retiredKeys/previous`)).toEqual(listOf());
    // A first list names no earlier one.
    await set(ref(ada.db, `${ada.uid}/cards`), null);
    await remove(ref(ada.db, `${ada.uid}/auth`));
    await account();
    await expectDenied(
      update(ref(ada.db, ada.uid as string), {
        ...replacement(),
        'auth/retiredKeys': { ...retiredKeys(), previous: listOf() },
      }),
    );
  });

  it("takes a password changed the seed's way after a replacement: the retired keys stay as they were", async () => {
    await account();
    await update(ref(ada.db, ada.uid as string), replacement());
    await set(ref(ada.db, `${ada.uid}/auth/password`), passwordRecord(T0 + 40, 60));
    expect(await read(ada.db, `${ada.uid}/auth`)).toEqual({
      password: passwordRecord(T0 + 40, 60),
      retiredKeys: retiredKeys(),
    });
  });

  it('keeps a bounded list of retired keys, as base64 ciphertext with a 12-byte IV, and nothing else beside', async () => {
    await account();
    const path = `${ada.uid}/auth/retiredKeys`;
    await set(ref(ada.db, path), retiredKeys(16));
    // Each key with the ids of up to 2,000 cards its replacement knew: 400,000 base64 characters at most.
    await set(ref(ada.db, path), { ...retiredKeys(), ciphertext: base64(299_997), previous: listOf(16) });
    await expectDenied(
      set(ref(ada.db, path), {
        ...retiredKeys(),
        ciphertext: base64(300_003),
        previous: { ...listOf(), ciphertext: base64(299_997) },
      }),
    );
    await expectDenied(set(ref(ada.db, path), { ciphertext: 'not base64!', iv: base64(12) }));
    await expectDenied(set(ref(ada.db, path), { ciphertext: base64(48), iv: base64(16) }));
    await expectDenied(set(ref(ada.db, path), { ...retiredKeys(), extra: 1 }));
    await expectDenied(set(ref(ada.db, path), { ciphertext: base64(48), iv: base64(12) }));
    await expectDenied(set(ref(ada.db, path), retiredKeys(1, base64(48, 9))));
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth/other`), retiredKeys()));
    // Not without a password record: the keys are sealed under the key a record wraps.
    await set(ref(ada.db, `${ada.uid}/cards`), null);
    await remove(ref(ada.db, `${ada.uid}/auth`));
    await expectDenied(set(ref(ada.db, path), retiredKeys()));
  });

  it("still lets the seed's clients remove the password record alone; the keys left beside it open nothing", async () => {
    await set(ref(ada.db, `${ada.uid}/auth/password`), passwordRecord(T0));
    await set(ref(ada.db, `${ada.uid}/auth/retiredKeys`), retiredKeys());
    await remove(ref(ada.db, `${ada.uid}/auth/password`));
    expect(await read(ada.db, `${ada.uid}/auth`)).toEqual({ retiredKeys: retiredKeys() });
    // A new first record is created as ever; the keys beside it were sealed under another key and are ignored.
    await set(ref(ada.db, `${ada.uid}/auth/password`), passwordRecord(T0 + 1));
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth`), { retiredKeys: retiredKeys() }));
  });

  it("refuses writing or reading another person's retired keys", async () => {
    await account();
    await expectDenied(set(ref(bob.db, `${ada.uid}/auth/retiredKeys`), retiredKeys()));
    await set(ref(ada.db, `${ada.uid}/auth/retiredKeys`), retiredKeys());
    await expectDenied(read(bob.db, `${ada.uid}/auth/retiredKeys`));
  });
});
