/**
 * Large card values as parts, for crossing the worker boundary (collection-transfer.ts): JSON text, UTF-8 encoded, a
 * few hundred cards to a part, made and read a part at a time, so that on the page no one part is a long task.
 *
 * Structured clone walks every one of the thousands of small card objects on both sides, and for that shape it is
 * about three times slower than JSON.stringify plus JSON.parse of the same data (measured in Chromium with 10,000
 * cards: ~75 ms against ~21 ms for the round trip). Bytes are not even copied: each part's buffer is transferred.
 * Card data is only strings and finite numbers, so the JSON round trip is exact. Small values keep structured clone:
 * below the threshold there is nothing to win.
 *
 * A large value is sent as its shell (the value with each large list or record of cards taken out) and, for each
 * of those, its path in the value and its parts. Made or read with `partsNow` in the worker, which may take its time;
 * with `partsInSlices` on the page, in slices of time (`SLICE_MS`) of whole parts.
 */
import { hasAtLeast } from './counts';
import { type SliceOptions, sliceClock } from './next-task';

/** Below this many cards a value goes by structured clone as before. */
export const JSON_TRANSFER_MIN_CARDS = 64;

/**
 * Cards in one part, the smallest piece the page makes or reads without a pause: about 12 ms to read at 8× CPU
 * throttling, where a part of 1,000 took 48 ms (`node bench/unlock-tasks.mjs --throttle=8 --cards=10000
 * --functions`). The page pauses between parts only once a slice has had its time, so on a fast device many parts
 * go in one slice, and an unlock of 1,000 cards crosses without a pause at all.
 */
export const CARDS_PER_PART = 250;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A long list: of cards (view cards, stored cards, unreadable entries: each with its date), or of card ids (a merge's
 * decision). Structured clone costs a few microseconds an item even for short strings, 100 ms for 5,000 ids on a slow
 * phone; one JSON text is copied in one piece.
 */
const isLargeList = (value: unknown): value is unknown[] =>
  Array.isArray(value) &&
  value.length >= JSON_TRANSFER_MIN_CARDS &&
  (typeof value[0] === 'string' || (isObject(value[0]) && 'modifiedAt' in value[0]));

/** Many stored cards by id: a collection's `cards`. */
const isLargeCardRecord = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && !Array.isArray(value) && hasAtLeast(value, JSON_TRANSFER_MIN_CARDS);

/** One large list or record of cards, where it is in the value, as JSON parts. */
interface Piece {
  path: string[];
  kind: 'list' | 'record';
  parts: Uint8Array<ArrayBuffer>[];
}

/** A large card value as it crosses: a JSON shell, and parts whose buffers are transferred rather than copied. */
export interface CardParts {
  readonly shell: string;
  readonly pieces: readonly Piece[];
}

/**
 * Where a value carries many cards: itself as a long list; or, in it or in its `collection` (createSecret's result),
 * a long list (opened cards' `cards` and `unreadable`, a merge's `fromServer`) or a collection's `cards` record.
 * Other values carry none.
 */
function largeSpots(value: unknown): { path: string[]; kind: Piece['kind'] }[] {
  if (isLargeList(value)) return [{ path: [], kind: 'list' }];
  if (!isObject(value)) return [];
  const spots: { path: string[]; kind: Piece['kind'] }[] = [];
  const look = (holder: Record<string, unknown>, at: string[]) => {
    for (const [key, member] of Object.entries(holder)) {
      if (isLargeList(member)) spots.push({ path: [...at, key], kind: 'list' });
      else if (key === 'cards' && typeof holder.type === 'string' && isLargeCardRecord(member))
        spots.push({ path: [...at, key], kind: 'record' });
    }
  };
  look(value, []);
  if (isObject(value.collection)) look(value.collection, ['collection']);
  return spots;
}

/** Whether a value carries many cards, and so crosses in parts. */
export const carriesManyCards = (value: unknown): boolean => largeSpots(value).length > 0;

/** A copy of `value` down `path` only, with what is at the path's end replaced by null. */
function withoutAt(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return null;
  const [key, ...rest] = path as [string, ...string[]];
  const holder = value as Record<string, unknown>;
  return { ...holder, [key]: withoutAt(holder[key], rest) };
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((holder, key) => (holder as Record<string, unknown>)[key], value);
}

/** A card record's key set as an own property, whatever the key ('__proto__' included). */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encoded = (value: unknown): Uint8Array<ArrayBuffer> => encoder.encode(JSON.stringify(value));

/** Makes the parts of a large value, with a place to pause (a `yield`) between parts; null if it is not large. */
function* makeParts(value: unknown): Generator<void, CardParts | null> {
  const spots = largeSpots(value);
  if (spots.length === 0) return null;
  let made = 0;
  let shell = value;
  const pieces: Piece[] = [];
  for (const { path, kind } of spots) {
    const whole = valueAt(value, path);
    shell = withoutAt(shell, path);
    const parts: Uint8Array<ArrayBuffer>[] = [];
    if (kind === 'list') {
      const list = whole as unknown[];
      for (let start = 0; start < list.length; start += CARDS_PER_PART) {
        if (made++ > 0) yield;
        parts.push(encoded(list.slice(start, start + CARDS_PER_PART)));
      }
    } else {
      const record = whole as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let start = 0; start < keys.length; start += CARDS_PER_PART) {
        if (made++ > 0) yield;
        parts.push(encoded(keys.slice(start, start + CARDS_PER_PART).map((key) => [key, record[key]])));
      }
    }
    pieces.push({ path, kind, parts });
  }
  return { shell: JSON.stringify(shell), pieces };
}

/** Reads a large value back from its parts, with a place to pause (a `yield`) between parts. */
function* readParts({ shell, pieces }: CardParts): Generator<void, unknown> {
  let value: unknown = JSON.parse(shell);
  let read = 0;
  for (const { path, kind, parts } of pieces) {
    const whole: unknown[] | Record<string, unknown> = kind === 'list' ? [] : {};
    for (const part of parts) {
      if (read++ > 0) yield;
      const items = JSON.parse(decoder.decode(part)) as unknown[];
      if (Array.isArray(whole)) for (const item of items) whole.push(item);
      else for (const [key, item] of items as [string, unknown][]) setOwn(whole, key, item);
    }
    value = path.length === 0 ? whole : withAt(value, path, whole);
  }
  return value;
}

function withAt(value: unknown, path: readonly string[], whole: unknown): unknown {
  const [key, ...rest] = path as [string, ...string[]];
  const holder = value as Record<string, unknown>;
  return { ...holder, [key]: rest.length === 0 ? whole : withAt(holder[key], rest, whole) };
}

function runNow<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps in slices of time: after a part, a pause (a new task) only once the slice is due. */
async function runInSlices<T>(steps: Generator<void, T>, { now }: Pick<SliceOptions, 'now'>): Promise<T> {
  const slice = sliceClock(now);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slice.due()) await slice.next();
  }
}

/** In the worker: in one go. */
export const partsNow = {
  make: (value: unknown): CardParts | null => runNow(makeParts(value)),
  read: (parts: CardParts): unknown => runNow(readParts(parts)),
};

/** On the page: in slices of time, each of whole parts (`now`: the clock they are timed by, the page's by default). */
export const partsInSlices = {
  make: (value: unknown, options: Pick<SliceOptions, 'now'> = {}): Promise<CardParts | null> =>
    runInSlices(makeParts(value), options),
  read: (parts: CardParts, options: Pick<SliceOptions, 'now'> = {}): Promise<unknown> =>
    runInSlices(readParts(parts), options),
};

/** The buffers of a value's parts, to transfer with it. */
export const partBuffers = (parts: CardParts): ArrayBuffer[] =>
  parts.pieces.flatMap((piece) => piece.parts.map((part) => part.buffer));
