/**
 * The `passkey` group: 'Unlock with passkey' → list of 1,000 cards painted, in the production build served as
 * localhost (WebAuthn needs a domain name), with Chromium's virtual authenticator (the DevTools protocol's WebAuthn
 * domain: CTAP2, internal transport, resident keys, user verification that succeeds, and PRF). The passkey is set up
 * once through Security, as a person does (the PIN verified first); each run then reloads the page, which opens
 * locked, and clicks 'Unlock with passkey' once the page has loaded and a person would have found the button (the
 * same 750 ms the PIN's first five digits take). Timed from the click to the first card painted: the WebAuthn
 * ceremony, the HKDF and unwrap in the worker, opening the cards and the list's first paint.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').Page} Page
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { runnerImport } from 'vite';
import { freshPage, log, longTasksSince, pace, probeState, typePin, typePinUntilList } from '../support/pages.mjs';
import { ROOT } from '../support/servers.mjs';
import { median, round } from '../support/stats.mjs';

/**
 * The tests' virtual authenticator (tests/e2e/support/virtual-authenticator.ts: platform, user verification that
 * succeeds, PRF), so the bench and the tests drive the same passkey. It lasts as long as the tab, across reloads.
 */
async function loadVirtualAuthenticator() {
  const { module } = await runnerImport(`${ROOT}tests/e2e/support/virtual-authenticator.ts`, {
    configFile: false,
    logLevel: 'warn',
  });
  return /** @type {typeof import('../../tests/e2e/support/virtual-authenticator.ts')} */ (module)
    .addVirtualAuthenticator;
}

/** Security → 'Set up passkey unlock', through the PIN's verification. @param {Page} page @param {string} pin */
async function setUpPasskey(page, pin) {
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Set up passkey unlock' }).click();
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, pin);
  await page.getByText('Passkey has been set up').waitFor();
}

/** One reload, then the passkey unlock. @param {Page} page @param {string} url */
async function passkeyUnlock(page, url) {
  await page.goto(url);
  const button = page.getByRole('button', { name: 'Unlock with passkey' });
  await button.waitFor();
  await page.waitForTimeout(5 * pace.keyMs);
  const painted = page.evaluate(() => /** @type {any} */ (window).__bench.firstCardPainted);
  await button.click();
  await painted;
  const state = await probeState(page);
  const long = await longTasksSince(page, state.clickAt);
  return { ms: /** @type {number} */ (state.firstCardAt) - state.clickAt, longTasks: long.count };
}

/**
 * @param {Browser} browser @param {string} appUrl @param {Data} data @param {Results} results
 * @param {{ runs: number }} plan
 */
export async function passkeyFigures(browser, appUrl, data, results, { runs }) {
  log(`passkey: ${runs} passkey unlocks of ${data.small.plain.length} cards`);
  const url = `${appUrl.replace('//127.0.0.1:', '//localhost:')}/pin/unlock`;
  const seed = { 'sleeve/cards': JSON.stringify(data.small.encrypted), 'sleeve/auth': JSON.stringify(data.auth) };
  const addVirtualAuthenticator = await loadVirtualAuthenticator();
  const { context, page } = await freshPage(browser, seed);
  /** @type {Awaited<ReturnType<typeof passkeyUnlock>>[]} */
  const unlocks = [];
  try {
    await addVirtualAuthenticator(page);
    await page.goto(url);
    await typePinUntilList(page, data.pin);
    await setUpPasskey(page, data.pin);
    for (let run = 0; run < runs; run++) unlocks.push(await passkeyUnlock(page, url));
  } finally {
    await context.close();
  }
  results.unlock_passkey_to_list_ms_1k = round(median(unlocks.map((run) => run.ms)));
  results.long_tasks_unlock_passkey_1k = median(unlocks.map((run) => run.longTasks));
  results.passkey_runs = runs;
}
