/**
 * Which key a stored record wraps, told across tabs without its secret: two workers of one page share the origin's
 * IndexedDB as two tabs do. A record the other tab wrapped (a changed password: the same key) says yes, a replaced
 * key's record says no, a record no worker here opened says it cannot tell, and a locked worker holds nothing to tell.
 */
import { afterEach, expect, test } from 'vitest';
import type { EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const FIRST = 'First password 1!é';
const SECOND = 'Second password 2?🔑';
const THIRD = 'Third password 3#ñ';
const NOW = 1_722_000_000_000;
const cards = makeCards(311, 2);
const plain: PlainCollection = { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, card])) };

test("a tab tells whether the other tab's new record wraps the key it holds", async () => {
  const writer = startEngine();
  const follower = startEngine();
  const first = await writer.createSecret(FIRST, plain, NOW);
  await follower.unlock(FIRST, first.record);

  const changed = await writer.changeSecret(FIRST, first.record, SECOND, NOW + 1);
  expect(await follower.heldKeyWraps(changed)).toBe(true);
  // Re-dated (this device's key kept over a newer record): the same wrapped key.
  expect(await follower.heldKeyWraps({ ...changed, modifiedAt: NOW + 5 })).toBe(true);

  await writer.setRetiredKeys(null);
  const replaced = await writer.replaceKey(SECOND, changed, THIRD, first.collection as EncryptedCollection, NOW + 2);
  await writer.keepReplacedKey(replaced.record);
  expect(await follower.heldKeyWraps(replaced.record)).toBe(false);
  expect(await writer.heldKeyWraps(replaced.record)).toBe(true);
  expect(await writer.heldKeyWraps(changed)).toBe(false);
});

test('a record no worker here opened cannot be told, and a locked worker tells nothing', async () => {
  const elsewhere = startEngine();
  const other = await elsewhere.createSecret(FIRST, plain, NOW);
  const here = startEngine();
  await here.createSecret(SECOND, plain, NOW);
  // Written by another device's worker, but with the same origin here: forget it by altering its wrapped key.
  const unknown = { ...other.record, salt: other.record.salt.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
  expect(await here.heldKeyWraps(unknown)).toBeNull();
  await here.lock();
  expect(await here.heldKeyWraps(other.record)).toBeNull();
});
