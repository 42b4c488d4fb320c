/**
 * Home's search index is built while the browser is idle, a slice of cards at a time, so that building it for ten
 * thousand cards is never one long task; a search typed before it is done builds the rest at once. The browser's own
 * idle callbacks run the slices; each is watched as it ends, to see what the index holds then.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { CardDetails } from '../../src/domain/card-details';
import { toSearchEntry } from '../../src/domain/search';
import {
  CARDS_PER_SLICE,
  hasSearchIndex,
  prepareSearchIndex,
  searchIndex,
  searchIndexOf,
} from '../../src/screens/home/search-index';
import { makeCards } from '../support/seeded';

const note = (notes: string): CardDetails => ({ notes, pin: '', phone: '', website: '', validFrom: '' });

/** Two and a half slices of cards, one with notes in the last slice. */
const cards = makeCards(25, CARDS_PER_SLICE * 2 + CARDS_PER_SLICE / 2);
const noted = cards.at(-2)!;
const details = { [noted.id]: note('Kept in the travel pouch') };
const wholeBuild = () => cards.map((card) => toSearchEntry(card, card.id === noted.id ? details[noted.id]!.notes : ''));

/** New arrays each time, so no other test's index is found for them. */
const freshList = () => ({ shown: cards.slice(), byCard: { ...details } });

const real = window.requestIdleCallback.bind(window);

/** Runs `after` at the end of each idle callback the app asks for, with how many have ended so far. */
function afterEachIdleCallback(after: (ended: number) => void): void {
  let ended = 0;
  vi.spyOn(window, 'requestIdleCallback').mockImplementation((run, options) =>
    real((deadline) => {
      run(deadline);
      after(++ended);
    }, options),
  );
}

/** The test's own wait for an idle moment, not counted with the app's. */
const idleMoment = () => new Promise((resolve) => real(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

test('is built a slice per idle moment, and holds what a whole build holds', async () => {
  const { shown, byCard } = freshList();
  const builtAfter: boolean[] = [];
  afterEachIdleCallback(() => builtAfter.push(hasSearchIndex(shown, byCard)));
  prepareSearchIndex(shown, byCard);
  await expect.poll(() => builtAfter).toEqual([false, false, true]);
  await idleMoment();
  expect(builtAfter).toHaveLength(3);
  expect(searchIndexOf(shown, byCard)).toEqual(wholeBuild());
  expect(searchIndex(searchIndexOf(shown, byCard), 'travel pouch')).toEqual([noted]);
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
  prepareSearchIndex(shown, byCard);
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
  stop = prepareSearchIndex(shown, byCard);
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
