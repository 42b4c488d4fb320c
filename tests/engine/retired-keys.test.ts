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
