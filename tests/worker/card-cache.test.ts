/**
 * The worker's memory of decrypted cards, driven through the store and custody modules themselves (no worker), so
 * a test can lock while an open or a seal is still under way and then look at what memory holds.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import type { EncryptedCard, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { cachedData, cacheSize } from '../../worker/vault/card-cache';
import { openCollection, sealCard } from '../../worker/vault/collections';
import { createSecret, lock } from '../../worker/vault/custody';
import { badCards, encryptedCollection, keyOf } from '../support/crafted-cards';
import { makeCards } from '../support/seeded';

const NOW = 1_722_000_000_000;
const PIN = '480213';
const cards = makeCards(51, 5);
const cardsById: Record<string, PlainCard> = Object.fromEntries(cards.map((card) => [card.id, card]));

const plainOf = (some: readonly PlainCard[]): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(some.map((card) => [card.id, card])),
});

/** A fresh key held, and the cards encrypted under it. Memory starts empty. */
async function unlocked(): Promise<{ collection: EncryptedCollection; record: SecretRecord }> {
  const created = await createSecret(PIN, plainOf(cards), NOW);
  expect(cacheSize()).toBe(0);
  return created;
}

beforeEach(() => {
  lock();
});

describe('what memory keeps', () => {
  test('exactly the cards of the last open that opened: not the bad ones, not the ones deleted since', async () => {
    const { collection, record } = await unlocked();
    const bad = await badCards(await keyOf(PIN, record), cards[0]!.data, NOW);
    const stored = Object.values(collection.cards);
    await openCollection(encryptedCollection([...stored, ...bad.map((each) => each.card)]));
    expect(cacheSize()).toBe(cards.length);
    for (const card of stored) expect(cachedData(card)).toEqual(cardsById[card.id]!.data);
    for (const { card } of bad) expect(cachedData(card)).toBeUndefined();

    await openCollection(encryptedCollection(stored.slice(0, 2)));
    expect(cacheSize()).toBe(2);
    expect(cachedData(stored[4] as EncryptedCard)).toBeUndefined();
  });

  test('a card is known only by its id, IV and ciphertext together', async () => {
    const { collection } = await unlocked();
    await openCollection(collection);
    const card = Object.values(collection.cards)[0] as EncryptedCard;
    expect(cachedData(card)).toEqual(cardsById[card.id]!.data);
    expect(cachedData({ ...card, id: 'someElse' })).toBeUndefined();
    expect(cachedData({ ...card, data: { ...card.data, iv: 'AAAAAAAAAAAAAAAA' } })).toBeUndefined();
    // One character changed (whatever the first one was: a random ciphertext may begin with 'A').
    const changed = `${card.data.cipherText.startsWith('A') ? 'B' : 'A'}${card.data.cipherText.slice(1)}`;
    expect(cachedData({ ...card, data: { ...card.data, cipherText: changed } })).toBeUndefined();
  });

  test('a sealed card is remembered while its key is held, and forgotten with it', async () => {
    await unlocked();
    const card: PlainCard = { id: 'sealedOn', data: cards[1]!.data, modifiedAt: NOW + 1 };
    const sealed = (await sealCard(card, 'ENCRYPTED')) as EncryptedCard;
    expect(cachedData(sealed)).toEqual(card.data);
    lock();
    expect(cacheSize()).toBe(0);
  });
});

describe('locking while work is under way', () => {
  test('an open that finishes after the lock leaves nothing decrypted in memory', async () => {
    const { collection } = await unlocked();
    const opening = openCollection(collection);
    lock();
    await opening;
    expect(cacheSize()).toBe(0);
  });

  test('a seal that finishes after the lock leaves nothing decrypted in memory', async () => {
    await unlocked();
    const sealing = sealCard({ id: 'sealedOn', data: cards[1]!.data, modifiedAt: NOW + 1 }, 'ENCRYPTED');
    lock();
    const sealed = (await sealing) as EncryptedCard;
    expect(cachedData(sealed)).toBeUndefined();
    expect(cacheSize()).toBe(0);
  });
});
