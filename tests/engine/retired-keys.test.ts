/**
 * The account's retired keys through the real engine worker: after a key is replaced, a card a late device sealed
 * under the old key still opens for whoever holds the new one, is named for sealing again, and once sealed again
 * opens the seed's way with the new password and not with the old record. A list that does not open (another key,
 * altered) opens nothing and fails nothing.
 */
import { afterEach, expect, test } from 'vitest';
import type { EncryptedCard, EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import { NO_DETAILS } from '../../src/domain/card-details';
import { Messages } from '../../src/domain/errors';
import { SAVED_WITH_OLD_KEY } from '../../src/domain/saved-with-old-key';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { seed } from '../support/seed-commands';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const FIRST = 'First password 1!é';
const SECOND = 'Second password 2?🔑';
const THIRD = 'Third password 3#ñ';
const NOW = 1_722_000_000_000;
const cards = makeCards(207, 3);
const plain: PlainCollection = { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, card])) };
const ids = (list: readonly { id: string }[]) => list.map((card) => card.id).sort();

/** A wallet under FIRST whose key was then replaced with one for SECOND: the old cards, and what replaced them. */
async function replacedWallet() {
  const engine = startEngine();
  const first = await engine.createSecret(FIRST, plain, NOW);
  const old = first.collection as EncryptedCollection;
  await engine.setRetiredKeys(null);
  const replaced = await engine.replaceKey(FIRST, first.record, SECOND, old, NOW + 1);
  await engine.keepReplacedKey(replaced.record);
  return { engine, firstRecord: first.record, old, replaced };
}

test('a card sealed under the replaced key opens, is named, and sealed again opens only the new way', async () => {
  const { engine, firstRecord, old, replaced } = await replacedWallet();
  const opened = await engine.openCollection(old);
  expect(ids(opened.cards)).toEqual(ids(cards));
  expect(opened.unreadable).toEqual([]);
  expect(opened.underRetiredKey?.sort()).toEqual(ids(cards));

  const again = await engine.sealAgain(Object.values(old.cards));
  expect(ids(again)).toEqual(ids(cards));
  for (const card of again) expect(card.modifiedAt).toBe(old.cards[card.id]?.modifiedAt);
  const seedWay = await seed.openTheSeedWay(SECOND, replaced.record, again);
  for (const card of cards) expect(seedWay.cards[card.id]).toEqual(card.data);
  await expect(seed.openTheSeedWay(FIRST, firstRecord, again)).rejects.toThrow();
  // Cards under the current key need nothing: none comes back.
  expect(await engine.sealAgain(Object.values(replaced.collection.cards))).toEqual([]);
  expect((await engine.openCollection(replaced.collection)).underRetiredKey).toBeUndefined();
});

test('a retired key brings back only what the replacement knew: a new card, or a later one, is kept apart', async () => {
  const { engine, firstRecord, replaced } = await replacedWallet();
  // Whoever still holds the first key (the old password and an old record) seals cards with it after the replacement.
  const late = startEngine();
  await late.unlock(FIRST, firstRecord);
  const [known, edited] = cards as [(typeof cards)[0], (typeof cards)[0]];
  const [stranger] = makeCards(208, 1) as [(typeof cards)[0]];
  const seal = async (card: (typeof cards)[0]) => (await late.sealCard(card, 'ENCRYPTED')) as EncryptedCard;
  const added = await seal({ ...stranger, modifiedAt: NOW });
  const later = await seal({ ...known, data: { ...known.data, cardholder: 'MALLORY' }, modifiedAt: NOW + 2 });
  const before = await seal({ ...edited, data: { ...edited.data, issuer: 'Edited before' }, modifiedAt: NOW + 1 });
  const shown: EncryptedCollection = {
    type: 'ENCRYPTED',
    cards: { [added.id]: added, [later.id]: later, [before.id]: before },
  };

  const opened = await engine.openCollection(shown);
  // Edited before the replacement, on a card it knew: taken, and to be sealed again.
  expect(ids(opened.cards)).toEqual([edited.id]);
  expect(opened.underRetiredKey).toEqual([edited.id]);
  // The others are shown for what they are, to keep or delete, and never as cards.
  const apart = opened.unreadable.sort((a, b) => a.id.localeCompare(b.id));
  expect(apart).toEqual(
    [
      { card: stranger, cardholder: stranger.data.cardholder, modifiedAt: NOW },
      { card: known, cardholder: 'MALLORY', modifiedAt: NOW + 2 },
    ]
      .map(({ card, cardholder, modifiedAt }) => ({
        id: card.id,
        modifiedAt,
        reason: SAVED_WITH_OLD_KEY,
        seen: { network: card.data.network, last4: card.data.number.slice(-4), cardholder },
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  );
  expect(ids(await engine.sealAgain(Object.values(shown.cards)))).toEqual([edited.id]);

  // The person keeps them: sealed under the new key, dates unchanged, they open the seed's way with the new password.
  const kept = await engine.keepSavedWithOldKey(Object.values(shown.cards));
  expect(ids(kept)).toEqual(ids([stranger, known]));
  const seedWay = await seed.openTheSeedWay(SECOND, replaced.record, kept);
  expect(seedWay.cards[known.id]?.cardholder).toBe('MALLORY');
  expect(kept.find((card) => card.id === known.id)?.modifiedAt).toBe(NOW + 2);
});

test('another device opens old cards once it hears the retired keys; a list it cannot open changes nothing', async () => {
  const { old, replaced } = await replacedWallet();
  const other = startEngine();
  await other.unlock(SECOND, replaced.record);
  const before = await other.openCollection(old);
  expect(before.cards).toEqual([]);
  expect(new Set(before.unreadable.map((card) => card.reason))).toEqual(new Set([UnreadableReasons.wrongKey]));

  // Altered by one character: it does not open, and opening cards still works as before.
  const altered = {
    ...replaced.retired,
    iv: `${replaced.retired.iv[0] === 'A' ? 'B' : 'A'}${replaced.retired.iv.slice(1)}`,
  };
  await other.setRetiredKeys(altered);
  expect((await other.openCollection(old)).cards).toEqual([]);

  await other.setRetiredKeys(replaced.retired);
  const after = await other.openCollection(old);
  expect(ids(after.cards)).toEqual(ids(cards));
  expect(after.underRetiredKey?.sort()).toEqual(ids(cards));
  // The list is ciphertext and outlives a lock; the keys it holds open again under the next unlock.
  await other.lock();
  await other.unlock(SECOND, replaced.record);
  expect(ids((await other.openCollection(old)).cards)).toEqual(ids(cards));
  await other.setRetiredKeys(null);
  expect((await other.openCollection(old)).cards).toEqual([]);
});

test('a second replacement keeps both old keys; the first password opens neither newer key', async () => {
  const { engine, old, replaced } = await replacedWallet();
  const third = await engine.replaceKey(SECOND, replaced.record, THIRD, replaced.collection, NOW + 2);
  await engine.keepReplacedKey(third.record);
  const other = startEngine();
  await other.unlock(THIRD, third.record);
  await other.setRetiredKeys(third.retired);
  // Sealed under the first key, and under the second: both open under the third.
  expect(ids((await other.openCollection(old)).cards)).toEqual(ids(cards));
  expect(ids((await other.openCollection(replaced.collection)).cards)).toEqual(ids(cards));
  // The second key's holder cannot open the third's list: retired keys open only downwards.
  const second = startEngine();
  await second.unlock(SECOND, replaced.record);
  await second.setRetiredKeys(third.retired);
  expect((await second.openCollection(third.collection)).cards).toEqual([]);
});

test('sealing again needs the key', async () => {
  const { engine, old } = await replacedWallet();
  await engine.lock();
  const stored = Object.values(old.cards) as EncryptedCard[];
  expect((await rejectionOf(engine.sealAgain(stored))).message).toBe(Messages.keyMissingEncrypt);
});

test("a card's details go under the new key with it, keep their date, and a late device's open under the retired one", async () => {
  const engine = startEngine();
  const first = await engine.createSecret(FIRST, plain, NOW);
  const [card] = cards as [(typeof cards)[0]];
  const given = { details: { ...NO_DETAILS, pin: '0481', notes: 'Notizen — ü 😀' }, unknown: {} };
  const sealed = await engine.sealDetails(card.id, NOW, given);
  await engine.setRetiredKeys(null);
  const replaced = await engine.replaceKey(
    FIRST,
    first.record,
    SECOND,
    first.collection as EncryptedCollection,
    NOW + 1,
    [sealed],
  );
  expect(replaced.details).toHaveLength(1);
  expect(replaced.details[0]).toMatchObject({ id: card.id, modifiedAt: NOW });
  expect(replaced.details[0]?.data.cipherText).not.toBe(sealed.data.cipherText);
  await engine.keepReplacedKey(replaced.record);

  const other = startEngine();
  await other.unlock(SECOND, replaced.record);
  expect(await other.openDetails(replaced.details)).toEqual([{ id: card.id, modifiedAt: NOW, plain: given }]);
  // Sealed under the old key (a late device): shut until the retired keys are heard, then open.
  expect(await other.openDetails([sealed])).toEqual([{ id: card.id, reason: UnreadableReasons.wrongKey }]);
  await other.setRetiredKeys(replaced.retired);
  expect(await other.openDetails([sealed])).toEqual([{ id: card.id, modifiedAt: NOW, plain: given }]);
});
