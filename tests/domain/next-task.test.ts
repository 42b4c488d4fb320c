import { describe, expect, test } from 'vitest';
import { inSlices, mapInSlices, nextTask } from '../../src/domain/next-task';

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
    await inSlices(
      items,
      (item, index) => {
        expect(item).toBe(`item ${index}`);
        seen.push(item);
      },
      { perSlice: 500 },
    );
    inTask = false;
    await watching;
    expect(seen).toEqual(items);
    // Three slices: other work ran between them.
    expect(tasksBetween).toBeGreaterThanOrEqual(2);
  });

  test('an aborted run stops between slices with the reason, and nothing after it is visited', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = inSlices(
      Array.from({ length: 30 }, (_, index) => index),
      (item) => {
        seen.push(item);
        if (item === 12) controller.abort(new Error('chose another file'));
      },
      { perSlice: 10, signal: controller.signal },
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
    await expect(mapInSlices(items, (item, index) => `${item}:${index}`, { perSlice: 100 })).resolves.toEqual(
      items.map((item) => `${item}:${item}`),
    );
    await expect(mapInSlices([], () => 1)).resolves.toEqual([]);
  });
});
