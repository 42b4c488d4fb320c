/**
 * The page's vertical scroll offset as the last scroll event left it.
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
