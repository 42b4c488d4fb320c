/**
 * The `transfer` group: a 10,000-card Bitwarden JSON export imported through Data Management on a PIN-protected
 * device (so every card is sealed in the worker and stored encrypted), then an encrypted backup of those 10,000 cards
 * exported, then a plain file of them (Bitwarden in even runs, Credential Exchange in odd ones), then one of its
 * cards deleted, all through the production build's screens as a person would use them.
 *
 * `import_ms_10k` is the app's own time: the file chosen (the input's change event) → the preview painted (its
 * 'Import N cards' button and its first hundred rows), plus
 * 'Import N cards' clicked → 'Imported N cards' painted (the stored, encrypted cards); the moment the benchmark takes
 * between the two, where a person would read the preview, is left out. `export_ms_10k` runs from the sixth digit of
 * the PIN that Export asks for first (the keystroke that starts the work: the PIN's verification, the backup key's
 * derivation and the encryption) → the download starting; `export_plain_ms_10k` the same for the plain file, whose
 * PIN is asked for after the warning's 'Export anyway'. Long tasks are counted over the same spans: for an import,
 * those that start between the file chosen and the preview painted, or between the click and the stored cards
 * painted (the benchmark's own work between the two, such as finding the button, is not the app's; nor is scrolling
 * to the button, done and settled before the click as a person scrolls before tapping).
 *
 * When the `slow` group runs too, each run also makes the same import and export on a page whose CPU is throttled 4×
 * (bench/support/cdp.mjs), in turn with the unthrottled one (`inTurn`, bench/groups/slow.mjs), and hands those
 * samples to `SlowRuns`, which reports `import_ms_10k_slow`, `long_tasks_import_10k_slow`, `export_ms_10k_slow`,
 * `long_tasks_export_10k_slow` and the same for the plain export.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').Page} Page
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { throttle } from '../support/cdp.mjs';
import { bitwardenExport } from '../support/data.mjs';
import {
  freshPage,
  log,
  longTasksSince,
  pace,
  paintedWhen,
  probeState,
  scrolledTo,
  typePin,
} from '../support/pages.mjs';
import { median, round } from '../support/stats.mjs';
import { inTurn } from './slow.mjs';
import { storeFloor } from './store-floor.mjs';
import { exportOnce, openDataManagement, plainExportOnce } from './transfer-exports.mjs';

/** @param {Page} page @param {Buffer} file @param {number} count */
async function importOnce(page, file, count) {
  await openDataManagement(page, 'Import cards');
  const button = `Import ${count} cards`;
  const preview = await paintedWhen(page, { selector: 'button', text: button });
  // The preview shows its first hundred rows; painted once the last of them is.
  const rows = await paintedWhen(page, { selector: `.transfer-rows > li:nth-child(${Math.min(count, 100)})` });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bitwarden.json', mimeType: 'application/json', buffer: file });
  const previewAt = Math.max(await preview.done(), await rows.done());
  const { changeAt } = await probeState(page);
  // The button is below the preview's rows: scrolled to first, as a person would before tapping it.
  await scrolledTo(page, page.getByRole('button', { name: button }));
  const stored = await paintedWhen(page, { selector: '.toast', text: `Imported ${count} cards` });
  await page.getByRole('button', { name: button }).click();
  const storedAt = await stored.done();
  const { clickAt } = await probeState(page);
  // Over the same two spans as the time: the benchmark's own work between them (finding the button, at 4× a long
  // task of its own in a page of a hundred rows) is not the app's.
  const previewLong = await longTasksSince(page, changeAt, previewAt);
  const storeLong = await longTasksSince(page, clickAt, storedAt);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('sleeve/cards') ?? 'null'));
  if (kept?.type !== 'ENCRYPTED' || Object.keys(kept.cards).length !== count) {
    throw new Error(`The import did not store ${count} encrypted cards`);
  }
  return {
    ms: previewAt - changeAt + (storedAt - clickAt),
    preview: previewAt - changeAt,
    store: storedAt - clickAt,
    longTasks: previewLong.count + storeLong.count,
    longestTask: Math.max(previewLong.longest, storeLong.longest),
    /** Of those, the ones before the preview was painted (the file read and the preview built and shown). */
    previewLongTasks: previewLong.count,
  };
}

/** A second after the deletion is painted: the work a deletion leaves behind (its search index made again) is felt. */
const AFTER_DELETE_MS = 1_000;

/**
 * From Home, the first card opened and deleted, as a person deletes one card of a full wallet: timed from the click
 * that confirms to the painted 'Card deleted', long tasks counted until a second after that paint.
 * @param {Page} page @param {number} count
 */
async function deleteOnce(page, count) {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL(/\/home$/);
  await page.locator('a.card-link').first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const deleted = await paintedWhen(page, { selector: '.toast', text: 'Card deleted' });
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const deletedAt = await deleted.done();
  const { clickAt } = await probeState(page);
  await page.waitForTimeout(AFTER_DELETE_MS);
  const long = await longTasksSince(page, clickAt, deletedAt + AFTER_DELETE_MS);
  const kept = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('sleeve/cards') ?? '{}').cards));
  if (kept.length !== count - 1) throw new Error(`The deletion did not leave ${count - 1} cards`);
  return { ms: deletedAt - clickAt, longTasks: long.count, longestTask: long.longest };
}

/**
 * One fresh profile under a PIN: the import of `file`, the two exports of what it stored, then one card deleted; throttled
 * 4× when `slow`, and then the text the import stored is stored again by a page without the app
 * (bench/groups/store-floor.mjs), once the app's page is closed (its storage events would wake that page).
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {Buffer} file @param {boolean} slow
 * @param {number} run which run this is (it picks the plain format)
 */
async function transferOnce(browser, appUrl, data, file, slow, run) {
  const seed = {
    'sleeve/cards': JSON.stringify({ type: 'ENCRYPTED', cards: {} }),
    'sleeve/auth': JSON.stringify(data.auth),
  };
  const { context, page } = await freshPage(browser, seed, { acceptDownloads: true });
  const done = await transferOnPage(page, appUrl, data, file, slow, run).finally(() => context.close());
  const floor = slow ? await storeFloor(browser, appUrl, 'sleeve/cards', done.storedText) : [];
  return { ...done, floor };
}

/**
 * @param {Page} page @param {string} appUrl @param {Data} data @param {Buffer} file @param {boolean} slow
 * @param {number} run
 */
async function transferOnPage(page, appUrl, data, file, slow, run) {
  const count = data.large.plain.length;
  if (slow) await throttle(page);
  await page.goto(`${appUrl}/pin/unlock`);
  await typePin(page, data.pin);
  await page.waitForURL(/\/home$/);
  await page.waitForTimeout(pace.keyMs);
  const imported = await importOnce(page, file, count);
  // What the import stored, the text of every card as the app wrote it, for the floor under its store.
  const storedText = /** @type {string} */ (await page.evaluate(() => localStorage.getItem('sleeve/cards')));
  await page.waitForURL(/\/home$/);
  const exported = await exportOnce(page, data.pin, count);
  const exportedPlain = await plainExportOnce(page, data.pin, count, run);
  return { imported, storedText, exported, exportedPlain, deleted: await deleteOnce(page, count) };
}

/**
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {Results} results
 * @param {{ runs: number, slowRuns: import('./slow.mjs').SlowRuns | null }} plan
 */
export async function transferFigures(browser, appUrl, data, results, { runs, slowRuns }) {
  const cards = data.large.plain;
  log(
    `transfer: ${runs} imports of a ${cards.length}-card Bitwarden file under a PIN, each followed by two exports` +
      (slowRuns ? ', each pair beside a throttled one' : ''),
  );
  const file = Buffer.from(bitwardenExport(cards));
  /** @type {Awaited<ReturnType<typeof importOnce>>[]} */
  const imports = [];
  /** @type {Awaited<ReturnType<typeof exportOnce>>[]} */
  const exports = [];
  /** @type {Awaited<ReturnType<typeof plainExportOnce>>[]} */
  const plainExports = [];
  /** @type {Awaited<ReturnType<typeof deleteOnce>>[]} */
  const deletes = [];
  for (let run = 0; run < runs; run++) {
    const pair = await inTurn(
      run,
      () => transferOnce(browser, appUrl, data, file, false, run),
      slowRuns ? () => transferOnce(browser, appUrl, data, file, true, run) : null,
    );
    imports.push(pair.plain.imported);
    exports.push(pair.plain.exported);
    plainExports.push(pair.plain.exportedPlain);
    deletes.push(pair.plain.deleted);
    if (pair.slow) {
      slowRuns?.imports.push(pair.slow.imported);
      slowRuns?.exports.push(pair.slow.exported);
      slowRuns?.plainExports.push(pair.slow.exportedPlain);
      slowRuns?.deletes.push(pair.slow.deleted);
      slowRuns?.storeFloor.push(...pair.slow.floor);
    }
  }
  const of = (/** @type {{ [key: string]: number }[]} */ runs, /** @type {string} */ key) =>
    round(median(runs.map((run) => /** @type {number} */ (run[key]))));
  results.import_ms_10k = of(imports, 'ms');
  results.import_preview_ms_10k = of(imports, 'preview');
  results.import_store_ms_10k = of(imports, 'store');
  results.long_tasks_import_10k = median(imports.map((run) => run.longTasks));
  results.longest_task_import_10k_ms = of(imports, 'longestTask');
  results.export_ms_10k = of(exports, 'ms');
  results.long_tasks_export_10k = median(exports.map((run) => run.longTasks));
  results.longest_task_export_10k_ms = of(exports, 'longestTask');
  results.long_tasks_passphrase_10k = median(exports.map((run) => run.passphraseLongTasks));
  results.export_plain_ms_10k = of(plainExports, 'ms');
  results.long_tasks_export_plain_10k = median(plainExports.map((run) => run.longTasks));
  results.longest_task_export_plain_10k_ms = of(plainExports, 'longestTask');
  results.delete_ms_10k = of(deletes, 'ms');
  results.long_tasks_delete_10k = median(deletes.map((run) => run.longTasks));
  results.longest_task_delete_10k_ms = of(deletes, 'longestTask');
  results.transfer_runs = runs;
}
