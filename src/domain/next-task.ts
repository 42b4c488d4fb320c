/**
 * Long work on the page's main thread done in slices, each its own task, so that no slice holds the page still for
 * 50 ms or more (a long task) even on a phone four times slower than a laptop: between slices the page paints and
 * answers taps. Ten thousand cards read, previewed or written in one go would take hundreds of milliseconds there.
 */

interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task. `scheduler.yield()` where the browser has it (the rest of the work keeps its place ahead of
 * other queued tasks); else a message to ourselves, which, unlike `setTimeout(0)`, is not clamped to 4 ms after a few
 * nested calls.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * How many items one slice takes: small enough that a slice of the heaviest per-item work here (a card row checked
 * and rendered into a preview entry, a card given an id) stays well under 50 ms at 4× throttling.
 */
export const ITEMS_PER_SLICE = 500;

/**
 * Calls `each` for every item, `perSlice` at a time with a new task between slices. Stops with the signal's reason
 * when `signal` is aborted (checked between slices).
 */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T, index: number) => void,
  { perSlice = ITEMS_PER_SLICE, signal }: { perSlice?: number; signal?: AbortSignal } = {},
): Promise<void> {
  for (let start = 0; start < items.length; start += perSlice) {
    if (start > 0) await nextTask();
    signal?.throwIfAborted();
    const end = Math.min(items.length, start + perSlice);
    for (let index = start; index < end; index++) each(items[index] as T, index);
  }
}

/** The results of `each` for every item, in order, made `perSlice` at a time with a new task between slices. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  each: (item: T, index: number) => U,
  options: { perSlice?: number; signal?: AbortSignal } = {},
): Promise<U[]> {
  const results: U[] = [];
  await inSlices(
    items,
    (item, index) => {
      results.push(each(item, index));
    },
    options,
  );
  return results;
}
