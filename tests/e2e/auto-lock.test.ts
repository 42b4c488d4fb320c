/**
 * Once a PIN protects the wallet, the built app locks itself after 5 minutes without activity (the default 'Lock
 * after'), counting time the tab spends hidden, and 'Lock now' locks it at once. Locked, the page holds no card and
 * nothing half typed. Time is Playwright's clock, installed before the app loads: paused, it moves only when a test
 * moves it.
 */
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import { addCard, fillNewCard, MASTERCARD, typePin, VISA } from './support/actions';
import { appUrl, contextPerTest, watchPageErrors } from './support/browser';
import { createPinFromSecurity, openSecurity } from './support/pin-flows';
import { realTabsPerTest } from './support/real-tabs';

const PIN = '274951';
const openContext = contextPerTest();
const openRealTabs = realTabsPerTest();

const visaLink = (page: Page) =>
  page.getByRole('link', { name: /^First Bank Visa ending 1111, Ada Lovelace, expires 12\/29$/ });
const pathOf = (page: Page): string => new URL(page.url()).pathname;
const pageText = (page: Page): Promise<string> => page.evaluate(() => document.body.textContent ?? '');

/** The app with its clock installed, a Visa card added and a PIN created; ends on Home. */
async function protectedWallet(page: Page): Promise<string[]> {
  const errors = watchPageErrors(page);
  await page.clock.install();
  await page.goto(appUrl('/home'));
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  await goHome(page);
  return errors;
}

async function goHome(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL(/\/home$/);
  await visaLink(page).waitFor();
}

/** From now on, the page's time moves only when the test moves it. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** Does `act` and waits until the page has received `event` on its window, where the app listens for activity. */
async function actAndWaitForPage(page: Page, event: string, act: () => Promise<void>): Promise<void> {
  const arrival = await page.evaluateHandle(
    (name) => ({
      arrived: new Promise<void>((resolve) => {
        window.addEventListener(name, () => resolve(), { capture: true, once: true });
      }),
    }),
    event,
  );
  await act();
  await arrival.evaluate((waiting) => waiting.arrived);
}

/** Waits until the page's scroll position has held for a moment: its last scroll event has been dispatched. */
async function scrollSettled(page: Page): Promise<void> {
  let last: number | null = null;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const held = now === last;
        last = now;
        return held;
      },
      { interval: 100 },
    )
    .toBe(true);
}

/** Open on Home, the card shown. */
async function expectOpen(page: Page): Promise<void> {
  expect(pathOf(page)).toBe('/home');
  await visaLink(page).waitFor();
}

/** The unlock screen, and no card left in the page. */
async function expectLocked(page: Page): Promise<void> {
  await page.waitForURL(/\/pin\/unlock$/);
  await page.getByText('Unlock using your PIN.').waitFor();
  expect(await pageText(page)).not.toContain('First Bank');
  expect(await page.locator('a.card-link').count()).toBe(0);
}

async function unlock(page: Page): Promise<void> {
  await page.clock.resume();
  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);
  await visaLink(page).waitFor();
}

it('locks after 5 minutes without activity once a PIN exists, not before', async () => {
  const page = await (await openContext()).newPage();
  const errors = await protectedWallet(page);
  await pauseClock(page);
  await page.clock.fastForward('04:50');
  await expectOpen(page);
  await page.clock.fastForward('00:15');
  await expectLocked(page);
  await unlock(page);
  expect(errors).toEqual([]);
});

it('waits again from the last pointer, key or wheel', async () => {
  // Short, so the wheel scrolls Home as it would for a person.
  const page = await (await openContext({ viewport: { width: 480, height: 400 } })).newPage();
  const errors = await protectedWallet(page);
  await pauseClock(page);
  // Each activity, and the page event that shows the app has seen it: Chromium hands pointer moves and wheels to the
  // page with its next frame, which can come after the test has already moved the clock on. A wheel's scroll follows
  // it, over frames of its own and each an activity too, so that one waits until the page has stopped scrolling.
  const activities: [string, () => Promise<void>][] = [
    ['pointermove', () => page.mouse.move(120, 240)],
    ['keydown', () => page.keyboard.press('Shift')],
    ['scroll', () => page.mouse.wheel(0, 120)],
  ];
  for (const [event, act] of activities) {
    await page.clock.fastForward('04:50');
    await actAndWaitForPage(page, event, act);
  }
  await scrollSettled(page);
  // 14 minutes 30 seconds since the PIN, but only 4 minutes 50 seconds since the last activity.
  await page.clock.fastForward('04:50');
  await expectOpen(page);
  await page.clock.fastForward('00:15');
  await expectLocked(page);
  expect(errors).toEqual([]);
});

it("stays open with 'Lock after' set to Never", async () => {
  const page = await (await openContext()).newPage();
  const errors = await protectedWallet(page);
  await openSecurity(page);
  await page.getByRole('combobox', { name: 'Lock after' }).selectOption('Never');
  // The choice is kept once it is stored; a clock paused before that would run the old setting's timer.
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null')?.security?.lockAfterMinutes),
    )
    .toBeNull();
  await goHome(page);
  await pauseClock(page);
  await page.clock.fastForward('02:00:00');
  await expectOpen(page);
  expect(errors).toEqual([]);
});

it("'Lock now' on Home and in Security locks at once", async () => {
  const page = await (await openContext()).newPage();
  const errors = await protectedWallet(page);
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expectLocked(page);
  await unlock(page);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expectLocked(page);
  await unlock(page);
  expect(errors).toEqual([]);
});

it('leaves nothing half typed behind: a lock ends the form, and unlocking starts on Home', async () => {
  const page = await (await openContext()).newPage();
  const errors = await protectedWallet(page);
  await fillNewCard(page, MASTERCARD);
  await pauseClock(page);
  await page.clock.fastForward('05:10');
  await expectLocked(page);
  const typed = await page.evaluate(() => ({
    text: document.body.textContent ?? '',
    values: Array.from(document.querySelectorAll('input'), (input) => input.value),
  }));
  for (const value of ['Grace Hopper', 'Harbour Credit', '5500']) {
    expect(typed.text).not.toContain(value);
    expect(typed.values.join('|')).not.toContain(value);
  }
  await unlock(page);
  expect(pathOf(page)).toBe('/home');
  await page.getByRole('link', { name: 'Add Card' }).click();
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await page.getByRole('heading', { name: 'New Card' }).waitFor();
  expect(await page.getByLabel('Card number').inputValue()).toBe('');
  expect(await page.getByLabel('Cardholder').inputValue()).toBe('');
  expect(await page.getByLabel('Issuer').inputValue()).toBe('');
  expect(errors).toEqual([]);
});

/** The app's tab, and how to put another tab in front of it and take it away again. */
async function appBehindAnotherTab() {
  const { context } = await openRealTabs();
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = await protectedWallet(page);
  await pauseClock(page);
  const visibility = () => page.evaluate(() => document.visibilityState);
  expect(await visibility()).toBe('visible');
  const hide = async () => {
    const other = await context.newPage();
    await other.goto('about:blank');
    await expect.poll(visibility).toBe('hidden');
    return async () => {
      await other.close();
      await page.bringToFront();
      await expect.poll(visibility).toBe('visible');
    };
  };
  return { page, errors, hide };
}

it('locks at once when the tab comes back after being hidden longer than the setting', async () => {
  const { page, errors, hide } = await appBehindAnotherTab();
  const show = await hide();
  // Hidden for 6 minutes without its timer firing, as when the device slept or the browser held the tab's timers.
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 6 * 60_000);
  expect(pathOf(page)).toBe('/home');
  await show();
  await expectLocked(page);
  expect(errors).toEqual([]);
});

it('counts hidden time as time without activity, and locks a hidden tab when its time is up', async () => {
  const { page, errors, hide } = await appBehindAnotherTab();
  // Hidden for 3 minutes: back in front, still open, with 2 minutes left.
  let show = await hide();
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 3 * 60_000);
  await show();
  await expectOpen(page);
  await page.clock.fastForward('01:50');
  await expectOpen(page);
  await page.clock.fastForward('00:15');
  await expectLocked(page);

  // Locked while hidden when the time is up there.
  await unlock(page);
  await pauseClock(page);
  show = await hide();
  await page.clock.fastForward('05:10');
  await page.waitForURL(/\/pin\/unlock$/);
  await show();
  await expectLocked(page);
  expect(errors).toEqual([]);
});
