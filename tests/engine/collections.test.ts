/** Sealing cards through the real engine worker, with and without a secret. */
import { afterEach, describe, expect, test } from 'vitest';
import type { CardData, EncryptedCollection, OpenedCards, PlainCard, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection, UnreadableReasons } from '../../src/domain/card';
import { newCardId } from '../../src/domain/card-id';
import { Messages, SleeveError } from '../../src/domain/errors';
import { applyMerge, asFromServer, asLocal } from '../../src/domain/merge-decision';
import { withStoredCard } from '../../src/domain/stored-cards';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';

afterEach(stopEngines);

import {
  byId,
  decryptionsOf,
  ID,
  NOW,
  newestFirst,
  one,
  PASSWORD,
  plainOf,
  three,
  two,
} from '../support/engine-collections';

describe('without a secret, cards are sealed plain', () => {
  test('sealCard gives back exactly {id, data, modifiedAt} with the data in wire order', async () => {
    const engine = startEngine();
    const id = newCardId(() => false);
    const { theme, network, cvv, issuer, cardholder, expiry, number } = one;
    const scrambled = { theme, network, extra: 'dropped', cvv, issuer, cardholder, expiry, number } as CardData;
    const card = await engine.sealCard({ id, data: scrambled, modifiedAt: NOW }, 'UNENCRYPTED');
    expect(card).toEqual({ id, data: one, modifiedAt: NOW });
    expect(Object.keys(card)).toEqual(['id', 'data', 'modifiedAt']);
    expect(Object.keys(card.data)).toEqual(['number', 'expiry', 'cardholder', 'issuer', 'cvv', 'network', 'theme']);
    const collection = withStoredCard(emptyPlainCollection(), card);
    expect(collection).toEqual({ type: 'UNENCRYPTED', cards: { [id]: card } });
    expect(await engine.openCollection(collection)).toEqual({ cards: [card], unreadable: [] });
  });

  test('sealing a card again under its id replaces it, with the new time', async () => {
    const engine = startEngine();
    const first = await engine.sealCard({ id: 'aaaaAAAA', data: one, modifiedAt: NOW }, 'UNENCRYPTED');
    const second = await engine.sealCard({ id: 'bbbbBBBB', data: two, modifiedAt: NOW + 1 }, 'UNENCRYPTED');
    const again = await engine.sealCard({ id: first.id, data: three, modifiedAt: NOW + 2 }, 'UNENCRYPTED');
    const collection = [first, second, again].reduce(withStoredCard, emptyPlainCollection());
    expect(Object.keys(collection.cards)).toHaveLength(2);
    expect(collection.cards[first.id]).toEqual({ id: first.id, data: three, modifiedAt: NOW + 2 });
    expect((await engine.openCollection(collection)).cards.map((card) => card.id)).toEqual([first.id, second.id]);
  });

  test('cards sealed under new ids that avoid the collection’s own all stay', async () => {
    const engine = startEngine();
    let collection: PlainCollection = emptyPlainCollection();
    for (let index = 0; index < 20; index++) {
      const id = newCardId((candidate) => Object.hasOwn(collection.cards, candidate));
      const card = await engine.sealCard({ id, data: one, modifiedAt: NOW + index }, 'UNENCRYPTED');
      expect(card.id).toMatch(ID);
      collection = withStoredCard(collection, card) as PlainCollection;
    }
    const opened = await engine.openCollection(collection);
    expect(opened.cards).toHaveLength(20);
    expect(opened.cards.map((card) => card.modifiedAt)).toEqual(Array.from({ length: 20 }, (_, i) => NOW + 19 - i));
  });

  test('sealing ENCRYPTED with no key rejects with the "encrypt" message', async () => {
    const engine = startEngine();
    const error = await rejectionOf(engine.sealCard({ id: 'aaaaAAAA', data: one, modifiedAt: NOW }, 'ENCRYPTED'));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe(Messages.keyMissingEncrypt);
  });

  test('invalid card data, ids and dates are refused as invalid-argument', async () => {
    const engine = startEngine();
    const seal = (card: { id: unknown; data: unknown; modifiedAt: unknown }) =>
      rejectionOf(engine.sealCard(card as PlainCard, 'UNENCRYPTED'));
    const good = { id: 'aaaaAAAA', data: one, modifiedAt: NOW };
    const refusals = [
      await seal({ ...good, data: { ...one, network: 'NOPE' } }),
      await seal({ ...good, data: { ...one, theme: 'PLAID' } }),
      await seal({ ...good, data: { ...one, cvv: undefined } }),
      await seal({ ...good, id: 'short' }),
      await seal({ ...good, id: 'aaaa-AAA' }),
      await seal({ ...good, id: 12345678 }),
      await seal({ ...good, modifiedAt: Number.POSITIVE_INFINITY }),
      await seal({ ...good, modifiedAt: String(NOW) }),
    ];
    expect(refusals.map((error) => error.kind)).toEqual(refusals.map(() => 'invalid-argument'));
    expect(refusals[0]?.message).toBe('Invalid card data: its network "NOPE" is unknown');
    // Refused while a key is held too, before any encryption.
    await engine.createSecret(PASSWORD, emptyPlainCollection(), NOW);
    expect((await rejectionOf(engine.sealCard({ ...good, id: 'short' }, 'ENCRYPTED'))).kind).toBe('invalid-argument');
  });
});

describe('with a secret, cards are sealed encrypted', () => {
  async function withSecret() {
    const engine = startEngine();
    const plain = plainOf([
      { id: 'firstONE', data: one, modifiedAt: NOW },
      { id: 'secondTW', data: two, modifiedAt: NOW + 1 },
    ]);
    const { record, collection } = await engine.createSecret(PASSWORD, plain, NOW);
    return { engine, plain, record, collection };
  }

  test('createSecret encrypts every card as {id, data: {cipherText, iv}, modifiedAt}; opening gives them back', async () => {
    const { engine, plain, collection } = await withSecret();
    expect(collection.type).toBe('ENCRYPTED');
    expect(Object.keys(collection.cards).sort()).toEqual(Object.keys(plain.cards).sort());
    for (const [id, card] of Object.entries(collection.cards)) {
      expect(Object.keys(card)).toEqual(['id', 'data', 'modifiedAt']);
      expect(Object.keys(card.data)).toEqual(['cipherText', 'iv']);
      expect(card.id).toBe(id);
      expect(card.modifiedAt).toBe(plain.cards[id]!.modifiedAt);
      expect(atob(card.data.iv)).toHaveLength(12);
      expect(JSON.stringify(card)).not.toContain(plain.cards[id]!.data.number);
    }
    expect(await engine.openCollection(collection)).toEqual({
      cards: newestFirst(Object.values(plain.cards)),
      unreadable: [],
    });
  });

  test('sealCard encrypts the card; it opens here and wherever the secret unlocks', async () => {
    const { engine, record, collection } = await withSecret();
    const card: PlainCard = { id: 'thirdTHR', data: three, modifiedAt: NOW + 5 };
    const sealed = await engine.sealCard(card, 'ENCRYPTED');
    expect(Object.keys(sealed)).toEqual(['id', 'data', 'modifiedAt']);
    expect(sealed).toMatchObject({ id: card.id, modifiedAt: NOW + 5 });
    expect(Object.keys(sealed.data)).toEqual(['cipherText', 'iv']);
    expect(atob((sealed as EncryptedCollection['cards'][string]).data.iv)).toHaveLength(12);
    expect(JSON.stringify(sealed)).not.toContain(three.number);
    const added = withStoredCard(collection, sealed);
    expect(added.type).toBe('ENCRYPTED');
    expect((await engine.openCollection(added)).cards[0]).toEqual(card);

    const other = startEngine();
    const opened = await other.unlock(PASSWORD, record, added);
    expect(opened.cards.map((each) => each.id)).toEqual(['thirdTHR', 'secondTW', 'firstONE']);
    // An empty plain collection takes the kind of the first card sealed into it.
    expect(withStoredCard(emptyPlainCollection(), sealed).type).toBe('ENCRYPTED');
  });

  test('a card just sealed is opened from memory, with no decryption', async () => {
    const { engine, record, collection } = await withSecret();
    expect(await decryptionsOf(engine, () => engine.openCollection(collection))).toBe(2);
    const added = withStoredCard(
      collection,
      await engine.sealCard({ id: 'thirdTHR', data: three, modifiedAt: NOW + 5 }, 'ENCRYPTED'),
    );
    let opened: OpenedCards | undefined;
    expect(
      await decryptionsOf(engine, async () => {
        opened = await engine.openCollection(added);
      }),
    ).toBe(0);
    expect(opened?.cards.map((card) => card.id)).toEqual(['thirdTHR', 'secondTW', 'firstONE']);
    // Edited and sealed again: the new ciphertext is known as well, and shows the new data.
    const edited = withStoredCard(
      added,
      await engine.sealCard({ id: 'firstONE', data: three, modifiedAt: NOW + 6 }, 'ENCRYPTED'),
    );
    expect(
      await decryptionsOf(engine, async () => {
        opened = await engine.openCollection(edited);
      }),
    ).toBe(0);
    expect(opened?.cards[0]).toEqual({ id: 'firstONE', data: three, modifiedAt: NOW + 6 });
    // Another worker has never seen it: there it costs a decryption per card.
    const other = startEngine();
    await other.unlock(PASSWORD, record);
    expect(await decryptionsOf(other, () => other.openCollection(edited))).toBe(3);
  });

  test('sealing UNENCRYPTED while the key is held is refused as mixing', async () => {
    const { engine } = await withSecret();
    const error = await rejectionOf(engine.sealCard({ id: 'thirdTHR', data: three, modifiedAt: NOW }, 'UNENCRYPTED'));
    expect(error.kind).toBe('invalid-argument');
    expect(error.message).toBe(Messages.mixedCollection);
  });

  test('mergeCollections sends back which remote cards win, not the cards themselves', async () => {
    const { engine, collection } = await withSecret();
    const sealed = await engine.sealCard({ id: 'firstONE', data: three, modifiedAt: NOW + 1 }, 'ENCRYPTED');
    const remote = withStoredCard(collection, sealed);
    const decision = await engine.mergeCollections(asLocal(collection), asFromServer(remote));
    expect(decision).toEqual({ type: 'ENCRYPTED', fromServer: ['firstONE'] });
    expect(applyMerge(collection, remote, decision)).toEqual(remote);
  });

  test('mergeCollections refuses to mix the two kinds', async () => {
    const { engine, plain, collection } = await withSecret();
    const error = await rejectionOf(engine.mergeCollections(asLocal(plain), asFromServer(collection)));
    expect(error.kind).toBe('invalid-argument');
    expect(error.message).toBe(Messages.mixedCollection);
  });

  test('after lock, opening and sealing reject with the key-missing messages', async () => {
    const { engine, collection } = await withSecret();
    await engine.lock();
    expect(await engine.hasKey()).toBe(false);
    const error = await rejectionOf(engine.openCollection(collection));
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe(Messages.keyMissingDecrypt);
    expect((await rejectionOf(engine.decryptCollection(collection))).kind).toBe('invalid-state');
    const sealing = await rejectionOf(engine.sealCard({ id: 'thirdTHR', data: three, modifiedAt: NOW }, 'ENCRYPTED'));
    expect(sealing.message).toBe(Messages.keyMissingEncrypt);
  });

  test('decryptCollection gives the plain collection back', async () => {
    const { engine, plain, collection } = await withSecret();
    expect(await engine.decryptCollection(collection)).toEqual(plain);
  });

  test('cards encrypted under one key are all listed as unreadable under another, none opened', async () => {
    const { collection } = await withSecret();
    const other = startEngine();
    await other.createSecret('999999', emptyPlainCollection(), NOW);
    const opened = await other.openCollection(collection);
    expect(opened.cards).toEqual([]);
    expect(byId(opened.unreadable)).toEqual(
      byId(
        Object.values(collection.cards).map(({ id, modifiedAt }) => ({
          id,
          modifiedAt,
          reason: UnreadableReasons.wrongKey,
        })),
      ),
    );
  });
});
