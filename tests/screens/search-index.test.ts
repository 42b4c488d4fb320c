/**
 * Home's search index is built while the browser is idle, a slice of time at a time, so that building it for ten
 * thousand cards is never one long task; a search typed before it is done builds the rest at once. The browser's own
 * idle callbacks run the slices, each watched as it ends to see what the index holds then; the slices are timed by a
 * clock the test moves, and each idle moment is as long as the test says.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { CardDetails } from '../../src/domain/card-details';
import { SLICE_MS } from '../../src/domain/next-task';
import { toSearchEntry } from '../../src/domain/search';
import {
  finishSearchIndex,
  hasSearchIndex,
  prepareSearchIndex,
  searchIndex,
  searchIndexOf,
} from '../../src/screens/home/search-index';
import { makeCards } from '../support/seeded';

const note = (notes: string): CardDetails => ({ notes, pin: '', phone: '', website: '', validFrom: '' });

/** Twenty-five cards, one with notes near the end. */
const cards = makeCards(25, 25);
const noted = cards.at(-2)!;
const details = { [noted.id]: note('Kept in the travel pouch') };
const wholeBuild = () => cards.map((card) => toSearchEntry(card, card.id === noted.id ? details[noted.id]!.notes : ''));

/** New arrays each time, so no other test's index is found for them. */
const freshList = () => ({ shown: cards.slice(), byCard: { ...details } });

const real = window.requestIdleCallback.bind(window);

/** A clock that moves a tenth of a slice each time it is read (once per card): ten cards a slice. */
function cardClock() {
  let time = 0;
  return {
    now: () => {
      time += SLICE_MS / 10;
      return time;
    },
  };
}

/** An idle moment with `remaining` milliseconds left, or one that came by its timeout. */
const idleFor = (remaining: number, didTimeout = false): IdleDeadline => ({
  didTimeout,
  timeRemaining: () => remaining,
});

/**
 * Runs `after` at the end of each idle callback the app asks for, with how many have ended so far. Each is given
 * `deadline`: an idle moment of a whole slice's time and more, unless the test says otherwise.
 */
function afterEachIdleCallback(after: (ended: number) => void, deadline = idleFor(5 * SLICE_MS)): void {
  let ended = 0;
  vi.spyOn(window, 'requestIdleCallback').mockImplementation((run, options) =>
    real(() => {
      run(deadline);
      after(++ended);
    }, options),
  );
}

/** A build that failed fails the test that awaits its result: it is never marked done. */
const reportFailure = (error: unknown) => console.error(error);

/** The test's own wait for an idle moment, not counted with the app's. */
const idleMoment = () => new Promise((resolve) => real(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

test('is built a slice of time per idle moment, and holds what a whole build holds', async () => {
  const { shown, byCard } = freshList();
  const builtAfter: boolean[] = [];
  afterEachIdleCallback(() => builtAfter.push(hasSearchIndex(shown, byCard)));
  prepareSearchIndex(shown, byCard, cardClock());
  // Ten cards, ten more, the last five.
  await expect.poll(() => builtAfter).toEqual([false, false, true]);
  await idleMoment();
  expect(builtAfter).toHaveLength(3);
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
  expect(searchIndex(searchIndexOf(shown, byCard), 'travel pouch')).toEqual([noted]);
});

test('an idle moment shorter than a slice ends the slice with it', async () => {
  const { shown, byCard } = freshList();
  let ended = 0;
  afterEachIdleCallback(
    (count) => {
      ended = count;
    },
    idleFor(SLICE_MS / 4),
  );
  prepareSearchIndex(shown, byCard, cardClock());
  // A quarter of a slice's time: three cards a moment (the third passes it), nine moments for twenty-five cards.
  await expect.poll(() => hasSearchIndex(shown, byCard)).toBe(true);
  await idleMoment();
  expect(ended).toBe(9);
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
});

test('a callback run by its timeout, with no idle time left, still builds a whole slice', async () => {
  const { shown, byCard } = freshList();
  let ended = 0;
  afterEachIdleCallback(
    (count) => {
      ended = count;
    },
    idleFor(0, true),
  );
  prepareSearchIndex(shown, byCard, cardClock());
  await expect.poll(() => hasSearchIndex(shown, byCard)).toBe(true);
  await idleMoment();
  expect(ended).toBe(3);
});

test('a search typed before the last slice finds every card, and the slices stop', async () => {
  const { shown, byCard } = freshList();
  let found: unknown[] = [];
  let ended = 0;
  afterEachIdleCallback((count) => {
    ended = count;
    // After the first slice: the card with notes is in a slice not yet built.
    if (count === 1) found = searchIndex(searchIndexOf(shown, byCard), 'TRAVEL');
  });
  prepareSearchIndex(shown, byCard, cardClock());
  await expect.poll(() => ended).toBe(2);
  await idleMoment();
  expect(found).toEqual([noted]);
  // The second slice found the index built, and asked for no third.
  expect(ended).toBe(2);
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
});

test('stopped part-way (the list changed or went away), it builds no more', async () => {
  const { shown, byCard } = freshList();
  let ended = 0;
  let stop = () => {};
  afterEachIdleCallback((count) => {
    ended = count;
    if (count === 1) stop();
  });
  stop = prepareSearchIndex(shown, byCard, cardClock());
  await expect.poll(() => ended).toBe(1);
  await idleMoment();
  await idleMoment();
  expect(ended).toBe(1);
  expect(hasSearchIndex(shown, byCard)).toBe(false);
});

test('an empty list has its index at its first idle moment', async () => {
  const none: typeof cards = [];
  const byCard = {};
  prepareSearchIndex(none, byCard);
  await idleMoment();
  expect(hasSearchIndex(none, byCard)).toBe(true);
  expect(searchIndexOf(none, byCard)).toEqual([]);
});

test('finished for a search begun, it is built a slice of time a task, once however often it is asked', async () => {
  const { shown, byCard } = freshList();
  const finished = finishSearchIndex(shown, byCard, cardClock());
  // Ten cards in this task; the rest in tasks of their own.
  expect(hasSearchIndex(shown, byCard)).toBe(false);
  expect(finishSearchIndex(shown, byCard)).toBe(finished);
  await finished;
  expect(hasSearchIndex(shown, byCard)).toBe(true);
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
  // Cards that take no time are all built in the task that asks.
  const other = freshList();
  const atOnce = finishSearchIndex(other.shown, other.byCard, { now: () => 0 });
  expect(hasSearchIndex(other.shown, other.byCard)).toBe(true);
  await atOnce;
});

test('idle slices and a search begun meanwhile build one index between them', async () => {
  const { shown, byCard } = freshList();
  let searched = false;
  afterEachIdleCallback((count) => {
    // Begun right after the first idle slice (ten cards), while the idle slices are still to come.
    if (count === 1) finishSearchIndex(shown, byCard, cardClock()).then(() => (searched = true), reportFailure);
  });
  prepareSearchIndex(shown, byCard, cardClock());
  await expect.poll(() => searched).toBe(true);
  // Every card once, in order: neither build made an entry the other had made.
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
  await idleMoment();
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
});
