/** A page as a slow, busy phone runs it, for the work Home does in slices (its search index, the cards' parts). */
import { vi } from 'vitest';

/**
 * A page too busy for idle callbacks, none of which ever runs, on a device so slow that each reading of the clock
 * finds `lostMs` gone: what is built in slices is built only when something needs it, a few items a slice over many
 * tasks. Undone by `vi.restoreAllMocks()`.
 */
export function slowAndNeverIdle(lostMs = 1): void {
  vi.spyOn(window, 'requestIdleCallback').mockImplementation(() => 0);
  vi.spyOn(window, 'cancelIdleCallback').mockImplementation(() => undefined);
  const real = performance.now.bind(performance);
  let lost = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => {
    lost += lostMs;
    return real() + lost;
  });
}
