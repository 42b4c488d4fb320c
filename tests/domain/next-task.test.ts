import { describe, expect, test } from 'vitest';
import { inSlices, mapInSlices, nextTask, SLICE_MS } from '../../src/domain/next-task';

/** A clock the test moves: each item visited takes `msEach` of it. */
function clockOf(msEach: number) {
  let time = 0;
  return {
    now: () => time,
    visit: () => {
      time += msEach;
    },
  };
}

/**
 * The items of each slice, as `visit` is called with them: a slice runs without a break, so a microtask queued by one
 * item has run by the next item only when a slice ended between them.
 */
function sliceRecorder() {
  const slices: number[][] = [];
  let ended = true;
  return {
    slices,
    visit: (item: number) => {
      if (ended) slices.push([]);
      ended = false;
      queueMicrotask(() => {
        ended = true;
      });
      slices.at(-1)?.push(item);
    },
  };
}

describe('work in slices', () => {
  test('every item is visited once, in order, with its index, a slice at a time with tasks between', async () => {
    const items = Array.from({ length: 1234 }, (_, index) => `item ${index}`);
    const seen: string[] = [];
    let tasksBetween = 0;
    let inTask = true;
    const watch = async () => {
      while (inTask) {
        await nextTask();
        tasksBetween += 1;
      }
    };
    const watching = watch();
    // Each item takes 1/50 of a slice: 50 items a slice, 25 slices.
    const clock = clockOf(SLICE_MS / 50);
    await inSlices(
      items,
      (item, index) => {
        expect(item).toBe(`item ${index}`);
        seen.push(item);
        clock.visit();
      },
      { now: clock.now },
    );
    inTask = false;
    await watching;
    expect(seen).toEqual(items);
    // Other work ran between the slices.
    expect(tasksBetween).toBeGreaterThanOrEqual(2);
  });

  test('a slice ends once it has had its time, however many items that is', async () => {
    for (const msEach of [SLICE_MS / 4, SLICE_MS / 2, SLICE_MS, 3 * SLICE_MS]) {
      const clock = clockOf(msEach);
      const recorder = sliceRecorder();
      const items = Array.from({ length: 20 }, (_, index) => index);
      await inSlices(
        items,
        (item) => {
          recorder.visit(item);
          clock.visit();
        },
        { now: clock.now },
      );
      // Quick items share a slice up to its time; a slow one (a slice's time or more) is a slice of its own.
      const perSlice = Math.max(1, Math.ceil(SLICE_MS / msEach));
      expect(recorder.slices.flat()).toEqual(items);
      expect(recorder.slices.map((slice) => slice.length)).toEqual(
        Array.from({ length: Math.ceil(20 / perSlice) }, (_, index) => Math.min(perSlice, 20 - index * perSlice)),
      );
    }
  });

  test('an aborted run stops between slices with the reason, and nothing after it is visited', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    // Ten items a slice.
    const clock = clockOf(SLICE_MS / 10);
    const run = inSlices(
      Array.from({ length: 30 }, (_, index) => index),
      (item) => {
        seen.push(item);
        clock.visit();
        if (item === 12) controller.abort(new Error('chose another file'));
      },
      { signal: controller.signal, now: clock.now },
    );
    await expect(run).rejects.toThrow('chose another file');
    expect(seen).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  test('nothing to do resolves at once, without visiting anything', async () => {
    let visits = 0;
    await inSlices([], () => {
      visits += 1;
    });
    expect(visits).toBe(0);
  });

  test('mapped in slices, each result is in its item’s place', async () => {
    const items = Array.from({ length: 1001 }, (_, index) => index);
    const clock = clockOf(SLICE_MS / 100);
    const mapped = mapInSlices(
      items,
      (item, index) => {
        clock.visit();
        return `${item}:${index}`;
      },
      { now: clock.now },
    );
    await expect(mapped).resolves.toEqual(items.map((item) => `${item}:${item}`));
    await expect(mapInSlices([], () => 1)).resolves.toEqual([]);
  });
});
