/**
 * The `transfer` group's exports (bench/groups/transfer.mjs): an encrypted backup of every card, its passphrase typed a
 * key at a time, and a plain file of them (Bitwarden or Credential Exchange), each timed from the sixth digit of the
 * PIN that Export asks for to the download, with the long tasks over that span.
 *
 * @typedef {import('playwright').Page} Page
 */
import { readFile } from 'node:fs/promises';
import { longTasksSince, pace, probeState, typePin } from '../support/pages.mjs';

/** A passphrase the backup form accepts (zxcvbn score 4). */
const PASSPHRASE = 'Tulip harbour quartz lantern 57';

/** @param {Page} page @param {string} area the link under You */
export async function openDataManagement(page, area) {
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Data Management' }).click();
  await page.getByRole('link', { name: area }).click();
  await page.getByRole('heading', { name: area }).waitFor();
}

/**
 * The backup's passphrase typed as a person types it, a key at a time (its strength estimated as it grows), and its
 * confirmation filled in; the long tasks from its first key until the save is offered (which waits for the verdict
 * on the whole passphrase).
 * @param {Page} page @param {number} count
 */
async function typePassphrase(page, count) {
  await page.getByLabel('Backup passphrase', { exact: true }).focus();
  const from = await page.evaluate(() => performance.now());
  await page.keyboard.type(PASSPHRASE, { delay: pace.keyMs });
  await page.getByLabel('Confirm passphrase', { exact: true }).fill(PASSPHRASE);
  await page.waitForFunction(
    (name) => Array.from(document.querySelectorAll('button')).some((b) => b.textContent === name && !b.disabled),
    `Save encrypted backup of ${count} cards`,
  );
  const to = await page.evaluate(() => performance.now());
  return (await longTasksSince(page, from, to)).count;
}

/** @param {Page} page @param {string} pin @param {number} count */
export async function exportOnce(page, pin, count) {
  await openDataManagement(page, 'Export cards');
  const passphraseLongTasks = await typePassphrase(page, count);
  await page.getByRole('button', { name: `Save encrypted backup of ${count} cards` }).click();
  const { file, ...timed } = await downloadAfterPin(page, pin);
  if (file.format !== 'sleeve-backup' || file.count !== count) {
    throw new Error(`The export was not a backup of ${count} cards`);
  }
  return { ...timed, passphraseLongTasks };
}

/**
 * The PIN that Export asks for, typed; the file it downloads (as JSON), timed from the PIN's sixth digit, with the
 * long tasks over that span.
 * @param {Page} page @param {string} pin
 */
async function downloadAfterPin(page, pin) {
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, pin.slice(0, -1));
  const downloaded = page.waitForEvent('download', { timeout: 120_000 });
  await page.keyboard.press(pin.slice(-1));
  const download = await downloaded;
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.downloadAt > 0);
  const { keydownAt, downloadAt } = await probeState(page);
  const long = await longTasksSince(page, keydownAt, downloadAt);
  /** @type {any} */
  const file = JSON.parse(await readFile(await download.path(), 'utf8'));
  return { file, ms: downloadAt - keydownAt, longTasks: long.count, longestTask: long.longest };
}

/** The Export screen's plain formats: their names here, their choices as the person reads them, the cards a file holds. */
const PLAIN_FORMATS = [
  {
    name: 'bitwarden',
    label: 'Bitwarden (JSON, not encrypted)',
    cards: (/** @type {any} */ file) => file.items?.length,
  },
  {
    name: 'cxf',
    label: 'Credential Exchange (JSON, not encrypted)',
    cards: (/** @type {any} */ file) => file.accounts?.[0]?.items?.length,
  },
];

/**
 * A plain export of every card, in the format `run` picks: the warning's 'Export anyway', then the PIN, timed from its
 * sixth digit to the download as the backup is.
 * @param {Page} page @param {string} pin @param {number} count @param {number} run
 */
export async function plainExportOnce(page, pin, count, run) {
  const format = /** @type {(typeof PLAIN_FORMATS)[number]} */ (PLAIN_FORMATS[run % PLAIN_FORMATS.length]);
  await openDataManagement(page, 'Export cards');
  await page.getByLabel(format.label).check();
  await page.getByRole('button', { name: `Export ${count} cards without encryption` }).click();
  await page.getByRole('button', { name: 'Export anyway' }).click();
  const { file, ...timed } = await downloadAfterPin(page, pin);
  const held = format.cards(file);
  if (held !== count) throw new Error(`The plain export (${format.label}) held ${held} cards, not ${count}`);
  return timed;
}
