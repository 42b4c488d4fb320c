/**
 * The `account` group, against the local backend (bench/support/backend.mjs), with accounts another client could have
 * written (bench/support/accounts.mjs):
 *
 * - `join_to_list_ms_10k`: a new device (fresh profile, production build) signs in through the Auth emulator's Google
 *   popup and enters the password of an account holding 10,000 cards. Timed from the click on Continue to the first
 *   card painted on Home, which the page itself opens the moment 'Signed in' shows (a person takes longer to tap it,
 *   and the cards keep arriving meanwhile).
 * - `live_update_p95_ms`: two such devices of an account of 1,000 cards, both on Home; device A edits a card through
 *   its Edit screen, and the time runs from A's click on Update to B painting the card under its new name, read from
 *   both pages' clocks as wall time. Repeated; the 95th percentile.
 * - `outbox_flush_ms_1k`: on the account bench page (bench/harness/account.ts: the app itself, plus hooks), joined
 *   to the 1,000-card account; the connection goes off (Playwright's offline mode), two cards are edited through the
 *   Edit screen and the rest of 1,000 through the action that screen calls (`outbox_edits_ms_1k` is how long those
 *   edits took), the connection comes back, and the time runs from the database reconnecting to no change waiting
 *   any more (each one acknowledged by the server). Another client then reads what the server holds:
 *   `outbox_lost_1k` counts edits that left the outbox without reaching it (the most of any run).
 * - `derivations_change_password_screen`: on the same page, the password changed through its screen (current
 *   password, then the new one twice), with the PBKDF2 runs the engine counted meanwhile.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').BrowserContext} BrowserContext
 * @typedef {import('playwright').Page} Page
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {import('../support/accounts.mjs').Account} Account
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 */
import { runnerImport } from 'vite';
import { seedAccount } from '../support/accounts.mjs';
import { buildSettings, localBackend } from '../support/backend.mjs';
import { contextDefaults, epochOf, log, PHONE, paintedWhen, probeState } from '../support/pages.mjs';
import { probe } from '../support/probe.mjs';
import { ROOT } from '../support/servers.mjs';
import { median, percentile, round } from '../support/stats.mjs';

/** The stand-in for Google's script loader that the e2e tests serve (the machine has no internet). */
async function loadGapiStandIn() {
  const { module } = await runnerImport(`${ROOT}tests/e2e/support/gapi-stand-in.ts`, {
    configFile: false,
    logLevel: 'warn',
  });
  return /** @type {typeof import('../../tests/e2e/support/gapi-stand-in.ts')} */ (module).serveGapiStandIn;
}

/**
 * A new device of `account` in the production build: Home → You → Account → 'Sign in with Google', the emulator's
 * account chooser, the password; then Home. Resolves once the list is painted, with the time from Continue.
 * @param {Browser} browser @param {string} appUrl @param {Account} account @param {string} password
 * @param {Awaited<ReturnType<typeof loadGapiStandIn>>} serveGapiStandIn
 */
async function joinDevice(browser, appUrl, account, password, serveGapiStandIn) {
  const context = await browser.newContext({ viewport: PHONE, ...contextDefaults });
  await context.addInitScript(probe, { seed: null });
  await serveGapiStandIn(context);
  const page = await context.newPage();
  try {
    await page.goto(`${appUrl}/home`);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByRole('link', { name: 'You', exact: true }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded');
    await popup.locator('.js-reuse-account', { hasText: account.email }).first().click();
    await popup.waitForEvent('close');
    await page.getByRole('heading', { name: 'Enter your password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    // Home is tapped from the page itself the moment 'Signed in' shows.
    await page.evaluate(() =>
      /** @type {any} */ (window).__bench.tapWhen(
        { selector: '.toast', text: 'Signed in' },
        { selector: 'nav a', text: 'Home' },
      ),
    );
    const painted = page.evaluate(() => /** @type {any} */ (window).__bench.firstCardPainted);
    await page.getByRole('button', { name: 'Continue' }).click();
    const paintedAt = /** @type {number} */ (await painted);
    const { clickAt } = await probeState(page);
    await page.waitForURL(/\/home$/);
    return { context, page, ms: paintedAt - clickAt };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Cards the Edit screen saves as they are. The seeded numbers all have 16 digits, as another client may have stored
 * them; the form asks an American Express card for its 15 digits and 4-digit code before it saves.
 */
const EDITABLE_CARD = 'a.card-link:not([aria-label*="American Express"])';

/**
 * One round of a live update: A edits its open card's issuer to `issuer`; the time until B paints it.
 * @param {Page} a on a card's own screen @param {Page} b on Home @param {string} issuer
 */
async function liveRound(a, b, issuer) {
  await a.getByRole('link', { name: 'Edit' }).click();
  await a.getByRole('heading', { name: 'Edit Card' }).waitFor();
  await a.getByLabel('Issuer', { exact: true }).fill(issuer);
  const seen = await paintedWhen(b, { selector: 'a.card-link', text: `${issuer} ` }, 30_000);
  await a.getByRole('button', { name: 'Update' }).click();
  const seenAt = await seen.done();
  const { clickAt } = await probeState(a);
  const ms = (await epochOf(b, seenAt)) - (await epochOf(a, clickAt));
  // Back on the card's own screen, as Update leaves it.
  await a.getByRole('link', { name: 'Edit' }).waitFor();
  return ms;
}

/**
 * The account bench page, started, with a typed way to call its `window.bench`.
 * @param {Browser} browser @param {string} url
 */
async function accountPage(browser, url) {
  const context = await browser.newContext({ viewport: PHONE });
  // Its edits come from the action, not from keys a person presses, so they are not activity: the auto-lock waits
  // an hour here rather than locking mid-run.
  await context.addInitScript(() => {
    if (localStorage.getItem('sleeve/preferences') === null) {
      localStorage.setItem(
        'sleeve/preferences',
        JSON.stringify({
          userInterface: { maskCardNumber: false },
          updates: { checkAtLaunch: true },
          security: { lockAfterMinutes: 60, clipboardClearSeconds: 30 },
        }),
      );
    }
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  /**
   * Calls one method of the page's `window.bench` (bench/harness/account.ts, which this project's Node side cannot
   * type-check: it renders the app's TSX) with JSON-able arguments.
   * @type {(method: string, ...args: unknown[]) => Promise<any>}
   */
  const call = (method, ...args) =>
    page.evaluate(
      ([name, list]) => /** @type {any} */ (window).bench[name](...list),
      /** @type {const} */ ([method, args]),
    );
  await call('start');
  return { context, page, call };
}

/**
 * Edits the card at `position` on Home through the Edit screen, as a person does (an edited card moves to the top,
 * so the cards above `position` are the ones edited just before).
 * @param {Page} page @param {number} position @param {string} issuer
 */
async function editThroughScreen(page, position, issuer) {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.locator(EDITABLE_CARD).nth(position).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'Edit Card' }).waitFor();
  await page.getByLabel('Issuer', { exact: true }).fill(issuer);
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByRole('link', { name: 'Edit' }).waitFor();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
}

/** Opens a card's Edit screen and goes back to Home, so its script is loaded. @param {Page} page */
async function openEditorOnce(page) {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.locator(EDITABLE_CARD).first().click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'Edit Card' }).waitFor();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
}

/** Edits made through the Edit screen before the rest go through its action. */
const SCREEN_EDITS = 2;

/**
 * @param {Awaited<ReturnType<typeof accountPage>>} bench @param {Account} account @param {number} count
 * @param {number} run
 */
async function outboxOnce(bench, account, count, run) {
  const { context, page, call } = bench;
  const label = `Offline ${run}`;
  const since = await call('serverNow');
  // The editor's script loads when first opened; the app's service worker would have it cached, but this bench page
  // has none, so the editor is opened once while online.
  if (run === 0) await openEditorOnce(page);
  await context.setOffline(true);
  await call('whenConnected', false);
  const byScreen = Math.min(SCREEN_EDITS, count);
  for (let index = 0; index < byScreen; index++) await editThroughScreen(page, index, `${label} screen ${index}`);
  const editsMs = await call('edit', count - byScreen, label);
  const waiting = (await call('shown')).waiting;
  if (waiting !== count) throw new Error(`${waiting} changes wait, not ${count}`);
  await context.setOffline(false);
  const upAt = await call('whenConnected', true);
  const syncedAt = await call('whenSynced', 600_000);
  // What the server holds, read by another client, and what this device shows as the server's: a change that left
  // the outbox without landing is lost, which is reported beside the time rather than stopping the benchmark.
  const landed = await account.cardsSince(since);
  const seenHere = await call('serverCardsSince', since);
  if (landed < count) {
    log(
      `outbox: LOST: the outbox emptied, yet the server holds ${landed} of the ${count} edits (this device shows ${seenHere})`,
    );
  }
  return { flush: syncedAt - upAt, edits: editsMs, lost: count - landed };
}

/**
 * Current password, then the new one twice, on the change-password screen; the derivations the engine counted.
 * @param {Awaited<ReturnType<typeof accountPage>>} bench @param {Data} data
 */
async function changePasswordFromScreen(bench, data) {
  const { page, call } = bench;
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security' }).waitFor();
  const before = await call('derivations');
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password', { exact: true }).fill(data.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Password verified').waitFor();
  await page.getByLabel('New password', { exact: true }).fill(data.newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Confirm password', { exact: true }).fill(data.newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password has been changed').waitFor();
  return (await call('derivations')) - before;
}

/**
 * @param {Browser} browser @param {string} appUrl @param {string} accountUrl @param {Data} data @param {Results} results
 * @param {{ joins: number, live: number, outbox: number }} plan
 */
export async function accountFigures(browser, appUrl, accountUrl, data, results, plan) {
  const settings = await buildSettings();
  const backend = await localBackend(settings);
  if (!backend) {
    log('account: the build talks to a real Firebase project, not the local backend; skipped');
    return;
  }
  const serveGapiStandIn = await loadGapiStandIn();
  /** @type {Account[]} */
  const accounts = [];
  try {
    const large = data.large.plain.length;
    const small = data.small.plain.length;
    log(`account: an account of ${large} cards and one of ${small}, written as another client writes them`);
    const joinAccount = await seedAccount(settings, 'join', data.passwordRecord, data.large.encrypted);
    accounts.push(joinAccount);
    const liveAccount = await seedAccount(settings, 'live', data.passwordRecord, data.small.encrypted);
    accounts.push(liveAccount);

    log(`join: ${plan.joins} new devices enter the password of the ${large}-card account`);
    /** @type {number[]} */
    const joins = [];
    for (let run = 0; run < plan.joins; run++) {
      const device = await joinDevice(browser, appUrl, joinAccount, data.password, serveGapiStandIn);
      joins.push(device.ms);
      await device.context.close();
    }
    results.join_to_list_ms_10k = round(median(joins));
    results.join_runs = plan.joins;

    log(`live update: two devices of the ${small}-card account, ${plan.live} edits on one shown on the other`);
    // Both join at once; neither is timed.
    const joined = await Promise.allSettled([
      joinDevice(browser, appUrl, liveAccount, data.password, serveGapiStandIn),
      joinDevice(browser, appUrl, liveAccount, data.password, serveGapiStandIn),
    ]);
    const devices = joined.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = joined.find((outcome) => outcome.status === 'rejected');
    if (failed || devices.length !== 2) {
      for (const device of devices) await device.context.close();
      throw failed?.reason ?? new Error('A device did not join');
    }
    const [a, b] = /** @type {[typeof devices[0], typeof devices[0]]} */ (devices);
    /** @type {number[]} */
    const live = [];
    try {
      await a.page.locator(EDITABLE_CARD).first().click();
      for (let round = 0; round < plan.live; round++) live.push(await liveRound(a.page, b.page, `Live ${round}`));
    } finally {
      await a.context.close();
      await b.context.close();
    }
    results.live_update_p95_ms = round(percentile(live, 95));
    results.live_update_median_ms = round(median(live));
    results.live_update_runs = live.length;

    log(`outbox: ${plan.outbox} times ${small} edits offline, then sent`);
    const bench = await accountPage(browser, accountUrl);
    try {
      await bench.call('join', liveAccount.sub, liveAccount.email, data.password);
      await bench.call('whenShown', small);
      /** @type {{ flush: number, edits: number, lost: number }[]} */
      const outbox = [];
      for (let run = 0; run < plan.outbox; run++) outbox.push(await outboxOnce(bench, liveAccount, small, run));
      results.outbox_flush_ms_1k = round(median(outbox.map((run) => run.flush)));
      results.outbox_edits_ms_1k = round(median(outbox.map((run) => run.edits)));
      results.outbox_lost_1k = Math.max(...outbox.map((run) => run.lost));
      results.outbox_runs = plan.outbox;

      log('derivations: the password changed from its screen');
      results.derivations_change_password_screen = await changePasswordFromScreen(bench, data);
      results.derivations_change_password_screen_runs = 1;
    } finally {
      await bench.context.close();
    }
  } finally {
    for (const account of accounts) await account.remove().catch((error) => log(`account: cleanup: ${error}`));
    await backend.stop();
  }
}
