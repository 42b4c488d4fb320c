/**
 * Key custody through the real engine worker: unlock, verify and create a secret (all or nothing), and how many
 * derivations each costs. Changing a secret: change-secret.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { CardCollection, CardData, EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection, UnreadableReasons } from '../../src/domain/card';
import { InvalidStateError, SleeveError } from '../../src/domain/errors';
import { asFromServer, asLocal } from '../../src/domain/merge-decision';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';

afterEach(stopEngines);

import { NOW, PASSWORD } from '../support/engine-collections';
import { cards, dataOf, derivationsOf, plainCollection } from '../support/engine-custody';

describe('key custody', () => {
  test('a fresh engine holds no key and has derived nothing', async () => {
    const engine = startEngine();
    expect(await engine.hasKey()).toBe(false);
    expect(await engine.derivationCount()).toBe(0);
  });

  test('createSecret holds the new key; lock drops it; unlock with the secret restores it', async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    expect(await engine.hasKey()).toBe(true);
    await engine.lock();
    expect(await engine.hasKey()).toBe(false);
    await engine.unlock(PASSWORD, record);
    expect(await engine.hasKey()).toBe(true);
    expect((await engine.openCollection(collection)).cards).toHaveLength(3);
  });

  test('a record opens in another worker (nothing but the record and the secret is needed)', async () => {
    const first = startEngine();
    const { record, collection } = await first.createSecret(PASSWORD, await plainCollection(first), NOW);
    const second = startEngine();
    await second.unlock(PASSWORD, record);
    const opened = await second.openCollection(collection);
    expect(dataOf(opened)).toEqual(expect.arrayContaining(cards.map((card) => card.data)));
    expect(opened.unreadable).toEqual([]);
  });

  test('unlock with a wrong secret rejects with an empty message caused by "Failed to decrypt data"', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret('480213', emptyPlainCollection(), NOW);
    await engine.lock();
    const error = await rejectionOf(engine.unlock('480214', record));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.message).toBe('');
    expect(error.cause).toBeInstanceOf(SleeveError);
    expect((error.cause as Error).message).toBe('Failed to decrypt data');
    expect(await engine.hasKey()).toBe(false);
  });

  test('unlock given the locked collection opens it in the same call, with one derivation', async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    await engine.lock();
    const before = await engine.derivationCount();
    const opened = await engine.unlock(PASSWORD, record, collection);
    expect((await engine.derivationCount()) - before).toBe(1);
    expect(await engine.hasKey()).toBe(true);
    expect(dataOf(opened)).toEqual(expect.arrayContaining(cards.map((card) => card.data)));
    expect(opened).toEqual(await engine.openCollection(collection));
    expect(await engine.unlock(PASSWORD, record)).toEqual({ cards: [], unreadable: [] });
  });

  test('unlock with a card that does not open keeps the key, shows the others and lists that card', async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    await engine.lock();
    const [id, card] = Object.entries(collection.cards)[0]!;
    const broken: EncryptedCollection = {
      ...collection,
      cards: { ...collection.cards, [id]: { ...card, data: { ...card.data, cipherText: 'not base64!' } } },
    };
    const opened = await engine.unlock(PASSWORD, record, broken);
    expect(await engine.hasKey()).toBe(true);
    expect(opened.cards.map((each) => each.id).sort()).toEqual(
      cards
        .map((each) => each.id)
        .filter((each) => each !== id)
        .sort(),
    );
    expect(opened.unreadable).toEqual([{ id, modifiedAt: card.modifiedAt, reason: UnreadableReasons.damaged }]);
    // A wrong secret is still told apart from unreadable cards: it fails before any card is read.
    await engine.lock();
    expect((await rejectionOf(engine.unlock('wrong', record, broken))).message).toBe('');
    expect(await engine.hasKey()).toBe(false);
  });

  test('unlock whose collection cannot be opened at all drops the key again and says why', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    await engine.lock();
    const notACollection = { type: 'ENCRYPTED', cards: null } as unknown as CardCollection;
    const error = await rejectionOf(engine.unlock(PASSWORD, record, notACollection));
    expect(error.message).not.toBe('');
    expect(await engine.hasKey()).toBe(false);
  });

  test('verify says whether a secret opens a record, without throwing and without changing the held key', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret(PASSWORD, emptyPlainCollection(), NOW);
    await engine.lock();
    expect(await engine.verify(`${PASSWORD}!`, record)).toBe(false);
    expect(await engine.verify(PASSWORD, record)).toBe(true);
    expect(await engine.hasKey()).toBe(false);
  });

  test('a second secret wraps the same key: a PIN added while unlocked opens the password-era cards', async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    const pin = await engine.createSecret('480213', collection, NOW + 1, {
      kind: 'pin',
      current: { secret: PASSWORD, record },
    });
    expect(pin.collection).toEqual(collection);
    const other = startEngine();
    await other.unlock('480213', pin.record);
    expect((await other.openCollection(collection)).cards).toHaveLength(3);
  });

  test('createSecret with no key for a non-empty ENCRYPTED collection is refused: it would orphan the cards', async () => {
    const first = startEngine();
    const { collection } = await first.createSecret(PASSWORD, await plainCollection(first), NOW);
    const second = startEngine();
    const error = await rejectionOf(second.createSecret('480213', collection, NOW));
    expect(error).toBeInstanceOf(InvalidStateError);
    expect(await second.hasKey()).toBe(false);
  });
});

describe('createSecret is all or nothing', () => {
  test('a card that cannot be encrypted fails the whole call: no key is kept and no record is returned', async () => {
    const engine = startEngine();
    const good = await plainCollection(engine);
    const [id, card] = Object.entries(good.cards)[1]!;
    // Injected mid-way: the third card's data is not serialisable card data, so encryption fails after others ran.
    const broken: PlainCollection = {
      ...good,
      cards: { ...good.cards, [id]: { ...card, data: { ...card.data, theme: 'PLAID' } as unknown as CardData } },
    };
    const outcome = await engine.createSecret(PASSWORD, broken, NOW).then(
      (result) => ({ result }),
      (error: Error) => ({ error }),
    );
    expect(outcome).not.toHaveProperty('result');
    expect('error' in outcome && outcome.error.message).toBe('Failed to encrypt data');
    expect(await engine.hasKey()).toBe(false);
    // Nothing half-made is held: sealing an encrypted card still has no key to use.
    expect((await rejectionOf(engine.sealCard(cards[0]!, 'ENCRYPTED'))).kind).toBe('invalid-state');
    // And a later, valid attempt works normally.
    await engine.createSecret(PASSWORD, good, NOW);
    expect(await engine.hasKey()).toBe(true);
  });

  test('a failure while a key is already held leaves that key held and unchanged', async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    const broken: PlainCollection = {
      type: 'UNENCRYPTED',
      cards: { abcdEFGH: { id: 'abcdEFGH', data: { number: 1 } as unknown as CardData, modifiedAt: NOW } },
    };
    const current = { secret: PASSWORD, record };
    expect((await rejectionOf(engine.createSecret('480213', broken, NOW, { current }))).message).toBe(
      'Failed to encrypt data',
    );
    expect(await engine.hasKey()).toBe(true);
    expect((await engine.openCollection(collection)).cards).toHaveLength(3);
    expect(await engine.verify(PASSWORD, record)).toBe(true);
  });
});

describe('fewest derivations', () => {
  test('createSecret = 1, unlock = 1, verify = 1, openCollection and sealCard = 0', async () => {
    const engine = startEngine();
    const plain = await plainCollection(engine);
    let created: Awaited<ReturnType<typeof engine.createSecret>> | undefined;
    expect(
      await derivationsOf(engine, async () => {
        created = await engine.createSecret(PASSWORD, plain, NOW);
      }),
    ).toBe(1);
    const { record, collection } = created!;
    expect(await derivationsOf(engine, () => engine.lock())).toBe(0);
    expect(await derivationsOf(engine, () => engine.unlock(PASSWORD, record))).toBe(1);
    expect(await derivationsOf(engine, () => engine.verify(PASSWORD, record))).toBe(1);
    expect(await derivationsOf(engine, () => engine.verify('wrong', record))).toBe(1);
    expect(await derivationsOf(engine, () => engine.openCollection(collection))).toBe(0);
    expect(await derivationsOf(engine, () => engine.sealCard(cards[0]!, 'ENCRYPTED'))).toBe(0);
    expect(await derivationsOf(engine, () => engine.decryptCollection(collection))).toBe(0);
    expect(
      await derivationsOf(engine, () => engine.mergeCollections(asLocal(collection), asFromServer(collection))),
    ).toBe(0);
    await engine.lock();
    expect(await derivationsOf(engine, () => engine.unlock('wrong', record).catch(() => undefined))).toBe(1);
  });
});
