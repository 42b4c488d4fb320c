/**
 * Going back within Sleeve. 'Back one step' flows (Delete all cards, export, the card editor, a verification with
 * nothing waiting) used history.back(), which on a screen opened straight from its address has nowhere in Sleeve
 * to go: it does nothing, or leaves Sleeve for the page before it. Each history entry Sleeve makes is numbered with
 * its depth in this visit (kept in history.state, so a reload keeps it), and going back further than that lands on
 * the flow's own screen of Sleeve instead.
 *
 * The router (wouter) announces every pushState and replaceState as a window event of that name; those events
 * keep the numbering.
 */

import { memoryOf } from './store';

const DEPTH_KEY = 'sleeveDepth';

/** This visit's depth lives in the store, so a reset page starts from none. */
const visit = () => memoryOf('history');

function depthOf(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null || !(DEPTH_KEY in state)) return undefined;
  const value = (state as Record<string, unknown>)[DEPTH_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Writes the current entry's number into its state, keeping whatever else the state holds. */
function stamp(): void {
  const { depth } = visit();
  if (depthOf(history.state) === depth) return;
  const state = typeof history.state === 'object' && history.state !== null ? history.state : {};
  history.replaceState({ ...state, [DEPTH_KEY]: depth }, '');
}

function follow(): void {
  visit().depth = depthOf(history.state) ?? 0;
  stamp();
  addEventListener('pushState', () => {
    visit().depth += 1;
    stamp();
  });
  // A replaced entry (a redirect) stands where the old one stood.
  addEventListener('replaceState', stamp);
  addEventListener('popstate', () => {
    visit().depth = depthOf(history.state) ?? 0;
  });
}

if (typeof window !== 'undefined') follow();

/**
 * Goes back `steps` entries when this visit has that many in Sleeve; otherwise replaces the current entry with
 * `fallback` (an absolute path of Sleeve), so the person still lands on a screen of Sleeve.
 */
export function goBack(steps: number, fallback: string): void {
  if (visit().depth >= steps) {
    history.go(-steps);
    return;
  }
  history.replaceState(null, '', fallback);
}

/** Forgets the entries before this one, as on a screen opened straight from its address. Tests use it. */
export function forgetEarlierEntries(): void {
  visit().depth = 0;
  history.replaceState({ ...(history.state ?? {}), [DEPTH_KEY]: 0 }, '');
}
