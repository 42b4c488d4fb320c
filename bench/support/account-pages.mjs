/**
 * What the `account` group (bench/groups/account.mjs) does in its pages, as a person does it: a new device joining an
 * account through the Auth emulator's Google popup, an edit on one device seen on another, edits through the Edit
 * screen, the password changed on its screen; and the account bench page (bench/harness/account.ts) with a way to
 * call its hooks.
 *
 * @typedef {import('playwright').Browser} Browser
 * @typedef {import('playwright').Page} Page
 * @typedef {import('./accounts.mjs').Account} Account
 * @typedef {Awaited<ReturnType<typeof accountPage>>} AccountPage
 */
import { runnerImport } from 'vite';
import { throttle } from './cdp.mjs';
import { contextDefaults, epochOf, longTasksSince, PHONE, paintedWhen, probeState } from './pages.mjs';
import { probe } from './probe.mjs';
import { ROOT } from './servers.mjs';

/** The stand-in for Google's script loader that the e2e tests serve (the machine has no internet). */
export async function loadGapiStandIn() {
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
export async function joinDevice(browser, appUrl, account, password, serveGapiStandIn) {
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

/** How long a device is left after its cards are shown, for what follows them (the copy kept for offline, stored). */
const AFTER_SHOWN_MS = 3_000;

/**
 * Long tasks of a device that has just joined (`joinDevice`), from Continue until a while after the list is shown.
 * @param {Page} page
 */
export async function longTasksOfJoin(page) {
  await page.waitForTimeout(AFTER_SHOWN_MS);
  const { clickAt } = await probeState(page);
  return (await longTasksSince(page, clickAt)).count;
}

/**
 * A joined device started again at 4× CPU throttle, as a person opens Sleeve: the unlock screen while the account's
 * cards arrive, the password, then Home. Its long tasks from the load until a while after the list is shown.
 * @param {Page} page @param {string} password
 */
export async function longTasksOfSlowStart(page, password) {
  await throttle(page, 4);
  await page.reload();
  const field = page.getByLabel('Enter password');
  await field.waitFor();
  // The account's cards arrive while the person types the password; a person takes seconds.
  await page.waitForTimeout(AFTER_SHOWN_MS);
  await field.fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('a.card-link').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(AFTER_SHOWN_MS);
  return (await longTasksSince(page, 0)).count;
}

/**
 * Cards the Edit screen saves as they are. The seeded numbers all have 16 digits, as another client may have stored
 * them; the form asks an American Express card for its 15 digits and 4-digit code before it saves.
 */
export const EDITABLE_CARD = 'a.card-link:not([aria-label*="American Express"])';

/**
 * One round of a live update: A edits its open card's issuer to `issuer`; the time until B paints it.
 * @param {Page} a on a card's own screen @param {Page} b on Home @param {string} issuer
 */
export async function liveRound(a, b, issuer) {
  await a.getByRole('link', { name: 'Edit', exact: true }).click();
  await a.getByRole('heading', { name: 'Edit Card' }).waitFor();
  await a.getByLabel('Issuer', { exact: true }).fill(issuer);
  const seen = await paintedWhen(b, { selector: 'a.card-link', text: `${issuer} ` }, 30_000);
  await a.getByRole('button', { name: 'Update' }).click();
  const seenAt = await seen.done();
  const { clickAt } = await probeState(a);
  const ms = (await epochOf(b, seenAt)) - (await epochOf(a, clickAt));
  // Back on the card's own screen, as Update leaves it.
  await a.getByRole('link', { name: 'Edit', exact: true }).waitFor();
  return ms;
}

/**
 * The account bench page, started, with a typed way to call its `window.bench`.
 * @param {Browser} browser @param {string} url
 */
export async function accountPage(browser, url) {
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
export async function editThroughScreen(page, position, issuer) {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.locator(EDITABLE_CARD).nth(position).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('heading', { name: 'Edit Card' }).waitFor();
  await page.getByLabel('Issuer', { exact: true }).fill(issuer);
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
}

/** Opens a card's Edit screen and goes back to Home, so its script is loaded. @param {Page} page */
export async function openEditorOnce(page) {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.locator(EDITABLE_CARD).first().click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('heading', { name: 'Edit Card' }).waitFor();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
}

/**
 * Current password, then the new one twice, on the change-password screen; the derivations the engine counted.
 * @param {AccountPage} bench @param {{ password: string, newPassword: string }} data
 */
export async function changePasswordFromScreen(bench, data) {
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
