/**
 * Going back within Sleeve. 'Back one step' flows (Delete all cards, export, the card editor, a verification with
 * nothing waiting) used history.back(), which on a screen opened straight from its address has nowhere in Sleeve
 * to go: it does nothing, or leaves Sleeve for the page before it. Each history entry Sleeve makes is numbered with
 * its depth in this visit (kept in history.state, so a reload keeps it), and going back further than that lands on
 * the flow's own screen of Sleeve instead.
 *
 * The number is written by the pushState and replaceState calls themselves (`numbered` below), into the state they
 * are given. Stamping it after each call, as a replaceState of its own, made every navigation two same-document
 * navigations for the browser, each of which costs the page about 8 ms at 4× CPU throttling.
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

/** `state` with the entry's number in it, keeping whatever else it holds when it is an object. */
function withDepth(state: unknown, depth: number): Record<string, unknown> {
  const rest = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...rest, [DEPTH_KEY]: depth };
}

/**
 * Makes `history[kind]` write the new entry's number into the state it is given: a pushed entry is one deeper, and a
 * replaced entry (a redirect) stands where the old one stood. The number counts only once the browser has taken it.
 */
function numbered(kind: 'pushState' | 'replaceState'): void {
  const original = history[kind];
  history[kind] = function (this: History, state: unknown, unused: string, url?: string | URL | null): void {
    const depth = kind === 'pushState' ? visit().depth + 1 : visit().depth;
    original.call(this, withDepth(state, depth), unused, url);
    visit().depth = depth;
  };
}

function follow(): void {
  visit().depth = depthOf(history.state) ?? 0;
  if (depthOf(history.state) === undefined) history.replaceState(withDepth(history.state, 0), '');
  numbered('pushState');
  numbered('replaceState');
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
  history.replaceState(history.state, '');
}
