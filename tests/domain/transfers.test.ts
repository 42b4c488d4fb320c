/**
 * The one registration of the worker boundary's transfer handlers: idempotent, errors rebuilt with their kind and
 * cause, and large card values sent as JSON parts that read back exactly.
 */
import { transferHandlers } from 'comlink';
import { describe, expect, test } from 'vitest';
import type { OpenedCards, PlainCollection, UnreadableCard } from '../../src/domain/card';
import {
  CARDS_PER_PART,
  type CardParts,
  JSON_TRANSFER_MIN_CARDS,
  partsInSlices,
  partsNow,
} from '../../src/domain/card-parts';
import { COLLECTION_TRANSFER, PartedValue } from '../../src/domain/collection-transfer';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { nextTask, SLICE_MS } from '../../src/domain/next-task';
import { registerTransfers } from '../../src/domain/transfers';
import { makeCards } from '../support/seeded';

/** What registerTransfers needs to find and replace: Comlink's own 'throw' handler, and a place for the rest. */
interface Handler {
  canHandle: (value: unknown) => boolean;
  serialize: (value: never) => [unknown, Transferable[]];
  deserialize: (value: never) => unknown;
}

const THROWN = Symbol('thrown');

/** A clock that moves `msEach` each time it is read: once before the first part and once after each. */
function partClock(msEach: number): () => number {
  let time = 0;
  return () => {
    time += msEach;
    return time;
  };
}

/** How many tasks of other work ran while `work` was going on. */
async function tasksDuring(work: () => Promise<unknown>): Promise<number> {
  let tasks = 0;
  let working = true;
  const watching = (async () => {
    while (working) {
      await nextTask();
      if (working) tasks += 1;
    }
  })();
  await work();
  working = false;
  await watching;
  return tasks;
}

/** A handler map shaped like Comlink's, with a built-in 'throw' handler that knows thrown values by a marker. */
function comlinkLike(): Map<string, Handler> {
  const builtIn: Handler = {
    canHandle: (value): value is unknown => typeof value === 'object' && value !== null && THROWN in value,
    serialize: () => {
      throw new Error('the built-in handler must have been replaced');
    },
    deserialize: () => {
      throw new Error('the built-in handler must have been replaced');
    },
  };
  return new Map([['throw', builtIn]]);
}

const register = (handlers: Map<string, Handler>) =>
  registerTransfers(handlers as Parameters<typeof registerTransfers>[0]);

/** The error as the other side of the boundary sees it: serialised, cloned as postMessage would, rebuilt. */
function acrossTheBoundary(handlers: Map<string, Handler>, error: unknown): unknown {
  const handler = handlers.get('throw')!;
  const thrown = { [THROWN]: true, value: error };
  expect(handler.canHandle(thrown)).toBe(true);
  const [wire] = handler.serialize(thrown as never);
  try {
    handler.deserialize(structuredClone(wire) as never);
  } catch (rebuilt) {
    return rebuilt;
  }
  throw new Error('deserialising a thrown value must throw');
}

describe('registerTransfers', () => {
  test('replaces the built-in error handler and adds the collection handler', () => {
    const handlers = comlinkLike();
    const builtIn = handlers.get('throw');
    register(handlers);
    expect(handlers.get('throw')).not.toBe(builtIn);
    expect(handlers.has(COLLECTION_TRANSFER)).toBe(true);
    // The replacement still knows thrown values by Comlink's own marker, and nothing else.
    expect(handlers.get('throw')!.canHandle({ [THROWN]: true, value: 1 })).toBe(true);
    expect(handlers.get('throw')!.canHandle(new Error('returned, not thrown'))).toBe(false);
  });

  test('is idempotent: a second registration changes nothing', () => {
    const handlers = comlinkLike();
    register(handlers);
    const once = new Map(handlers);
    register(handlers);
    expect([...handlers.keys()]).toEqual([...once.keys()]);
    for (const [name, handler] of handlers) expect(handler, name).toBe(once.get(name));
    // The error handler was not wrapped around itself: errors still cross once, as they were.
    const rebuilt = acrossTheBoundary(handlers, new InvalidStateError(Messages.refreshAndUnlock));
    expect(rebuilt).toBeInstanceOf(InvalidStateError);
  });

  test("each map is registered on its own, and one without Comlink's error handler is refused", () => {
    const first = comlinkLike();
    const second = comlinkLike();
    register(first);
    register(second);
    expect(second.has(COLLECTION_TRANSFER)).toBe(true);
    expect(() => register(new Map())).toThrow(/throw/);
  });

  test("on Comlink's own map, twice, as the page and a test helper both do", () => {
    registerTransfers(transferHandlers);
    const registered = new Map(transferHandlers);
    registerTransfers(transferHandlers);
    expect(new Map(transferHandlers)).toEqual(registered);
    expect(transferHandlers.has(COLLECTION_TRANSFER)).toBe(true);
  });
});

describe('errors across the boundary', () => {
  const handlers = comlinkLike();
  register(handlers);

  test('keep their kind, name and message', () => {
    const state = acrossTheBoundary(handlers, new InvalidStateError(Messages.keyMissingDecrypt)) as SleeveError;
    expect(state).toBeInstanceOf(InvalidStateError);
    expect(state).toMatchObject({
      kind: 'invalid-state',
      name: 'InvalidStateError',
      message: Messages.keyMissingDecrypt,
    });
    const argument = acrossTheBoundary(handlers, new InvalidArgumentError(Messages.mixedCollection)) as SleeveError;
    expect(argument).toBeInstanceOf(InvalidArgumentError);
    expect(argument.kind).toBe('invalid-argument');
  });

  test('keep their cause: a wrong secret is an empty message caused by the decryption failure', () => {
    const wrong = new SleeveError('', {
      cause: new SleeveError(Messages.decryptFailed, { cause: new Error('OperationError') }),
    });
    const rebuilt = acrossTheBoundary(handlers, wrong) as SleeveError;
    expect(rebuilt).toBeInstanceOf(SleeveError);
    expect(rebuilt.message).toBe('');
    expect(rebuilt.cause).toBeInstanceOf(SleeveError);
    expect((rebuilt.cause as Error).message).toBe(Messages.decryptFailed);
    expect(((rebuilt.cause as Error).cause as Error).message).toBe('OperationError');
  });

  test('a platform error or a thrown non-error still arrives as an error with its text', () => {
    const type = acrossTheBoundary(handlers, new TypeError('x is not a function')) as SleeveError;
    expect(type).toMatchObject({ kind: 'general', name: 'TypeError', message: 'x is not a function' });
    expect((acrossTheBoundary(handlers, 'just text') as Error).message).toBe('just text');
  });
});

describe('large card values in JSON parts', () => {
  const handlers = comlinkLike();
  register(handlers);
  const handler = handlers.get(COLLECTION_TRANSFER)!;
  /** Serialised, sent as postMessage would (its buffers transferred), received as parts, read as the worker does. */
  const roundTrip = (value: unknown) => {
    const [wire, transfer] = handler.serialize(value as never);
    const received = handler.deserialize(structuredClone(wire, { transfer }) as never);
    expect(received).toBeInstanceOf(PartedValue);
    return partsNow.read((received as PartedValue).parts);
  };

  const cards = makeCards(3, CARDS_PER_PART + JSON_TRANSFER_MIN_CARDS);
  const unreadable: UnreadableCard[] = cards.map(({ id, modifiedAt }) => ({ id, modifiedAt, reason: 'damaged' }));
  const collection = (count: number): PlainCollection => ({
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(cards.slice(0, count).map((card) => [card.id, card])),
  });

  test('opened cards go in parts once either list is large, and read back exactly, in order', () => {
    const large: OpenedCards = { cards, unreadable: unreadable.slice(0, 2) };
    expect(handler.canHandle(large)).toBe(true);
    const parts = handler.serialize(large as never)[0] as CardParts;
    // A part holds at most CARDS_PER_PART cards: here one full part and the rest.
    expect(parts.pieces.map((piece) => [piece.path, piece.parts.length])).toEqual([[['cards'], 2]]);
    expect(roundTrip(large)).toEqual(large);
    const allUnreadable: OpenedCards = { cards: [], unreadable };
    expect(handler.canHandle(allUnreadable)).toBe(true);
    expect(roundTrip(allUnreadable)).toEqual(allUnreadable);
    const both: OpenedCards = { cards, unreadable };
    expect(roundTrip(both)).toEqual(both);
  });

  test('small values keep structured clone', () => {
    const small = JSON_TRANSFER_MIN_CARDS - 1;
    expect(handler.canHandle({ cards: cards.slice(0, small), unreadable: unreadable.slice(0, small) })).toBe(false);
    expect(handler.canHandle(collection(small))).toBe(false);
    expect(handler.canHandle(cards.slice(0, small))).toBe(false);
    expect(handler.canHandle({ cards: [], unreadable: [] })).toBe(false);
    expect(handler.canHandle('text')).toBe(false);
    expect(handler.canHandle(null)).toBe(false);
  });

  test('large collections, card lists and results carrying a collection go in parts', () => {
    const large = collection(cards.length);
    expect(handler.canHandle(large)).toBe(true);
    const read = roundTrip(large) as PlainCollection;
    expect(read).toEqual(large);
    expect(Object.keys(read.cards)).toEqual(Object.keys(large.cards));
    expect(handler.canHandle(cards)).toBe(true);
    expect(roundTrip(cards)).toEqual(cards);
    const created = {
      record: { salt: 's', encryptedDek: { ciphertext: 'c', iv: 'i' }, modifiedAt: 1 },
      collection: large,
    };
    expect(handler.canHandle(created)).toBe(true);
    expect(roundTrip(created)).toEqual(created);
  });

  test("a merge's decision, a long list of card ids, goes in parts too", () => {
    const decision = { type: 'ENCRYPTED', fromServer: cards.map((card) => card.id) };
    expect(handler.canHandle(decision)).toBe(true);
    expect(roundTrip(decision)).toEqual(decision);
    expect(handler.canHandle({ type: 'ENCRYPTED', fromServer: decision.fromServer.slice(0, 3) })).toBe(false);
  });

  test("a damaged collection's odd keys read back as its own entries, '__proto__' included", () => {
    const odd = collection(JSON_TRANSFER_MIN_CARDS) as { type: string; cards: Record<string, unknown> };
    odd.cards = JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(odd.cards).slice(1)}`);
    const read = roundTrip(odd) as typeof odd;
    expect(Object.keys(read.cards)).toEqual(Object.keys(odd.cards));
    expect(Object.getPrototypeOf(read.cards)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(read.cards, '__proto__')?.value).toEqual({ polluted: true });
  });

  test('the page makes and reads the same parts, pausing between parts once a slice has had its time', async () => {
    // Two lists of two parts each: three places to pause, in making and in reading.
    const value: OpenedCards = { cards, unreadable };
    const expected = partsNow.make(value);
    let parts = expected as CardParts;
    // Parts that take no time are made and read in one go, with no other work between them.
    const quick = { now: partClock(0) };
    expect(await tasksDuring(async () => expect(await partsInSlices.make(value, quick)).toEqual(expected))).toBe(0);
    expect(await tasksDuring(async () => expect(await partsInSlices.read(parts, quick)).toEqual(value))).toBe(0);
    // Parts that take a slice's time each let other work run between them.
    const slow = () => ({ now: partClock(SLICE_MS) });
    const making = tasksDuring(async () => {
      parts = (await partsInSlices.make(value, slow())) as CardParts;
    });
    expect(await making).toBeGreaterThan(0);
    expect(parts).toEqual(expected);
    expect(
      await tasksDuring(async () => expect(await partsInSlices.read(parts, slow())).toEqual(value)),
    ).toBeGreaterThan(0);
    expect(await partsInSlices.make({ cards: cards.slice(0, 3), unreadable: [] })).toBeNull();
  });
});
