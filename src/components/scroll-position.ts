/**
 * The page's vertical scroll offset as the last scroll event left it, and a new screen opening at its top.
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
 * opened from far down Home showed the card screen scrolled to its end, and Home after a deletion opened part-way
 * down. Scrolled here, before the router renders the new screen: the browser needs no layout to scroll to (0, 0),
 * which can never be clamped, so this costs nothing even with the old screen's changes pending. Back and forward are
 * left to the browser, which puts each entry back where the person left it. The router (wouter) announces every
 * pushState and replaceState as a window event of that name.
 */
let shownPath = location.pathname;

function openAtTop(): void {
  if (location.pathname === shownPath) return; // the same screen's entry rewritten (src/state/going-back.ts)
  shownPath = location.pathname;
  window.scrollTo(0, 0);
  lastScrollY = 0;
}

addEventListener('pushState', openAtTop);
addEventListener('replaceState', openAtTop);
addEventListener('popstate', () => {
  shownPath = location.pathname;
});
