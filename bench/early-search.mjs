/**
 * A search begun the moment Home shows, before its search index is built (bench/groups/early-search.mjs): `node
 * bench/early-search.mjs` loads Home with the benchmark's 10,000 plain cards (the build already in `dist/`), the
 * page throttled from the start, and as soon as the first card is painted focuses the search box and types one key.
 * It prints the time from the key to the search's summary in the DOM and the page's tasks of 50 ms or more from the
 * focus on. Options: `--runs=N` (default 3), `--throttle=R` (default 4), `--cards=N` (default 10,000), `--delay=MS`
 * (a wait before the focus, default 0: with a few seconds the index is whole, for comparing).
 */
import { earlySearch } from './groups/early-search.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { plainWalletSeed } from './support/data.mjs';
import { serveApp } from './support/servers.mjs';
import { round } from './support/stats.mjs';
import { option } from './support/trace.mjs';

const seed = await plainWalletSeed(option('cards', 10_000));
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 1; run <= option('runs', 3); run++) {
    const { ms, tasks } = await earlySearch(browser, app.url, seed, {
      rate: option('throttle', 4),
      delay: option('delay', 0),
    });
    const listed = tasks.map((task) => `at ${round(task.start)} ms, ${round(task.ms)} ms`).join('; ');
    console.log(
      `run ${run}: key to summary ${round(ms)} ms; ` +
        `tasks of 50 ms or more from the focus on: ${tasks.length}${listed ? ` (${listed})` : ''}`,
    );
  }
} finally {
  await browser.close();
  await app.close();
}
