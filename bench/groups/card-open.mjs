/**
 * A card opened from a full wallet and left again: Home with 10,000 cards, its index built and the page quiet, is
 * throttled; a card a little down the list is tapped, and once its screen is painted its Back link is tapped too.
 * The `search` group's throttled runs report both (`long_tasks_card_open_10k_slow`, `card_open_ms_10k_slow`,
 * `long_tasks_card_back_10k_slow`, `card_back_ms_10k_slow`), and `node bench/card-open.mjs` prints each tap.
 * Then, on the same page, the Add Card and You tabs are each visited for the first time (their screens' scripts
 * loaded then), from Home and back to it: `long_tasks_area_first_10k_slow` and `area_first_ms_10k_slow`.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').Page} Page
 * @typedef {{ ms: number, tasks: { start: number, ms: number }[] }} Tap
 */
import { throttle } from '../support/cdp.mjs';
import { freshPage, paintedWhen, probeState, scrolledTo } from '../support/pages.mjs';

/** What the card's screen shows that Home does not: its Edit link. */
const CARD_SCREEN = { selector: 'a.header-action', text: 'Edit' };
/** What Home shows that the card's screen does not: the search box. */
const HOME_SCREEN = { selector: 'input.search-input' };
/** The bottom navigation's tabs other than Home's, each with its screen's heading. */
const AREAS = ['Add Card', 'You'];
/** How long after a screen is painted its tasks still count: effects, the next frame, a lazy part's arrival. */
const AFTER_MS = 500;

/**
 * Taps whatever `target` finds and waits for `sight` to be painted: the time from the tap's event to that paint,
 * and the page's tasks of 50 ms or more from the tap until `AFTER_MS` after it.
 * @param {Page} page @param {import('playwright').Locator} target @param {import('../support/pages.mjs').Sight} sight
 * @returns {Promise<Tap>}
 */
async function tapUntil(page, target, sight) {
  const shown = await paintedWhen(page, sight, 60_000);
  await target.click();
  const at = await shown.done();
  await page.waitForTimeout(AFTER_MS);
  const state = await probeState(page);
  const from = state.clickAt;
  const tasks = state.longTasks
    .map((start, index) => ({ start: start - from, ms: /** @type {number} */ (state.longTaskMs[index]) }))
    .filter((task) => task.start >= 0);
  return { ms: at - from, tasks };
}

/**
 * One page: `opens` cards opened in turn (the third card link on screen after a scroll of a few rows each time),
 * each then left by its Back link; then each of `AREAS` visited from Home, and Home again.
 * @param {Browser} browser @param {string} appUrl @param {Record<string, string>} seed
 * @param {{ rate: number, opens: number, categories?: string[] }} options `categories`: traced under these from the
 * first tap to the last paint, the trace returned
 * @returns {Promise<{ taps: { open: Tap, back: Tap }[], areas: Tap[], trace: Buffer | null }>}
 */
export async function cardOpens(browser, appUrl, seed, { rate, opens, categories }) {
  const { context, page } = await freshPage(browser, seed);
  try {
    await page.goto(`${appUrl}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    // The index whole and the page quiet before the first tap.
    await page.waitForTimeout(1500);
    if (rate > 1) await throttle(page, rate);
    if (categories) await browser.startTracing(page, { categories });
    /** @type {{ open: Tap, back: Tap }[]} */
    const taps = [];
    for (let turn = 0; turn < opens; turn++) {
      const card = page.locator('a.card-link').nth(2 + 3 * turn);
      await scrolledTo(page, card);
      const open = await tapUntil(page, card, CARD_SCREEN);
      const back = await tapUntil(page, page.locator('a.back-link'), HOME_SCREEN);
      taps.push({ open, back });
    }
    /** @type {Tap[]} */
    const areas = [];
    const tabs = page.getByRole('navigation', { name: 'Main' });
    for (const area of AREAS) {
      const heading = { selector: 'h1', text: area };
      areas.push(await tapUntil(page, tabs.getByRole('link', { name: area, exact: true }), heading));
      await tapUntil(page, tabs.getByRole('link', { name: 'Home', exact: true }), HOME_SCREEN);
    }
    return { taps, areas, trace: categories ? await browser.stopTracing() : null };
  } finally {
    await context.close();
  }
}
