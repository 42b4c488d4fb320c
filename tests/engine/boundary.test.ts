/**
 * The worker boundary: every message that crosses between the app and the engine worker, in both directions, is
 * recorded during a full session, and none of them is or contains a key, raw key bytes or derived bits. Errors
 * cross with their kind and cause, since the screens tell a wrong secret from a refusal by them.
 */
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import type { EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { NO_DETAILS } from '../../src/domain/card-details';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { asFromServer, asLocal } from '../../src/domain/merge-decision';
import { withStoredCard } from '../../src/domain/stored-cards';
import { expectNoKeyMaterial, recordedEngine } from '../support/boundary';
import { badCards, encryptedCollection, keyOf } from '../support/crafted-cards';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const PASSWORD = 'correct horse battery staple';

test('nothing that crosses the boundary is or contains a CryptoKey, a 32-byte raw key or derived bits', async () => {
  const { engine, messages, stop } = recordedEngine();
  onTestFinished(stop);
  const plain: PlainCollection = emptyPlainCollection();
  for (const card of makeCards(5, 3)) plain.cards[card.id] = (await engine.sealCard(card, 'UNENCRYPTED')) as PlainCard;
  const { record, collection } = await engine.createSecret(PASSWORD, plain, 2);
  const pin = await engine.createSecret('480213', collection, 3, {
    kind: 'pin',
    current: { secret: PASSWORD, record },
  });
  await engine.lock();
  await engine.unlock('480214', pin.record).catch(() => undefined);
  await engine.unlock('480213', pin.record, collection);
  await engine.verify(PASSWORD, record);
  const changed = await engine.changeSecret(PASSWORD, record, 'another passphrase', 4);
  await engine.changeSecret('480213', pin.record, '135790', 4);
  await engine.changeSecret('wrong', changed, 'whatever', 4).catch(() => undefined);
  // A replaced key: the new record and the cards under the new key cross, never the key itself.
  await engine.setRetiredKeys(null);
  const replaced = await engine.replaceKey(PASSWORD, record, 'a replaced key', collection as EncryptedCollection, 4);
  await engine.keepReplacedKey(replaced.record);
  // The old key, retired: cards under it open and are sealed again; only ciphertext and cards cross.
  await engine.setRetiredKeys(replaced.retired);
  await engine.openCollection(collection);
  await engine.sealAgain(Object.values((collection as EncryptedCollection).cards));
  await engine.lock();
  await engine.unlock('480213', pin.record, collection);
  const added = withStoredCard(collection, await engine.sealCard(makeCards(6, 1)[0]!, 'ENCRYPTED'));
  // A card's details: the plaintext goes in and comes out, the record crosses, the key does not.
  const details = { details: { ...NO_DETAILS, pin: '0481', notes: 'travel' }, unknown: {} };
  await engine.openDetails([await engine.sealDetails(makeCards(6, 1)[0]!.id, 5, details)]);
  // Cards that do not open, listed with their reasons.
  const bad = await badCards(await keyOf(PASSWORD, record), makeCards(8, 1)[0]!.data, 5);
  const withBad = encryptedCollection([...Object.values(added.cards), ...bad.map((each) => each.card)]);
  expect((await engine.openCollection(withBad)).unreadable).toHaveLength(bad.length);
  await engine.decryptCollection(withBad).catch(() => undefined);
  await engine.mergeCollections(asLocal(collection), asFromServer(added));
  await engine.decryptCollection(added);
  // Refused while a key is held and no current secret is shown: nothing but the refusal comes back.
  await engine.createSecret('big wallet secret', emptyPlainCollection(), 5).catch(() => undefined);
  // A collection large enough to cross as JSON text, opened, merged and decrypted too: a new wallet, once locked.
  await engine.lock();
  let many: PlainCollection = emptyPlainCollection();
  for (const card of makeCards(7, 70)) many.cards[card.id] = card;
  const bulk = await engine.createSecret('big wallet secret', many, 5);
  await engine.openCollection(bulk.collection);
  // Another tab's stored text, read: the collection comes back as it was stored.
  expect(await engine.readStoredCards(JSON.stringify(bulk.collection))).toEqual({
    ok: true,
    collection: bulk.collection,
  });
  await engine.mergeCollections(asLocal(bulk.collection), asFromServer(bulk.collection));
  many = await engine.decryptCollection(bulk.collection);
  expect(Object.keys(many.cards)).toHaveLength(70);
  await engine.derivationCount();

  expect(messages.length).toBeGreaterThan(20);
  expect(messages.some((message) => JSON.stringify(message).includes('sleeve-cards-json'))).toBe(true);
  expectNoKeyMaterial(messages);
});

describe('errors keep their kind and cause across the boundary', () => {
  test('a wrong secret: a SleeveError with an empty message, caused by the decryption failure', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret('480213', emptyPlainCollection(), 1);
    const error = await rejectionOf(engine.unlock('480214', record));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.kind).toBe('general');
    expect(error.message).toBe('');
    expect(error.cause).toBeInstanceOf(SleeveError);
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
  });

  test('an action at the wrong time arrives as InvalidStateError, bad input as InvalidArgumentError', async () => {
    const engine = startEngine();
    const missing = await rejectionOf(engine.openCollection({ type: 'ENCRYPTED', cards: {} }));
    expect(missing).toBeInstanceOf(InvalidStateError);
    expect(missing).toMatchObject({ kind: 'invalid-state', name: 'InvalidStateError' });
    expect(missing.message).toBe(Messages.keyMissingDecrypt);
    const bad = await rejectionOf(
      engine.sealCard({ id: 'short', data: makeCards(9, 1)[0]!.data, modifiedAt: 1 }, 'UNENCRYPTED'),
    );
    expect(bad).toBeInstanceOf(InvalidArgumentError);
    expect(bad).toMatchObject({ kind: 'invalid-argument', name: 'InvalidArgumentError' });
  });

  test('a refusal to carry cards over names the card that did not open in its cause', async () => {
    const engine = startEngine();
    const cards = makeCards(10, 2);
    const { record, collection } = await engine.createSecret(
      PASSWORD,
      {
        type: 'UNENCRYPTED',
        cards: Object.fromEntries(cards.map((card) => [card.id, card])),
      },
      1,
    );
    const other = (await badCards(await keyOf(PASSWORD, record), cards[0]!.data, 2)).find(
      (each) => each.what === 'encrypted under another key',
    )!;
    const withOther: EncryptedCollection = encryptedCollection([...Object.values(collection.cards), other.card]);
    const error = await rejectionOf(engine.decryptCollection(withOther));
    expect(error).toBeInstanceOf(InvalidStateError);
    expect(error.message).toBe(Messages.unreadableKeepPin);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toContain(other.card.id);
  });
});
