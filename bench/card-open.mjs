/**
 * A card opened from a full wallet and left again (bench/groups/card-open.mjs): `node bench/card-open.mjs` loads Home
 * with the benchmark's 10,000 plain cards (the build already in `dist/`), throttles the page once its index is built,
 * and opens cards in turn, each left by its Back link, then visits the Add Card and You tabs for the first time. It
 * prints, for each tap, the time from the tap to the next screen's paint and the page's tasks of 50 ms or more from
 * the tap until half a second after that paint. Options:
 * `--pages=N` (default 2), `--opens=N` cards a page (default 4), `--throttle=R` (default 4), `--cards=N` (default
 * 10,000), `--trace` (each page's main-thread tasks of 50 ms or more, with their largest parts; with `--functions`,
 * the functions each ran).
 */
import { AREAS, cardOpens } from './groups/card-open.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { plainWalletSeed } from './support/data.mjs';
import { serveApp } from './support/servers.mjs';
import { round } from './support/stats.mjs';
import { option, printLongTasks, toolCategories } from './support/trace.mjs';

const seed = await plainWalletSeed(option('cards', 10_000));
const app = await serveApp();
const browser = await launchBenchBrowser();
const traced = process.argv.includes('--trace');
/** @param {import('./groups/card-open.mjs').Tap} tap */
const described = ({ ms, tasks }) => {
  const listed = tasks.map((task) => `at ${round(task.start)} ms, ${round(task.ms)} ms`).join('; ');
  return `${round(ms)} ms, tasks of 50 ms or more: ${tasks.length}${listed ? ` (${listed})` : ''}`;
};
try {
  for (let page = 1; page <= option('pages', 2); page++) {
    const { taps, areas, trace } = await cardOpens(browser, app.url, seed, {
      rate: option('throttle', 4),
      opens: option('opens', 4),
      categories: traced ? toolCategories() : undefined,
    });
    taps.forEach(({ open, back }, index) => {
      console.log(`page ${page}, card ${index + 1}: open ${described(open)}; back ${described(back)}`);
    });
    const visits = areas.map((tap, index) => `${AREAS[index]} ${described(tap)}`);
    console.log(`page ${page}, first visits: ${visits.join('; ')}`);
    if (trace) printLongTasks(trace, `page ${page}`);
  }
} finally {
  await browser.close();
  await app.close();
}
