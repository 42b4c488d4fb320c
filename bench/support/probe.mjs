/**
 * What the benchmark adds to the app's pages, injected by Playwright before any of the app's code runs (the
 * production build has no test hooks). Playwright sends this function's source to the page, so it must not use
 * anything from this module's scope.
 *
 * It records, relative to the navigation's time origin:
 * - every main-thread task over 50 ms (PerformanceObserver 'longtask');
 * - the last keydown's, click's (a person's, not the page's own) and change's event times, and when the page last
 *   clicked a download link (a file it saves, e.g. a backup);
 * - when the first card link was painted (also as a promise, `firstCardPainted`, so the benchmark can wait for it
 *   with one call instead of polling the page while it works);
 * - each text the search summary showed, with when the DOM changed and when it was painted;
 * - and, on request, when something the benchmark waits for was first painted (`paintedWhen`), or a tap the page
 *   makes itself the moment something shows (`tapWhen`).
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
  /** @typedef {{ selector: string, text?: string, gone?: boolean }} Sight */
  /** @type {{ sight: Sight, resolve: (at: number) => void }[]} */
  const sightings = [];
  /** @type {{ sight: Sight, target: Sight }[]} */
  const taps = [];
  const state = {
    /** @type {number[]} */
    longTasks: [],
    /** @type {number[]} */
    longTaskMs: [],
    keydownAt: 0,
    clickAt: 0,
    changeAt: 0,
    downloadAt: 0,
    /** @type {number | null} */
    firstCardAt: null,
    /** @type {number | null} the paint after the PIN keypad first shows, from the navigation */
    keypadAt: null,
    /** @type {Promise<number>} */
    firstCardPainted: new Promise((resolve) => (cardPainted = resolve)),
    /** @type {{ text: string | null, changedAt: number, at: number }[]} */
    summaries: [],
    /**
     * Resolves with the time of the paint after `sight` first holds (checked now and after every DOM change).
     * @param {Sight} sight @param {number} limit ms before it rejects
     * @returns {Promise<number>}
     */
    paintedWhen: (sight, limit) =>
      new Promise((resolve, reject) => {
        if (seen(sight)) {
          afterPaint(resolve);
          return;
        }
        const entry = { sight, resolve };
        sightings.push(entry);
        setTimeout(() => {
          const index = sightings.indexOf(entry);
          if (index < 0) return;
          sightings.splice(index, 1);
          reject(new Error(`Not seen within ${limit} ms: ${JSON.stringify(sight)}`));
        }, limit);
      }),
    /**
     * Clicks the first element that fits `target` as soon as `sight` holds, from the page itself: a person who taps
     * at once, without the benchmark's own round trip to notice it.
     * @param {Sight} sight @param {Sight} target
     */
    tapWhen: (sight, target) => {
      taps.push({ sight, target });
    },
  };
  Object.defineProperty(window, '__bench', { value: state });

  /** The elements matching the selector whose text or accessible label (when asked) includes `text`. @param {Sight} sight */
  const matching = (sight) =>
    Array.from(document.querySelectorAll(sight.selector)).filter(
      (element) =>
        sight.text === undefined ||
        (element.textContent ?? '').includes(sight.text) ||
        (element.getAttribute('aria-label') ?? '').includes(sight.text),
    );
  /** @param {Sight} sight */
  const seen = (sight) => matching(sight).length > 0 !== (sight.gone === true);

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push(entry.startTime);
      state.longTaskMs.push(entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });

  addEventListener('keydown', (event) => (state.keydownAt = event.timeStamp), true);
  addEventListener(
    'click',
    (event) => {
      // A person's clicks (and the benchmark's, which the browser dispatches as input); not the page's own `click()`.
      if (event.isTrusted) state.clickAt = event.timeStamp;
      // The app saves a file through a link it clicks from code (src/screens/you/data/download.ts).
      if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute('download')) {
        state.downloadAt = performance.now();
      }
    },
    true,
  );
  addEventListener('change', (event) => (state.changeAt = event.timeStamp), true);

  /** @param {(at: number) => void} done */
  const afterPaint = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });

  let cardSeen = false;
  let keypadSeen = false;
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
    if (!keypadSeen && document.querySelector('fieldset.keypad[aria-label="PIN keypad"]')) {
      keypadSeen = true;
      afterPaint((at) => (state.keypadAt = at));
    }
    for (const entry of [...sightings]) {
      if (!seen(entry.sight)) continue;
      sightings.splice(sightings.indexOf(entry), 1);
      afterPaint(entry.resolve);
    }
    for (const tap of [...taps]) {
      const target = seen(tap.sight) ? matching(tap.target)[0] : undefined;
      if (!(target instanceof HTMLElement)) continue;
      taps.splice(taps.indexOf(tap), 1);
      target.click();
    }
    const text = document.querySelector('.search-summary [aria-live]')?.textContent ?? null;
    if (text !== summary) {
      summary = text;
      const changedAt = performance.now();
      afterPaint((at) => state.summaries.push({ text, changedAt, at }));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}
