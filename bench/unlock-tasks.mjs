/**
 * Where a throttled unlock's time goes, as `long_tasks_unlock_1k_slow` cannot say: `node bench/unlock-tasks.mjs`
 * unlocks 1,000 cards with the device-bound PIN (the `unlock` group's profile, against the build already in `dist/`)
 * with the page throttled and its caches forgotten as the `slow` group's unlock does, and traces from just before
 * the PIN's last digit until Home's first card is painted and a moment after. It prints the unlock's time, then each
 * main-thread task of 50 ms or more with its largest parts. Options: `--runs=N` (default 3), `--throttle=R`
 * (default 4), `--cards=N` (default 1,000).
 */

import { boundProfile, forgetCaches } from './groups/unlock.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { typePinUntilList } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { ms, option, printLongTasks, toolCategories } from './support/trace.mjs';

const runs = option('runs', 3);
const rate = option('throttle', 4);
const data = await makeData({ small: option('cards', 1000), large: 10, startup: 10 });
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  const { context } = await boundProfile(browser, app.url, data, data.small.encrypted);
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    await forgetCaches(page, new URL(app.url).origin);
    if (rate > 1) await throttle(page, rate);
    await page.goto(`${app.url}/pin/unlock`);
    await page.getByRole('group', { name: 'PIN keypad' }).waitFor();
    await page.waitForTimeout(500);
    const unlocked = await typePinUntilList(page, data.pin, {
      beforeLast: () => browser.startTracing(page, { categories: toolCategories() }),
    });
    await page.waitForTimeout(600);
    printLongTasks(await browser.stopTracing(), `run ${run + 1}: unlock ${ms(unlocked.ms * 1000)} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  await app.close();
}
