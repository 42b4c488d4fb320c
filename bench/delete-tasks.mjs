/**
 * Where one deletion's time goes, as `long_tasks_delete_10k_slow` cannot say: `node bench/delete-tasks.mjs` unlocks
 * 10,000 cards under a PIN (the `slow` group's deletion, against the build already in `dist/`), throttles the page,
 * deletes the first card, and traces from the confirming click until a few seconds after the toast. It prints each
 * main-thread task of 50 ms or more with its largest parts, then every idle callback's time (Home's search index is
 * built in them). Options: `--runs=N` (default 2), `--throttle=R` (default 4), `--cards=N` (default 10,000).
 */
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { freshPage, typePin } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { ms, option, printLongTasks, toolCategories } from './support/trace.mjs';

const runs = option('runs', 2);
const rate = option('throttle', 4);
const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 0; run < runs; run++) {
    const seed = { 'sleeve/cards': JSON.stringify(data.large.encrypted), 'sleeve/auth': JSON.stringify(data.auth) };
    const { context, page } = await freshPage(browser, seed);
    await page.goto(`${app.url}/pin/unlock`);
    await typePin(page, data.pin);
    await page.waitForURL(/\/home$/);
    await page.waitForTimeout(1500);
    if (rate > 1) await throttle(page, rate);
    await page.locator('a.card-link').first().click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForTimeout(500);
    await browser.startTracing(page, { categories: toolCategories() });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('.toast', { hasText: 'Card deleted' }).waitFor();
    await page.waitForTimeout(3000);
    const events = printLongTasks(await browser.stopTracing(), `run ${run + 1}`);
    const idle = events.filter((event) => event.name === 'FireIdleCallback').map((event) => ms(event.dur));
    console.log(`  idle callbacks (ms): ${idle.join(', ') || 'none'}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
