/**
 * Where Home's first frame goes, as the start-up figures cannot say: `node bench/first-frame-fonts.mjs` loads /home
 * with 100 plain cards (the `startup` group's load, against the build already in `dist/`), traced, and prints each
 * layout of at least 5 ms with how many fonts it looked up and how long those lookups took. Then it loads the page a
 * second time in the same tab, where the renderer already knows the fonts, for comparison. Options: `--runs=N`
 * (default 4), `--throttle=R` (CPU throttling of the page, default none).
 *
 * A font lookup is Chromium's `FontCache::GetFontPlatformData`: one for each family, size, weight and style the
 * text uses, and one for each name in a font stack the device lacks. On Linux each is a call to the browser's own
 * process, so its time depends on how busy that process is as much as on the page.
 */
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { freshPage, longTasksSince, probeState } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { fontLookups, mainThreadEvents, ms, option, within } from './support/trace.mjs';

/** @typedef {import('./support/trace.mjs').TraceEvent} TraceEvent */

const runs = option('runs', 4);
const rate = option('throttle', 1);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'fonts', 'disabled-by-default-fonts'];

/** Each layout of 5 ms or more: its objects, its time, and the font lookups in it. */
function layouts(/** @type {TraceEvent[]} */ events, /** @type {TraceEvent[]} */ lookups) {
  return events
    .filter((event) => event.name === 'Layout' && event.dur >= 5000)
    .map((layout) => {
      const fonts = lookups.filter((lookup) => within(layout, lookup));
      const fontTime = fonts.reduce((sum, lookup) => sum + lookup.dur, 0);
      return `layout of ${layout.args?.beginData?.dirtyObjects ?? '?'} objects ${ms(layout.dur)} ms, ${fonts.length} font lookups ${ms(fontTime)} ms`;
    });
}

const data = await makeData({ small: 10, large: 10, startup: 100 });
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 0; run < runs; run++) {
    const { context, page } = await freshPage(browser, { 'sleeve/cards': JSON.stringify(data.startup) });
    if (rate > 1) await throttle(page, rate);
    for (const load of ['cold', 'again']) {
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(`${app.url}/home`);
      await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null, null, { polling: 50 });
      const firstCard = /** @type {number} */ ((await probeState(page)).firstCardAt);
      const long = await longTasksSince(page, 0, firstCard);
      const events = mainThreadEvents(await browser.stopTracing());
      const lookups = fontLookups(events);
      const lookupTime = lookups.reduce((sum, lookup) => sum + lookup.dur, 0);
      console.log(
        `run ${run + 1}, ${load}: first card ${firstCard.toFixed(0)} ms, ${long.count} long tasks ` +
          `(longest ${long.longest.toFixed(0)} ms), ` +
          `${lookups.length} font lookups ${ms(lookupTime)} ms`,
      );
      const lines = layouts(events, lookups);
      for (const line of lines.length > 0 ? lines : ['no layout of 5 ms or more']) console.log(`  ${line}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
