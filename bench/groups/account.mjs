/**
 * The `account` group, against the local backend (bench/support/backend.mjs), with accounts another client could have
 * written (bench/support/accounts.mjs):
 *
 * - `join_to_list_ms_10k`: a new device (fresh profile, production build) signs in through the Auth emulator's Google
 *   popup and enters the password of an account holding 10,000 cards. Timed from the click on Continue to the first
 *   card painted on Home, which the page itself opens the moment 'Signed in' shows (a person takes longer to tap it,
 *   and the cards keep arriving meanwhile). `long_tasks_join_10k`: that device's long tasks from Continue until 3 s
 *   after the list shows (the cards stored for offline meanwhile); the most of any run.
 * - `long_tasks_account_start_10k_slow`: each such device then started again at 4× CPU throttle, its cards arriving
 *   while the unlock screen waits 3 s for the password, then unlocked, Home shown and 3 s more: its long tasks from the
 *   load; the most of any run.
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
 * @typedef {import('../support/pages.mjs').Results} Results
 * @typedef {import('../support/accounts.mjs').Account} Account
 * @typedef {Awaited<ReturnType<typeof import('../support/data.mjs').makeData>>} Data
 * @typedef {import('../support/account-pages.mjs').AccountPage} AccountPage
 */
import {
  accountPage,
  changePasswordFromScreen,
  EDITABLE_CARD,
  editThroughScreen,
  joinDevice,
  liveRound,
  loadGapiStandIn,
  longTasksOfJoin,
  longTasksOfSlowStart,
  openEditorOnce,
} from '../support/account-pages.mjs';
import { seedAccount } from '../support/accounts.mjs';
import { buildSettings, localBackend } from '../support/backend.mjs';
import { log } from '../support/pages.mjs';
import { median, percentile, round } from '../support/stats.mjs';

/** Edits made through the Edit screen before the rest go through its action. */
const SCREEN_EDITS = 2;

/**
 * One offline round on the account bench page: `count` edits made offline (the first through the Edit screen), the
 * connection back, and the time until none waits; with how long the edits took and how many never reached the server.
 * @param {AccountPage} bench @param {Account} account @param {number} count @param {number} run
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
    /** @type {number[]} */
    const joinTasks = [];
    /** @type {number[]} */
    const startTasks = [];
    for (let run = 0; run < plan.joins; run++) {
      const device = await joinDevice(browser, appUrl, joinAccount, data.password, serveGapiStandIn);
      try {
        joins.push(device.ms);
        joinTasks.push(await longTasksOfJoin(device.page));
        startTasks.push(await longTasksOfSlowStart(device.page, data.password));
        log(`join ${run}: ${joinTasks.at(-1)} long tasks; started again at 4x: ${startTasks.at(-1)}`);
      } finally {
        await device.context.close();
      }
    }
    results.join_to_list_ms_10k = round(median(joins));
    results.join_runs = plan.joins;
    results.long_tasks_join_10k = Math.max(...joinTasks);
    results.long_tasks_account_start_10k_slow = Math.max(...startTasks);

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
