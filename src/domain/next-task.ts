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
 * How long one slice may run before the rest waits for a new task, on whatever device: a fifth of a long task (50
 * ms), leaving room for the frame and the work around each slice. Timed rather than counted, a slice takes as many
 * items as the device gets through in that time, so a phone slower than any the counts were once tuned on (500
 * items a slice, under 50 ms at 4× CPU throttling here) still never holds the page for a long task, and a fast one
 * stops less often.
 */
export const SLICE_MS = 10;

export interface SliceOptions {
  /** Checked before the first item and between slices: an aborted run stops with the signal's reason. */
  signal?: AbortSignal;
  /** The clock slices are timed by, in milliseconds (the page's own by default). */
  now?: () => number;
}

/**
 * Calls `each` for every item, in order, a slice at a time (`SLICE_MS`, though never less than one item), with a new
 * task between slices.
 */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T, index: number) => void,
  { signal, now }: SliceOptions = {},
): Promise<void> {
  signal?.throwIfAborted();
  const slice = sliceClock(now);
  for (let index = 0; index < items.length; index++) {
    each(items[index] as T, index);
    if (index + 1 < items.length && slice.due()) {
      await slice.next();
      signal?.throwIfAborted();
    }
  }
}

/**
 * Times one slice after another: `due()` once the current slice has run `SLICE_MS`, and `next()` waits for a new
 * task and starts the next slice. For loops that do more at a slice's end than `inSlices` lets them.
 */
export function sliceClock(now: () => number = () => performance.now()) {
  let start = now();
  return {
    due: (): boolean => now() - start >= SLICE_MS,
    next: async (): Promise<void> => {
      await nextTask();
      start = now();
    },
  };
}

/** The results of `each` for every item, in order, made in slices as `inSlices` makes them. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  each: (item: T, index: number) => U,
  options: SliceOptions = {},
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
