/**
 * A stable sort in slices of time (src/domain/next-task.ts), for a list long enough that one sort of it is a long
 * task on a slow phone: 10,000 cards newest first took 75–100 ms at 8× CPU throttling, most of it the comparisons
 * (`node bench/tab-change.mjs --throttle=8 --functions`). Short runs are sorted by the engine's own sort, then merged
 * two by two, with a pause once a slice has had its time.
 */
import { type SliceOptions, sliceClock } from './next-task';

/** Items in a run sorted at once: a few milliseconds even at 8× CPU throttling. */
const RUN = 256;

/** Merged items between two readings of the clock: reading it for every item would cost more than the merge. */
const CHECK_EVERY = 256;

type Slice = ReturnType<typeof sliceClock>;

/** `[...items].sort(compare)`, the same order (stable: equal items keep theirs), made in slices of time. */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  { now }: Pick<SliceOptions, 'now'> = {},
): Promise<T[]> {
  const slice = sliceClock(now);
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += RUN) {
    runs.push(items.slice(start, start + RUN).sort(compare));
    if (slice.due()) await slice.next();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const left = runs[index] as T[];
      const right = runs[index + 1];
      merged.push(right ? await merge(left, right, compare, slice) : left);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

async function merge<T>(left: T[], right: T[], compare: (a: T, b: T) => number, slice: Slice): Promise<T[]> {
  const out: T[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    // A tie takes the left item, which came first in the list: that keeps the sort stable.
    out.push(compare(right[r] as T, left[l] as T) < 0 ? (right[r++] as T) : (left[l++] as T));
    if (out.length % CHECK_EVERY === 0 && slice.due()) await slice.next();
  }
  while (l < left.length) out.push(left[l++] as T);
  while (r < right.length) out.push(right[r++] as T);
  return out;
}
