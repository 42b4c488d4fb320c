/**
 * Key custody through the real engine worker: unlock, verify, create and change a secret, and how many derivations
 * each costs.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { CardCollection, CardData, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection, UnreadableReasons } from '../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { asFromServer, asLocal } from '../../src/domain/merge-decision';
import type { SecretRecord } from '../../src/domain/secret';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const NOW = 1_722_000_000_000;
const PASSWORD = 'correct horse battery staple';
const cards = makeCards(11, 3);

type Engine = ReturnType<typeof startEngine>;

/** The seeded cards as a plain collection, each sealed by the engine as the page saves a card. */
async function plainCollection(engine: Engine): Promise<PlainCollection> {
  const collection: PlainCollection = emptyPlainCollection();
  for (const card of cards) collection.cards[card.id] = (await engine.sealCard(card, 'UNENCRYPTED')) as PlainCard;
  return collection;
}

const dataOf = (opened: { cards: PlainCard[] }) => opened.cards.map((card) => card.data);

/** Runs `action` and returns how many derivations it cost inside the worker. */
async function derivationsOf(engine: Engine, action: () => Promise<unknown>) {
  const before = await engine.derivationCount();
  await action();
  return (await engine.derivationCount()) - before;
}

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

describe('changeSecret', () => {
  const NEXT = 'a new passphrase, longer';

  /** An unlocked wallet with a password and a PIN over the same key, and its cards stored encrypted. */
  async function wallet() {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, await plainCollection(engine), NOW);
    const pin = await engine.createSecret('480213', collection, NOW + 1, { current: { secret: PASSWORD, record } });
    return { engine, record, pinRecord: pin.record, collection };
  }

  /** changeSecret's result and how many derivations it cost. */
  async function change(engine: Engine, current: string, record: SecretRecord) {
    let next: SecretRecord | undefined;
    const derivations = await derivationsOf(engine, async () => {
      next = await engine.changeSecret(current, record, NEXT, NOW + 10);
    });
    return { next: next!, derivations };
  }

  /** The new record, in a worker that never saw the old one, opens with the new secret and shows the old cards. */
  async function expectOpensTheCards(next: SecretRecord, collection: CardCollection) {
    const other = startEngine();
    expect(await other.verify(PASSWORD, next)).toBe(false);
    const opened = await other.unlock(NEXT, next, collection);
    expect(opened.unreadable).toEqual([]);
    expect(dataOf(opened)).toEqual(expect.arrayContaining(cards.map((card) => card.data)));
    expect(opened.cards).toHaveLength(cards.length);
  }

  test('after a verify of the same secret and record it costs one derivation, for the new secret', async () => {
    const { engine, record, collection } = await wallet();
    expect(await engine.verify(PASSWORD, record)).toBe(true);
    const { next, derivations } = await change(engine, PASSWORD, record);
    expect(derivations).toBe(1);
    expect(next.modifiedAt).toBe(NOW + 10);
    expect(next.salt).not.toBe(record.salt);
    await expectOpensTheCards(next, collection);
    // Custody does not change: the key is still held, and the old record still opens with the old secret.
    expect(await engine.hasKey()).toBe(true);
    expect((await engine.openCollection(collection)).cards).toHaveLength(cards.length);
    expect(await engine.verify(PASSWORD, record)).toBe(true);
  });

  test('without a verify it opens the record itself: two derivations, and the new record works the same', async () => {
    const { engine, record, collection } = await wallet();
    const { next, derivations } = await change(engine, PASSWORD, record);
    expect(derivations).toBe(2);
    await expectOpensTheCards(next, collection);
  });

  test('the proof is used once: a second change after one verify costs two derivations', async () => {
    const { engine, record } = await wallet();
    await engine.verify(PASSWORD, record);
    expect((await change(engine, PASSWORD, record)).derivations).toBe(1);
    expect((await change(engine, PASSWORD, record)).derivations).toBe(2);
  });

  test('lock drops the proof', async () => {
    const { engine, record } = await wallet();
    await engine.verify(PASSWORD, record);
    await engine.lock();
    await engine.unlock(PASSWORD, record);
    expect((await change(engine, PASSWORD, record)).derivations).toBe(2);
  });

  test('another verify drops the proof, whether it succeeds or not', async () => {
    const { engine, record, pinRecord } = await wallet();
    await engine.verify(PASSWORD, record);
    expect(await engine.verify('wrong', record)).toBe(false);
    expect((await change(engine, PASSWORD, record)).derivations).toBe(2);

    await engine.verify(PASSWORD, record);
    expect(await engine.verify('480213', pinRecord)).toBe(true);
    expect((await change(engine, PASSWORD, record)).derivations).toBe(2);
  });

  test('a proof for another record is not used', async () => {
    const { engine, record, pinRecord } = await wallet();
    await engine.verify('480213', pinRecord);
    expect((await change(engine, PASSWORD, record)).derivations).toBe(2);
    // The same key and salt with another date is another record.
    await engine.verify(PASSWORD, record);
    const redated = { ...record, modifiedAt: record.modifiedAt + 1 };
    const { next, derivations } = await change(engine, PASSWORD, redated);
    expect(derivations).toBe(2);
    expect(await engine.verify(NEXT, next)).toBe(true);
  });

  test('a proof for another secret is not used: a wrong current secret is refused even right after a verify', async () => {
    const { engine, record, collection } = await wallet();
    expect(await engine.verify(PASSWORD, record)).toBe(true);
    let error: Error = new Error('not called');
    expect(
      await derivationsOf(engine, async () => {
        error = await rejectionOf(engine.changeSecret(`${PASSWORD}!`, record, NEXT, NOW + 10));
      }),
    ).toBe(1);
    expect(error.message).toBe('');
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
    expect(await engine.hasKey()).toBe(true);
    expect((await engine.openCollection(collection)).cards).toHaveLength(cards.length);
  });

  test('a wrong current secret rejects as unlock does and leaves the held key as it was', async () => {
    const { engine, record, collection } = await wallet();
    const error = await rejectionOf(engine.changeSecret('wrong', record, NEXT, NOW + 10));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.message).toBe('');
    expect(error.cause).toBeInstanceOf(SleeveError);
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
    expect(await engine.hasKey()).toBe(true);
    expect((await engine.openCollection(collection)).cards).toHaveLength(cards.length);
  });

  test('a record that wraps another key is refused with refreshAndUnlock, with or without a verify', async () => {
    const { engine, collection } = await wallet();
    const elsewhere = startEngine();
    const stale = await elsewhere.createSecret(PASSWORD, emptyPlainCollection(), NOW);
    for (const verifyFirst of [false, true]) {
      if (verifyFirst) expect(await engine.verify(PASSWORD, stale.record)).toBe(true);
      const error = await rejectionOf(engine.changeSecret(PASSWORD, stale.record, NEXT, NOW + 10));
      expect(error).toBeInstanceOf(InvalidStateError);
      expect(error.message).toBe(Messages.refreshAndUnlock);
    }
    expect((await engine.openCollection(collection)).cards).toHaveLength(cards.length);
  });

  test('with no key held it is refused with refreshAndUnlock, before any derivation', async () => {
    const { engine, record } = await wallet();
    await engine.lock();
    let error: Error & { kind?: string } = new Error('not called');
    expect(
      await derivationsOf(engine, async () => {
        error = await rejectionOf(engine.changeSecret(PASSWORD, record, NEXT, NOW + 10));
      }),
    ).toBe(0);
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe(Messages.refreshAndUnlock);
    expect(await engine.hasKey()).toBe(false);
  });

  test('the PIN can be changed the same way, and the new PIN record opens the cards', async () => {
    const { engine, pinRecord, collection } = await wallet();
    await engine.verify('480213', pinRecord);
    const { next, derivations } = await change(engine, '480213', pinRecord);
    expect(derivations).toBe(1);
    await expectOpensTheCards(next, collection);
  });
});
