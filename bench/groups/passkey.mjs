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
import { freshPage, log, longTasksSince, pace, probeState, typePin, typePinUntilList } from '../support/pages.mjs';
import { median, round } from '../support/stats.mjs';

/** A platform authenticator with PRF for `page`'s tab; it lasts as long as the tab, across reloads. @param {Page} page */
async function addVirtualAuthenticator(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
    },
  });
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
