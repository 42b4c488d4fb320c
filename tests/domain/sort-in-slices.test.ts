/**
 * The sort made in slices of time gives exactly what the engine's stable sort gives, ties in their order, and
 * pauses only when its slices run out of time. Seeded: a fixed base, printed with any failure;
 * VITE_SLEEVE_SORT_SEED=s replays base s, =random draws one.
 */
import { describe, expect, test } from 'vitest';
import { sortInSlices } from '../../src/domain/sort-in-slices';
import { baseSeed, mulberry32, randomInt } from '../support/seeded';

const BASE = baseSeed(import.meta.env.VITE_SLEEVE_SORT_SEED, 20_261_203);

interface Item {
  date: number;
  place: number;
}
const newestFirst = (a: Item, b: Item) => b.date - a.date;

/** `count` items with dates from a small range, so many share one: ties are where a sort shows it is unstable. */
function items(seed: number, count: number): Item[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, place) => ({ date: randomInt(random, Math.max(1, count / 4)), place }));
}

/** Sorts by `now`; whether a task queued as it began ran before it ended. */
async function sortWith(list: Item[], now: () => number) {
  let other = false;
  setTimeout(() => {
    other = true;
  }, 0);
  const sorted = await sortInSlices(list, newestFirst, { now });
  return { sorted, paused: other };
}

describe('a sort in slices', () => {
  test.each([0, 1, 255, 256, 257, 1_000, 5_003])('of %i items is the stable sort', async (count) => {
    for (let round = 0; round < 3; round++) {
      const seed = BASE + count * 10 + round;
      const list = items(seed, count);
      let clock = 0;
      const { sorted } = await sortWith(list, () => (clock += 1));
      expect(sorted, `seed ${seed}`).toEqual([...list].sort(newestFirst));
      expect(
        list.map((item) => item.place),
        `seed ${seed}: the list itself is left as it was`,
      ).toEqual(list.map((_, place) => place));
    }
  });

  test('pauses on a clock that moves, and not on one that stands still', async () => {
    const list = items(BASE, 10_000);
    let clock = 0;
    const slow = await sortWith(list, () => (clock += 5));
    expect(slow.paused).toBe(true);
    const fast = await sortWith(list, () => 0);
    expect(fast.paused).toBe(false);
    expect(fast.sorted).toEqual(slow.sorted);
  });
});
