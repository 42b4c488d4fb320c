/**
 * What the benchmark adds to the app's pages, injected by Playwright before any of the app's code runs (the
 * production build has no test hooks). Playwright sends this function's source to the page, so it must not use
 * anything from this module's scope.
 *
 * It records, relative to the navigation's time origin:
 * - every main-thread task over 50 ms (PerformanceObserver 'longtask');
 * - the last keydown's event time;
 * - when the first card link was painted (also as a promise, `firstCardPainted`, so the benchmark can wait for it
 *   with one call instead of polling the page while it works);
 * - each text the search summary showed, with when the DOM changed and when it was painted.
 * "Painted" is the first animation frame after the DOM changed, then the task right after that frame's paint.
 *
 * @param {{ seed: Record<string, string> | null }} options localStorage values to put in place before the app starts
 */
export function probe({ seed }) {
  if (seed && localStorage.getItem('sleeve/cards') === null) {
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
  }
  /** @type {(at: number) => void} */
  let cardPainted = () => undefined;
  /** @type {{ longTasks: number[], longTaskMs: number[], keydownAt: number, firstCardAt: number | null, firstCardPainted: Promise<number>, summaries: { text: string | null, changedAt: number, at: number }[] }} */
  const state = {
    longTasks: [],
    longTaskMs: [],
    keydownAt: 0,
    firstCardAt: null,
    firstCardPainted: new Promise((resolve) => (cardPainted = resolve)),
    summaries: [],
  };
  Object.defineProperty(window, '__bench', { value: state });

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push(entry.startTime);
      state.longTaskMs.push(entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });

  addEventListener('keydown', (event) => (state.keydownAt = event.timeStamp), true);

  /** @param {(at: number) => void} done */
  const afterPaint = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });

  let cardSeen = false;
  /** @type {string | null} */
  let summary = null;
  new MutationObserver(() => {
    if (!cardSeen && document.querySelector('a.card-link')) {
      cardSeen = true;
      afterPaint((at) => {
        state.firstCardAt = at;
        cardPainted(at);
      });
    }
    const text = document.querySelector('.search-summary [aria-live]')?.textContent ?? null;
    if (text !== summary) {
      summary = text;
      const changedAt = performance.now();
      afterPaint((at) => state.summaries.push({ text, changedAt, at }));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}
