/**
 * Key custody at the boundary: every message that crosses between the app and the engine worker, in both
 * directions, is recorded during a full session, and none of them is or contains a key, raw key bytes or
 * derived bits.
 */
import { expect, onTestFinished, test } from 'vitest';
import { emptyPlainCollection, type PlainCollection } from '../../src/domain/card';
import { expectNoKeyMaterial, recordedEngine } from '../support/boundary';
import { makeCards } from '../support/seeded';

test('nothing that crosses the boundary is or contains a CryptoKey, a 32-byte raw key or derived bits', async () => {
  const { engine, messages, stop } = recordedEngine();
  onTestFinished(stop);
  let plain: PlainCollection = emptyPlainCollection();
  for (const card of makeCards(5, 3)) {
    plain = (await engine.putCard(plain, { data: card.data }, 1)).collection as PlainCollection;
  }
  const { record, collection } = await engine.createSecret('correct horse battery staple', plain, 2);
  const pin = await engine.createSecret('480213', collection, 3);
  await engine.lock();
  await engine.unlock('480214', pin.record).catch(() => undefined);
  await engine.unlock('480213', pin.record);
  await engine.verify('correct horse battery staple', record);
  const added = await engine.putCard(collection, { data: makeCards(6, 1)[0]!.data }, 4);
  await engine.openCollection(added.collection);
  await engine.mergeCollections(collection, added.collection);
  await engine.decryptCollection(added.collection);
  // A collection large enough to cross as JSON text, opened, merged and decrypted too.
  let many: PlainCollection = emptyPlainCollection();
  for (const card of makeCards(7, 70)) many.cards[card.id] = card;
  const bulk = await engine.createSecret('big wallet secret', many, 5);
  await engine.openCollection(bulk.collection);
  await engine.mergeCollections(bulk.collection, bulk.collection);
  many = await engine.decryptCollection(bulk.collection);
  expect(Object.keys(many.cards)).toHaveLength(70);
  await engine.derivationCount();

  expect(messages.length).toBeGreaterThan(20);
  expect(messages.some((message) => JSON.stringify(message).includes('sleeve-cards-json'))).toBe(true);
  expectNoKeyMaterial(messages);
});
