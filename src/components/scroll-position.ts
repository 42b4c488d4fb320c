/**
 * The page's vertical scroll offset as the last scroll event left it, and where a new screen opens: at its top, or
 * where the person left it when the navigation is a return.
 *
 * Reading `window.scrollY` while the page has pending DOM changes makes the browser lay the page out there and
 * then; in the render that swaps one screen for another that is the whole new screen's layout, done a second time
 * by the frame that paints it (measured: 9–15 ms on a 2-core laptop). Scroll events arrive with the layout done, so
 * remembering the offset there costs nothing, and components read this instead while they render.
 */
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
 * opened from far down Home showed the card screen scrolled to its end. Scrolled here, before the router renders
 * the new screen: the browser needs no layout to scroll to (0, 0), which can never be clamped, so this costs nothing
 * even with the old screen's changes pending. The router (wouter) announces every pushState and replaceState as a
 * window event of that name.
 *
 * A navigation that returns (a screen's Back link, Home after a deletion) instead puts the screen where the person
 * last left it, as the browser's own back does: a full wallet's list stays at the card they were looking at. That
 * place is scrolled to in the next frame, once the router has rendered the screen (tall enough by then) and before
 * it is painted, so the top is never shown first.
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

function remember(path: string, offset: number): void {
  leftAt.delete(path);
  leftAt.set(path, offset);
  if (leftAt.size > PLACES_KEPT) leftAt.delete(leftAt.keys().next().value as string);
}

function arrive(): void {
  if (location.pathname === shownPath) return; // the same screen's entry rewritten
  remember(shownPath, lastScrollY);
  const path = location.pathname;
  shownPath = path;
  window.scrollTo(0, 0);
  lastScrollY = 0;
  const place = isReturn(history.state) ? (leftAt.get(path) ?? 0) : 0;
  if (place === 0) return;
  requestAnimationFrame(() => {
    if (location.pathname !== path) return;
    window.scrollTo(0, place);
    lastScrollY = window.scrollY;
  });
}

addEventListener('pushState', arrive);
addEventListener('replaceState', arrive);
// Back and forward are left to the browser, which puts each entry back where the person left it.
addEventListener('popstate', () => {
  remember(shownPath, lastScrollY);
  shownPath = location.pathname;
});
