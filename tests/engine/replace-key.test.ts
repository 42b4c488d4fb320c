/**
 * Replacing the data key through the real engine worker: a new key, every card encrypted again under it, a record for
 * the new password; the old password and an old copy of its record open none of it, the seed's algorithm opens all of
 * it with the new password, and the key only changes once the page says the server holds it.
 */
import { afterEach, expect, test } from 'vitest';
import type { EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import { RETIRED_KEYS_UNHEARD } from '../../worker/vault/replace-key';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { seed } from '../support/seed-commands';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const OLD = 'Old password 1!é';
const NEXT = 'New password 2?🔑';
const NOW = 1_722_000_000_000;
const cards = makeCards(91, 4);
const plain = (): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});
const ids = (collection: EncryptedCollection) => Object.keys(collection.cards).sort();

async function unlockedWallet() {
  const engine = startEngine();
  const { record, collection } = await engine.createSecret(OLD, plain(), NOW);
  // The account has no retired keys yet, as the page has heard from the server.
  await engine.setRetiredKeys(null);
  return { engine, record, collection: collection as EncryptedCollection };
}

test('the new password opens every card the seed’s way; the old password and record open none of them', async () => {
  const { engine, record, collection } = await unlockedWallet();
  await engine.verify(OLD, record);
  const before = await engine.derivationCount();
  const replaced = await engine.replaceKey(OLD, record, NEXT, collection, NOW + 1);
  // The verify's proof stands for the current password: only the new one is derived.
  expect((await engine.derivationCount()) - before).toBe(1);
  expect(ids(replaced.collection)).toEqual(ids(collection));
  expect(replaced.unreadable).toEqual([]);
  for (const card of Object.values(replaced.collection.cards)) {
    expect(card.modifiedAt).toBe(collection.cards[card.id]?.modifiedAt);
    expect(card.data.cipherText).not.toBe(collection.cards[card.id]?.data.cipherText);
  }
  expect(replaced.record.modifiedAt).toBe(NOW + 1);

  const opened = await seed.openTheSeedWay(NEXT, replaced.record, Object.values(replaced.collection.cards));
  expect(Object.keys(opened.cards).sort()).toEqual(cards.map((card) => card.id).sort());
  for (const card of cards) expect(opened.cards[card.id]).toEqual(card.data);
  // Whoever kept the old record and knows the old password has the old key, and it opens none of the new cards.
  const old = await seed.openTheSeedWay(OLD, record, []);
  expect(old.dek).not.toBe(opened.dek);
  await expect(seed.openTheSeedWay(OLD, record, Object.values(replaced.collection.cards))).rejects.toThrow();
});

test('the key changes only when kept, and a lock meanwhile drops the new one', async () => {
  const { engine, record, collection } = await unlockedWallet();
  const replaced = await engine.replaceKey(OLD, record, NEXT, collection, NOW + 1);
  // Not kept yet: the held key is still the old one (the server may refuse the write).
  expect((await engine.openCollection(collection)).cards).toHaveLength(cards.length);
  expect((await engine.openCollection(replaced.collection)).unreadable).toHaveLength(cards.length);
  await engine.keepReplacedKey(replaced.record);
  const now = await engine.openCollection(replaced.collection);
  expect(now.cards).toHaveLength(cards.length);
  expect(now.underRetiredKey).toBeUndefined();
  // The old key is now a retired one: cards still sealed under it open, and say so (tests/engine/retired-keys.test.ts).
  expect((await engine.openCollection(collection)).underRetiredKey?.sort()).toEqual(ids(collection));

  const again = await engine.replaceKey(NEXT, replaced.record, OLD, replaced.collection, NOW + 2);
  await engine.lock();
  expect((await rejectionOf(engine.keepReplacedKey(again.record))).message).toBe(Messages.refreshAndUnlock);
  expect(await engine.hasKey()).toBe(false);
});

test('a wrong current password replaces nothing; cards that do not open are left out and listed', async () => {
  const { engine, record, collection } = await unlockedWallet();
  expect((await rejectionOf(engine.replaceKey('Wrong password 9!', record, NEXT, collection, NOW))).message).toBe('');
  const [victim] = Object.values(collection.cards);
  if (!victim) throw new Error('no card');
  const damaged: EncryptedCollection = {
    type: 'ENCRYPTED',
    cards: { ...collection.cards, [victim.id]: { ...victim, data: { ...victim.data, iv: 'AAAAAAAAAAAAAAAA' } } },
  };
  const replaced = await engine.replaceKey(OLD, record, NEXT, damaged, NOW + 1);
  expect(replaced.unreadable.map((card) => card.id)).toEqual([victim.id]);
  expect(ids(replaced.collection)).toEqual(ids(collection).filter((id) => id !== victim.id));
});

test('locked, there is no key to replace', async () => {
  const { engine, record, collection } = await unlockedWallet();
  await engine.lock();
  expect((await rejectionOf(engine.replaceKey(OLD, record, NEXT, collection, NOW))).message).toBe(
    Messages.refreshAndUnlock,
  );
});

test('a replacement refuses until the account’s retired keys are heard, so none is dropped from the new list', async () => {
  const engine = startEngine();
  const { record, collection } = await engine.createSecret(OLD, plain(), NOW);
  expect(
    (await rejectionOf(engine.replaceKey(OLD, record, NEXT, collection as EncryptedCollection, NOW))).message,
  ).toBe(RETIRED_KEYS_UNHEARD);
  await engine.setRetiredKeys(null);
  const replaced = await engine.replaceKey(OLD, record, NEXT, collection as EncryptedCollection, NOW + 1);
  expect(ids(replaced.collection)).toEqual(ids(collection as EncryptedCollection));
});
