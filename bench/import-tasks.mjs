/**
 * Where a throttled import's time goes, as `long_tasks_import_10k_slow` cannot say: `node bench/import-tasks.mjs`
 * unlocks an empty wallet under a PIN (the `transfer` group's import, against the build already in `dist/`),
 * throttles the page, and traces the two spans the group times: the file chosen until the preview is painted, and
 * 'Import N cards' clicked until the toast and a few seconds after. It prints each main-thread task of 50 ms or more
 * in each span with its largest parts, and the time from the click to the toast's paint. The preview's span starts
 * with Playwright handing the file to the page, a task of its own that the `transfer` group does not count. With
 * `--functions`, the page's script is sampled too, and each long task names the functions it ran. Options: `--runs=N` (default 2), `--throttle=R` (default 4), `--cards=N`
 * (default 10,000).
 */
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { bitwardenExport, makeData } from './support/data.mjs';
import { freshPage, paintedWhen, probeState, scrolledTo, typePin } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { ms, option, printLongTasks, toolCategories } from './support/trace.mjs';

const runs = option('runs', 2);
const rate = option('throttle', 4);
const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const count = data.large.plain.length;
const file = Buffer.from(bitwardenExport(data.large.plain));
const app = await serveApp();
const browser = await launchBenchBrowser();

/**
 * Traces `act` until `done`, then a moment after, and prints its long tasks under `title`.
 * @param {import('playwright').Page} page @param {string} title @param {() => Promise<unknown>} act
 * @param {() => Promise<unknown>} done
 */
async function traced(page, title, act, done) {
  await browser.startTracing(page, { categories: toolCategories() });
  await act();
  await done();
  await page.waitForTimeout(2000);
  printLongTasks(await browser.stopTracing(), `  ${title}`);
}

try {
  for (let run = 0; run < runs; run++) {
    const seed = {
      'sleeve/cards': JSON.stringify({ type: 'ENCRYPTED', cards: {} }),
      'sleeve/auth': JSON.stringify(data.auth),
    };
    const { context, page } = await freshPage(browser, seed);
    await page.goto(`${app.url}/pin/unlock`);
    await typePin(page, data.pin);
    await page.waitForURL(/\/home$/);
    if (rate > 1) await throttle(page, rate);
    await page.getByRole('link', { name: 'You', exact: true }).click();
    await page.getByRole('link', { name: 'Data Management' }).click();
    await page.getByRole('link', { name: 'Import cards' }).click();
    await page.waitForTimeout(1000);
    console.log(`run ${run + 1}:`);
    const button = page.getByRole('button', { name: `Import ${count} cards` });
    await traced(
      page,
      'the file chosen → its preview',
      () =>
        page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'bitwarden.json', mimeType: 'application/json', buffer: file }),
      () => button.waitFor(),
    );
    await scrolledTo(page, button);
    const stored = await paintedWhen(page, { selector: '.toast', text: `Imported ${count} cards` });
    /** @type {number} */
    let storedIn = 0;
    await traced(
      page,
      `'Import ${count} cards' → stored`,
      () => button.click(),
      async () => {
        const storedAt = await stored.done();
        storedIn = storedAt - (await probeState(page)).clickAt;
      },
    );
    console.log(`  stored and painted in ${ms(storedIn * 1000)} ms from the click`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
