/**
 * Key custody at the boundary: every message that crosses between the app and the engine worker, in both
 * directions, is recorded during a full session, and none of them is or contains a key, raw key bytes or
 * derived bits.
 */
import { afterEach, expect, test } from 'vitest';
import { emptyPlainCollection, type PlainCollection } from '../../src/domain/card';
import { createEngine } from '../../src/engine';
import { makeCards } from '../support/seeded';

const workers: Worker[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) worker.terminate();
});

function recordedEngine() {
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' });
  workers.push(worker);
  const messages: unknown[] = [];
  const send = worker.postMessage.bind(worker) as (message: unknown, transfer?: Transferable[]) => void;
  worker.postMessage = ((message: unknown, transfer?: Transferable[]) => {
    messages.push(message);
    send(message, transfer ?? []);
  }) as Worker['postMessage'];
  worker.addEventListener('message', (event) => messages.push(event.data));
  return { engine: createEngine(worker), messages };
}

/** JSON text, as large collections cross the boundary (src/domain/collection-transfer.ts), read back as data. */
function parsedJson(text: string): unknown {
  if (!/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every leaf reachable from `value`, with its path, so a failure says where the offending value was. Strings that
 * hold JSON are searched inside too, so nothing hides in a collection sent as text.
 */
function* leaves(value: unknown, path = '$', seen = new Set<unknown>()): Generator<[string, unknown]> {
  yield [path, value];
  if (typeof value === 'string') {
    const inner = parsedJson(value);
    if (inner !== undefined) yield* leaves(inner, `${path}<json>`, seen);
    return;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return;
  for (const [key, child] of Object.entries(value)) yield* leaves(child, `${path}.${key}`, seen);
}

function decodesTo32Bytes(text: string): boolean {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return false;
  return atob(text).length === 32;
}

test('nothing that crosses the boundary is or contains a CryptoKey, a 32-byte raw key or derived bits', async () => {
  const { engine, messages } = recordedEngine();
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
  for (const message of messages) {
    for (const [path, value] of leaves(message)) {
      expect(value instanceof CryptoKey, path).toBe(false);
      if (value instanceof ArrayBuffer) expect(value.byteLength, path).not.toBe(32);
      if (ArrayBuffer.isView(value)) expect(value.byteLength, path).not.toBe(32);
      if (typeof value === 'string') expect(decodesTo32Bytes(value), `${path} = ${value}`).toBe(false);
    }
  }
});
