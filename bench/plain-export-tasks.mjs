/**
 * A plain export's long tasks, which the `transfer` group (an encrypted backup) does not time:
 * `node bench/plain-export-tasks.mjs` opens Export cards on a device without a PIN holding the benchmark's 10,000
 * plain cards (against the build already in `dist/`), chooses Bitwarden and then Credential Exchange, throttles the
 * page, and confirms 'Export anyway'. For each it prints the time from that click to the download, the long tasks
 * the page counted until half a second after it (each 50 ms or more, as the benchmark counts them), and the file's
 * size (after checking that it holds every card). Options: `--runs=N` (default 2), `--throttle=R` (default 4), `--cards=N` (default 10,000).
 */
import { readFile } from 'node:fs/promises';
import { PLAIN_FORMATS } from './groups/transfer-exports.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { makeData } from './support/data.mjs';
import { freshPage, longTasksSince, probeState } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { option } from './support/trace.mjs';

const runs = option('runs', 2);
const rate = option('throttle', 4);
const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const count = data.large.plain.length;
const seed = {
  'sleeve/cards': JSON.stringify({
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(data.large.plain.map((card) => [card.id, card])),
  }),
};
/** After the download: the work the export leaves behind (the toast, the way back) is counted too. */
const AFTER_MS = 500;

const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  console.log(`plain export of ${count} cards, throttled ${rate}×`);
  for (let run = 0; run < runs; run++) {
    for (const { name: format, label, cards } of PLAIN_FORMATS) {
      const { context, page } = await freshPage(browser, seed, { acceptDownloads: true });
      try {
        await page.goto(`${app.url}/user/data-management/export`);
        await page.getByRole('heading', { name: 'Export cards' }).waitFor();
        await page.getByLabel(label).check();
        await page.getByRole('button', { name: `Export ${count} cards without encryption` }).click();
        await page.getByRole('button', { name: 'Export anyway' }).waitFor();
        if (rate > 1) await throttle(page, rate);
        const downloaded = page.waitForEvent('download', { timeout: 120_000 });
        await page.getByRole('button', { name: 'Export anyway' }).click();
        const download = await downloaded;
        await page.waitForFunction(() => /** @type {any} */ (window).__bench.downloadAt > 0);
        const { clickAt, downloadAt } = await probeState(page);
        await page.waitForTimeout(AFTER_MS);
        const long = await longTasksSince(page, clickAt, downloadAt + AFTER_MS);
        const text = await readFile(await download.path(), 'utf8');
        const held = cards(JSON.parse(text));
        if (held !== count) throw new Error(`The ${format} file holds ${held} cards, not ${count}`);
        const size = Buffer.byteLength(text);
        console.log(
          `  run ${run + 1} ${format}: ${Math.round(downloadAt - clickAt)} ms to the download, ` +
            `${long.count} long tasks (longest ${Math.round(long.longest)} ms), ${(size / 1e6).toFixed(2)} MB`,
        );
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await app.close();
}
