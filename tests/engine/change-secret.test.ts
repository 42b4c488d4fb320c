/** Changing a secret in the real engine worker: what it costs in derivations, when a verify's proof is used, and what it refuses. */
import { afterEach, describe, expect, test } from 'vitest';
import type { CardCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';

afterEach(stopEngines);

import { type Engine, NOW, PASSWORD } from '../support/engine-collections';
import { cards, dataOf, derivationsOf, plainCollection } from '../support/engine-custody';

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
