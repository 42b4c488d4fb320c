/**
 * Where a throttled unlock's time goes, as `long_tasks_unlock_1k_slow` cannot say: `node bench/unlock-tasks.mjs`
 * unlocks 1,000 cards with the device-bound PIN (the `unlock` group's profile, against the build already in `dist/`)
 * with the page throttled and its caches forgotten as the `slow` group's unlock does, and traces from just before
 * the PIN's last digit until Home's first card is painted and a moment after. It prints the unlock's time, then each
 * main-thread task of 50 ms or more with its largest parts. Options: `--runs=N` (default 3), `--throttle=R`
 * (default 4), `--cards=N` (default 1,000).
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, requireChromium } from '../scripts/chromium.mjs';
import { boundProfile, forgetCaches } from './groups/unlock.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { typePinUntilList } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { longTasksOf, mainThreadEvents, ms, option, TRACE_CATEGORIES, taskParts } from './support/trace.mjs';

const runs = option('runs', 3);
const rate = option('throttle', 4);
const data = await makeData({ small: option('cards', 1000), large: 10, startup: 10 });
const app = await serveApp();
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
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
      beforeLast: () => browser.startTracing(page, { categories: TRACE_CATEGORIES }),
    });
    await page.waitForTimeout(600);
    const events = mainThreadEvents(await browser.stopTracing());
    const tasks = longTasksOf(events);
    console.log(`run ${run + 1}: unlock ${ms(unlocked.ms * 1000)} ms; ${tasks.length} tasks of 50 ms or more`);
    const start = tasks[0]?.ts ?? 0;
    for (const task of tasks) {
      console.log(`  task at ${ms(task.ts - start)} ms: ${ms(task.dur)} ms`);
      for (const line of taskParts(task, events)) console.log(line);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await app.close();
}
