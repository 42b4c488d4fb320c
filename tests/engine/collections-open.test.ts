/** Opening stored cards card by card through the real engine worker, and the last secret kept while a card does not open. */
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import type { EncryptedCollection, OpenedCards, PlainCollection } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import { CARDS_PER_PART, type CardParts } from '../../src/domain/card-parts';
import { COLLECTION_TRANSFER } from '../../src/domain/collection-transfer';
import { Messages, SleeveError } from '../../src/domain/errors';
import { recordedEngine } from '../support/boundary';
import { type BadCard, encryptedCollection, tampered } from '../support/crafted-cards';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';

afterEach(stopEngines);

import {
  byId,
  datedCards,
  decryptionsOf,
  expectOpened,
  NOW,
  newestFirst,
  one,
  PASSWORD,
  plainOf,
  walletWithBadCards,
} from '../support/engine-collections';

describe('opening card by card', () => {
  test('every good card opens, newest first, and each bad one is listed once with its id, date and reason', async () => {
    const engine = startEngine();
    const { good, bad, mixed } = await walletWithBadCards(engine, 6);
    expect(bad.map((each) => each.what)).toEqual([
      'bad base64',
      'tampered ciphertext',
      'encrypted under another key',
      'plaintext not JSON',
      'plaintext not UTF-8',
      'unknown network',
      'unknown theme',
      'two cards in one plaintext',
      'structurally damaged entry',
    ]);
    expectOpened(await engine.openCollection(mixed), good, bad);
  });

  test('unlocking with such a collection succeeds the same way, with one derivation', async () => {
    const engine = startEngine();
    const { good, bad, record, mixed } = await walletWithBadCards(engine, 6);
    await engine.lock();
    const before = await engine.derivationCount();
    const opened = await engine.unlock(PASSWORD, record, mixed);
    expect((await engine.derivationCount()) - before).toBe(1);
    expect(await engine.hasKey()).toBe(true);
    expectOpened(opened, good, bad);
  });

  test('a wrong secret still rejects, whatever the collection holds, and holds no key', async () => {
    const engine = startEngine();
    const { record, mixed } = await walletWithBadCards(engine, 3);
    await engine.lock();
    const error = await rejectionOf(engine.unlock(`${PASSWORD}!`, record, mixed));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.message).toBe('');
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
    expect(await engine.hasKey()).toBe(false);
  });

  test('a stored value that is no collection fails the unlock once it has settled, and holds no key', async () => {
    const engine = startEngine();
    const { record, collection } = await walletWithBadCards(engine, 3);
    await engine.lock();
    const before = await engine.derivationCount();
    const broken = { type: 'ENCRYPTED', cards: null } as unknown as EncryptedCollection;
    await expect(engine.unlock(PASSWORD, record, broken)).rejects.toThrow();
    // The derivation ran to its end and the key it gave was dropped; the right collection then opens as before.
    expect((await engine.derivationCount()) - before).toBe(1);
    expect(await engine.hasKey()).toBe(false);
    expect((await engine.unlock(PASSWORD, record, collection)).unreadable).toEqual([]);
  });

  test('bad cards are never remembered: opening again decrypts them again, and only them', async () => {
    const engine = startEngine();
    const { good, bad, mixed } = await walletWithBadCards(engine, 6);
    // Structural damage is found before decryption; every other card goes through the key once.
    const decrypted = bad.filter((each) => each.what !== 'structurally damaged entry').length;
    expect(await decryptionsOf(engine, () => engine.openCollection(mixed))).toBe(good.length + decrypted);
    let again: OpenedCards | undefined;
    expect(
      await decryptionsOf(engine, async () => {
        again = await engine.openCollection(mixed);
      }),
    ).toBe(decrypted);
    expectOpened(again!, good, bad);
  });

  test('a tampered copy of a card opened before is decrypted again and listed, not taken from memory', async () => {
    const engine = startEngine();
    const { good, collection } = await walletWithBadCards(engine, 4);
    await engine.openCollection(collection);
    const victim = Object.values(collection.cards)[2]!;
    const changed = encryptedCollection([...Object.values(collection.cards), tampered(victim, 0)]);
    let opened: OpenedCards | undefined;
    expect(
      await decryptionsOf(engine, async () => {
        opened = await engine.openCollection(changed);
      }),
    ).toBe(1);
    expect(opened?.cards).toEqual(newestFirst(good.filter((card) => card.id !== victim.id)));
    expect(opened?.unreadable).toEqual([
      { id: victim.id, modifiedAt: victim.modifiedAt, reason: UnreadableReasons.wrongKey },
    ]);
  });

  test('a plain collection opens card by card too: bad entries are listed, good ones shown', async () => {
    const engine = startEngine();
    const good = datedCards(32, 3);
    const collection = plainOf(good) as { type: 'UNENCRYPTED'; cards: Record<string, unknown> };
    collection.cards.netwNOPE = { id: 'netwNOPE', data: { ...one, network: 'NOPE' }, modifiedAt: NOW - 1 };
    collection.cards.elsewher = { id: 'misplace', data: one, modifiedAt: NOW - 2 };
    collection.cards.badDate0 = { id: 'badDate0', data: one, modifiedAt: 'yesterday' };
    const opened = await engine.openCollection(collection as PlainCollection);
    expect(opened.cards).toEqual(newestFirst(good));
    expect(byId(opened.unreadable)).toEqual([
      { id: 'badDate0', modifiedAt: 0, reason: 'its date is damaged' },
      { id: 'elsewher', modifiedAt: NOW - 2, reason: 'its id does not match where it is stored' },
      { id: 'netwNOPE', modifiedAt: NOW - 1, reason: 'its network "NOPE" is unknown' },
    ]);
  });

  test('a large collection with bad cards mixed in crosses as JSON parts and opens card by card', async () => {
    const { engine, messages, stop } = recordedEngine();
    onTestFinished(stop);
    const { good, bad, mixed } = await walletWithBadCards(engine, 90);
    const from = messages.length;
    const opened = await engine.openCollection(mixed);
    expectOpened(opened, good, bad);
    // Both the collection sent and the cards sent back went as JSON parts, at most CARDS_PER_PART cards each.
    const [request, reply] = messages.slice(from) as [
      { argumentList: { type: string; name?: string; value: CardParts }[] },
      { type: string; name?: string; value: CardParts },
    ];
    expect(request.argumentList[0]).toMatchObject({ type: 'HANDLER', name: COLLECTION_TRANSFER });
    expect(reply).toMatchObject({ type: 'HANDLER', name: COLLECTION_TRANSFER });
    const partsOf = (parts: CardParts) => parts.pieces.map((piece) => [piece.path.join('.'), piece.parts.length]);
    const sent = Object.keys(mixed.cards).length;
    expect(partsOf(request.argumentList[0]!.value)).toEqual([['cards', Math.ceil(sent / CARDS_PER_PART)]]);
    expect(partsOf(reply.value)).toEqual([['cards', Math.ceil(good.length / CARDS_PER_PART)]]);
  });

  test('a large collection where most cards do not open lists them all, and unlock gives the same', async () => {
    const engine = startEngine();
    const { good, bad, record, collection } = await walletWithBadCards(engine, 3);
    // 70 copies of cards that do not open, each under its own id and date: the unreadable list alone is large.
    const many: BadCard[] = [];
    for (let index = 0; index < 70; index++) {
      const each = bad[index % bad.length]!;
      const id = `bad${String(index).padStart(5, '0')}`;
      many.push({ ...each, card: { ...each.card, id, modifiedAt: NOW - 10_000 - index } });
    }
    const mixed = encryptedCollection([...Object.values(collection.cards), ...many.map((each) => each.card)]);
    expectOpened(await engine.openCollection(mixed), good, many);
    await engine.lock();
    expectOpened(await engine.unlock(PASSWORD, record, mixed), good, many);
  });
});

describe('removing the last secret is refused while a card does not open', () => {
  test.each([
    'bad base64',
    'tampered ciphertext',
    'encrypted under another key',
    'unknown theme',
    'structurally damaged entry',
  ])('%s: refused, the key still held and every card as it was', async (what) => {
    const engine = startEngine();
    const { good, bad, collection } = await walletWithBadCards(engine, 3);
    const culprit = bad.find((each) => each.what === what)!;
    const withCulprit = encryptedCollection([...Object.values(collection.cards), culprit.card]);
    const error = await rejectionOf(engine.decryptCollection(withCulprit));
    expect(error.message).toBe(Messages.unreadableKeepPin);
    expect(error.kind).toBe('invalid-state');
    expect(await engine.hasKey()).toBe(true);
    expectOpened(await engine.openCollection(withCulprit), good, [culprit]);
    // Once the card is gone, the same key decrypts the rest.
    expect(await engine.decryptCollection(collection)).toEqual(plainOf(good));
  });
});
