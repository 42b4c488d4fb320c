/**
 * Home's search index as it is first built: `node bench/index-slices.mjs` loads Home with the benchmark's 10,000
 * plain cards (the build already in `dist/`), the page throttled from the start, traces its first seconds and prints
 * the time of every idle callback (the index is built in them, a slice of cards each). Options: `--runs=N` (default
 * 2), `--throttle=R` (default 4), `--cards=N` (default 10,000).
 */
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { freshPage } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { mainThreadEvents, ms, option } from './support/trace.mjs';

const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const cards = Object.fromEntries(data.large.plain.map((card) => [card.id, card]));
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 1; run <= option('runs', 2); run++) {
    const { context, page } = await freshPage(browser, {
      'sleeve/cards': JSON.stringify({ type: 'UNENCRYPTED', cards }),
    });
    const rate = option('throttle', 4);
    if (rate > 1) await throttle(page, rate);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(`${app.url}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    await page.waitForTimeout(4000);
    const events = mainThreadEvents(await browser.stopTracing());
    const idle = events.filter((event) => event.name === 'FireIdleCallback').map((event) => ms(event.dur));
    console.log(`run ${run}: idle callbacks (ms): ${idle.join(', ') || 'none'}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
