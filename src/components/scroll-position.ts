/**
 * The page's vertical scroll offset as the last scroll event left it, and where a new screen opens: at its top, or
 * where the person left it when the navigation is a return.
 *
 * Reading `window.scrollY` while the page has pending DOM changes makes the browser lay the page out there and
 * then; in the render that swaps one screen for another that is the whole new screen's layout, done a second time
 * by the frame that paints it (measured: 9–15 ms on a 2-core laptop). Scroll events arrive with the layout done, so
 * remembering the offset there costs nothing, and components read this instead while they render.
 */
import { useLayoutEffect } from 'react';

let lastScrollY = 0;

addEventListener(
  'scroll',
  () => {
    lastScrollY = window.scrollY;
  },
  { passive: true },
);

export const knownScrollY = (): number => lastScrollY;

/**
 * A screen reached by a link or a redirect opens at its top: the page is one document, so without this a card
 * opened from far down Home showed the card screen scrolled to its end. A navigation that returns (a screen's Back
 * link, Home after a deletion) instead puts the screen where the person last left it, as the browser's own back does:
 * a full wallet's list stays at the card they were looking at.
 *
 * Both happen when the new screen is shown, not when the address changes: Home's list is built as a transition
 * (src/app/unlocked-address.ts), and the screen before it stays on the page meanwhile, where scrolling would move it.
 * Each area's routes call `useScrollOnArrival` with the address they show, before the screen's own effects run
 * (src/app/App.tsx), so a screen reading `knownScrollY` finds its new place. The top needs no layout (0, 0 can never
 * be clamped); a returning place is scrolled to in the next frame, the screen laid out by then and not yet painted.
 */
let shownPath = location.pathname;

/** The offset each screen, by its path, was last left at. Only a few are kept: a return is to a recent screen. */
const leftAt = new Map<string, number>();
const PLACES_KEPT = 20;

const RETURN_KEY = 'sleeveReturn';

/** Navigation options (the router's `state`) for a return to the place its screen was left at. */
export const RETURNING = { state: { [RETURN_KEY]: true } } as const;

const isReturn = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[RETURN_KEY] === true;

/** A navigation made and not yet shown: its path, and whether it returns. */
let pending: { path: string; returning: boolean } | null = null;

function remember(path: string, offset: number): void {
  leftAt.delete(path);
  leftAt.set(path, offset);
  if (leftAt.size > PLACES_KEPT) leftAt.delete(leftAt.keys().next().value as string);
}

/** On pushState and replaceState (the router, wouter, sends a window event of each name): the screen is left. */
function navigated(): void {
  const path = location.pathname;
  if (path === shownPath) {
    // The shown screen's entry rewritten, or a navigation undone before its screen showed.
    pending = null;
    return;
  }
  // Where the screen on the page was left, once, however many navigations follow before the next one shows.
  if (pending === null) remember(shownPath, lastScrollY);
  pending = { path, returning: isReturn(history.state) };
}

function arrived(path: string): void {
  if (path === shownPath) return;
  if (pending === null) remember(shownPath, lastScrollY);
  const returning = pending?.path === path && pending.returning;
  shownPath = path;
  pending = null;
  window.scrollTo(0, 0);
  lastScrollY = 0;
  const place = returning ? (leftAt.get(path) ?? 0) : 0;
  if (place === 0) return;
  requestAnimationFrame(() => {
    if (shownPath !== path) return;
    window.scrollTo(0, place);
    lastScrollY = window.scrollY;
  });
}

/**
 * Where the screen now being built for the address will be put when it shows: the place a return finds it at, or 0
 * (its top, or a place the browser's own back and forward restore). Read while rendering, before the screen shows.
 */
export function arrivingPlace(): number {
  if (pending === null || !pending.returning || pending.path !== location.pathname) return 0;
  return leftAt.get(pending.path) ?? 0;
}

/** Places the screen at `path` as it is shown: at its top, or where a return finds it. */
export function useScrollOnArrival(path: string): void {
  useLayoutEffect(() => arrived(path), [path]);
}

addEventListener('pushState', navigated);
addEventListener('replaceState', navigated);
// Back and forward are left to the browser, which puts each entry back where the person left it; such a change of
// address is shown at once (src/app/unlocked-address.ts), so the screen is there to scroll.
addEventListener('popstate', () => {
  if (pending === null) remember(shownPath, lastScrollY);
  shownPath = location.pathname;
  pending = null;
});
