/** Storing and opening cards through the real engine worker. */
import { afterEach, describe, expect, test } from 'vitest';
import type { CardData, EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { SleeveError } from '../../src/domain/errors';
import { applyMerge } from '../../src/domain/merge-decision';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const NOW = 1_722_000_000_000;
const [one, two, three] = makeCards(7, 3).map((card) => card.data) as [CardData, CardData, CardData];
const ID = /^[A-Za-z0-9]{8}$/;

describe('without a secret, cards are stored plain', () => {
  test('putCard adds a card with exactly {id, data, modifiedAt}', async () => {
    const engine = startEngine();
    const { collection, card } = await engine.putCard(emptyPlainCollection(), { data: one }, NOW);
    expect(card.id).toMatch(ID);
    expect(card).toEqual({ id: card.id, data: one, modifiedAt: NOW });
    expect(Object.keys(card)).toEqual(['id', 'data', 'modifiedAt']);
    expect(Object.keys(card.data)).toEqual(['number', 'expiry', 'cardholder', 'issuer', 'cvv', 'network', 'theme']);
    expect(collection).toEqual({ type: 'UNENCRYPTED', cards: { [card.id]: card } });
    expect(await engine.openCollection(collection)).toEqual([card]);
  });

  test('putCard with an id replaces that card and stamps the new time', async () => {
    const engine = startEngine();
    const first = await engine.putCard(emptyPlainCollection(), { data: one }, NOW);
    const second = await engine.putCard(first.collection, { data: two }, NOW + 1);
    const replaced = await engine.putCard(second.collection, { id: first.card.id, data: three }, NOW + 2);
    expect(Object.keys(replaced.collection.cards)).toHaveLength(2);
    expect(replaced.collection.cards[first.card.id]).toEqual({ id: first.card.id, data: three, modifiedAt: NOW + 2 });
  });

  test('new ids do not collide with ids already in the collection', async () => {
    const engine = startEngine();
    let collection: PlainCollection = emptyPlainCollection();
    for (let index = 0; index < 20; index++) {
      const result = await engine.putCard(collection, { data: one }, NOW + index);
      expect(result.card.id).toMatch(ID);
      expect(Object.hasOwn(collection.cards, result.card.id)).toBe(false);
      collection = result.collection as PlainCollection;
    }
    expect(Object.keys(collection.cards)).toHaveLength(20);
  });

  test('putCard into an ENCRYPTED collection with no key rejects with the "encrypt" message', async () => {
    const engine = startEngine();
    const error = await rejectionOf(engine.putCard({ type: 'ENCRYPTED', cards: {} }, { data: one }, NOW));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe('Encryption Key is not present, refresh and unlock app again to encrypt card data');
  });

  test('invalid card data and ids are refused as invalid-argument', async () => {
    const engine = startEngine();
    const badData = { ...one, network: 'NOPE' } as unknown as CardData;
    expect((await rejectionOf(engine.putCard(emptyPlainCollection(), { data: badData }, NOW))).kind).toBe(
      'invalid-argument',
    );
    expect((await rejectionOf(engine.putCard(emptyPlainCollection(), { id: 'short', data: one }, NOW))).kind).toBe(
      'invalid-argument',
    );
  });
});

describe('with a secret, cards are stored encrypted', () => {
  async function withSecret() {
    const engine = startEngine();
    let plain: PlainCollection = emptyPlainCollection();
    for (const data of [one, two]) plain = (await engine.putCard(plain, { data }, NOW)).collection as PlainCollection;
    const { collection } = await engine.createSecret('480213', plain, NOW);
    return { engine, plain, collection };
  }

  test('createSecret encrypts every card as {id, data: {cipherText, iv}, modifiedAt}; opening gives them back', async () => {
    const { engine, plain, collection } = await withSecret();
    expect(collection.type).toBe('ENCRYPTED');
    expect(Object.keys(collection.cards).sort()).toEqual(Object.keys(plain.cards).sort());
    for (const [id, card] of Object.entries(collection.cards)) {
      expect(Object.keys(card)).toEqual(['id', 'data', 'modifiedAt']);
      expect(Object.keys(card.data)).toEqual(['cipherText', 'iv']);
      expect(card.id).toBe(id);
      expect(card.modifiedAt).toBe(NOW);
      expect(atob(card.data.iv)).toHaveLength(12);
      expect(JSON.stringify(card)).not.toContain(plain.cards[id]!.data.number);
    }
    const opened = await engine.openCollection(collection);
    expect(opened).toEqual(expect.arrayContaining(Object.values(plain.cards)));
    expect(opened).toHaveLength(2);
  });

  test('putCard adds an encrypted card and an empty plain collection becomes ENCRYPTED', async () => {
    const { engine, collection } = await withSecret();
    const added = await engine.putCard(collection, { data: three }, NOW + 5);
    expect(added.collection.type).toBe('ENCRYPTED');
    expect(Object.keys(added.collection.cards)).toHaveLength(3);
    expect(added.collection.cards[added.card.id]!.data).toHaveProperty('cipherText');
    expect(await engine.openCollection(added.collection)).toContainEqual(added.card);

    const fromEmpty = await engine.putCard(emptyPlainCollection(), { data: three }, NOW);
    expect(fromEmpty.collection.type).toBe('ENCRYPTED');
    expect(fromEmpty.collection.cards[fromEmpty.card.id]!.data).toHaveProperty('cipherText');
  });

  test('putCard into a non-empty plain collection while the key is held is refused as mixing', async () => {
    const { engine, plain } = await withSecret();
    const error = await rejectionOf(engine.putCard(plain, { data: three }, NOW));
    expect(error.kind).toBe('invalid-argument');
    expect(error.message).toBe("Encrypted and unencrypted cards can't be mixed in one collection");
  });

  test('mergeCollections sends back which remote cards win, not the cards themselves', async () => {
    const { engine, collection } = await withSecret();
    const [id] = Object.keys(collection.cards) as [string];
    const { collection: remote } = await engine.putCard(collection, { id, data: three }, NOW + 1);
    const decision = await engine.mergeCollections(collection, remote);
    expect(decision).toEqual({ type: 'ENCRYPTED', fromRemote: [id] });
    expect(applyMerge(collection, remote, decision)).toEqual(remote);
  });

  test('mergeCollections refuses to mix the two kinds', async () => {
    const { engine, plain, collection } = await withSecret();
    const error = await rejectionOf(engine.mergeCollections(plain, collection));
    expect(error.kind).toBe('invalid-argument');
    expect(error.message).toBe("Encrypted and unencrypted cards can't be mixed in one collection");
  });

  test('after lock, openCollection rejects with the "decrypt" key-missing message', async () => {
    const { engine, collection } = await withSecret();
    await engine.lock();
    expect(await engine.hasKey()).toBe(false);
    const error = await rejectionOf(engine.openCollection(collection));
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe('Encryption Key is not present, refresh and unlock app again to decrypt card data');
    expect((await rejectionOf(engine.decryptCollection(collection))).kind).toBe('invalid-state');
  });

  test('a tampered card makes the whole open fail rather than silently dropping the card', async () => {
    const { engine, collection } = await withSecret();
    const [id, card] = Object.entries(collection.cards)[0]!;
    const bytes = Uint8Array.from(atob(card.data.cipherText), (c) => c.charCodeAt(0));
    bytes[3]! ^= 0x80;
    const tampered: EncryptedCollection = {
      ...collection,
      cards: {
        ...collection.cards,
        [id]: { ...card, data: { ...card.data, cipherText: btoa(String.fromCharCode(...bytes)) } },
      },
    };
    const error = await rejectionOf(engine.openCollection(tampered));
    expect(error.message).toBe('Failed to decrypt data');
    expect(await engine.openCollection(collection)).toHaveLength(2);
  });

  test('decryptCollection gives the plain collection back', async () => {
    const { engine, plain, collection } = await withSecret();
    expect(await engine.decryptCollection(collection)).toEqual(plain);
  });

  test('a card encrypted under one key does not open under another', async () => {
    const { collection } = await withSecret();
    const other = startEngine();
    await other.createSecret('999999', emptyPlainCollection(), NOW);
    expect((await rejectionOf(other.openCollection(collection))).message).toBe('Failed to decrypt data');
  });
});
