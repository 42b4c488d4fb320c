/**
 * The PIN unlock screen under the attempt limit and the device binding, in the real app: wrong PINs typed on the
 * keypad, the countdown that blocks it, the same state after a reload (the app rendered again from what is stored),
 * also once local storage's copy of the count is gone, the stop after ten, and a PIN whose device key is gone (local
 * storage copied into a fresh profile). The count is the engine's, beside the device key in IndexedDB.
 */
import { beforeEach, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { PinAttempts } from '../../src/domain/pin-attempts';
import type { PinRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { deleteDeviceKeys, seedPinCount, storedPinCount } from '../support/device-keys';
import { makeCard, renderApp } from '../support/render';

const PIN = '274951';
const WRONG = '530718';
/** What a device with a PIN holds, captured once it has been created. */
let locked: { cards: string; auth: string };
let salt = '';

async function typeDigits(pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

const countdown = () => page.getByText(/^Try again in \d+ s$/);
const shownSeconds = () => Number(/^Try again in (\d+) s$/.exec(countdown().element().textContent ?? '')?.[1]);
const storedAttempts = () => storedPinCount();

/** The app rendered again from what is stored now, as a reload would: the same storage and IndexedDB. */
async function reload(mounted: { unmount: () => Promise<void> }, path = '/pin/unlock') {
  await mounted.unmount();
  const attempts = localStorage.getItem('sleeve/pin-attempts');
  const raw = {
    cards: localStorage.getItem('sleeve/cards') ?? '',
    auth: localStorage.getItem('sleeve/auth') ?? '',
    ...(attempts === null ? {} : { pinAttempts: attempts }),
  };
  return renderApp(path, { raw });
}

async function expectKeypadBlocked(blocked: boolean): Promise<void> {
  for (const name of ['1', '0', 'Backspace']) {
    const key = page.getByRole('button', { name, exact: true });
    if (blocked) await expect.element(key).toBeDisabled();
    else await expect.element(key).toBeEnabled();
  }
}

beforeEach(async () => {
  const mounted = await renderApp('/home', { cards: [makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' })] });
  await createPin(PIN);
  await lockDevice();
  await mounted.unmount();
  locked = { cards: localStorage.getItem('sleeve/cards') ?? '', auth: localStorage.getItem('sleeve/auth') ?? '' };
  salt = (JSON.parse(locked.auth) as { pin: PinRecord }).pin.salt;
});

test('the fifth wrong PIN starts a countdown that blocks the keypad, ticks, and goes on after a reload', async () => {
  const mounted = await renderApp('/pin/unlock', { raw: locked });
  for (let count = 1; count <= 5; count++) {
    await typeDigits(WRONG);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Entered PIN is incorrect');
    await expect.poll(async () => (await storedAttempts())?.wrongInARow).toBe(count);
    if (count < 5) await expect.element(countdown()).not.toBeInTheDocument();
  }
  await expect.element(countdown()).toHaveTextContent(/^Try again in \d+ s$/);
  await expect.element(page.getByText('Too many wrong PINs in a row.')).toBeVisible();
  expect(shownSeconds()).toBeLessThanOrEqual(30);
  expect(shownSeconds()).toBeGreaterThan(20);
  await expectKeypadBlocked(true);
  // It ticks down.
  const first = shownSeconds();
  await expect.poll(shownSeconds, { timeout: 5_000 }).toBeLessThan(first);
  // A reload finds the wait where it was: not over, not started again.
  const before = shownSeconds();
  let current = await reload(mounted);
  await expect.element(countdown()).toHaveTextContent(/^Try again in \d+ s$/);
  expect(shownSeconds()).toBeLessThanOrEqual(before);
  await expectKeypadBlocked(true);
  // Nor does removing the count's copy in local storage, or writing none there, and reloading.
  for (const copy of [null, JSON.stringify({ pinSalt: salt, wrongInARow: 0, tryAgainAt: null })]) {
    if (copy === null) localStorage.removeItem('sleeve/pin-attempts');
    else localStorage.setItem('sleeve/pin-attempts', copy);
    current = await reload(current);
    await expect.element(countdown()).toHaveTextContent(/^Try again in \d+ s$/);
    await expectKeypadBlocked(true);
  }
  // Typed on the keyboard, digits do nothing either.
  await userEvent.keyboard('2');
  await expect.element(page.getByRole('img', { name: '0 of 6 digits entered' })).toBeVisible();
  // Five real PIN checks, each followed by the screen's 1 s pause before the PIN clears, 30 keypad presses and three
  // reloads: about 10 s on a quiet machine, and twice that on a loaded one.
}, 60_000);

test("the countdown reads 'Try again in 30 s', then 29 s, and the keypad takes the PIN once it is over", async () => {
  // The page's clock held at the wait's 30th second from its end, however long the screen takes to start, then moved
  // on by one: the countdown reads each in turn on its next tick.
  const start = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
  const attempts: PinAttempts = { pinSalt: salt, wrongInARow: 5, tryAgainAt: start + 30_000 };
  await seedPinCount(attempts);
  const mounted = await renderApp('/pin/unlock', { raw: locked });
  await expect.poll(() => countdown().element().textContent).toBe('Try again in 30 s');
  clock.mockReturnValue(start + 1_000);
  await expect.poll(() => countdown().element().textContent).toBe('Try again in 29 s');
  await expectKeypadBlocked(true);
  clock.mockRestore();
  // A wait about to end, after a reload.
  await seedPinCount({ ...attempts, tryAgainAt: Date.now() + 1_500 });
  await reload(mounted);
  await expectKeypadBlocked(true);
  await expect.element(countdown(), { timeout: 5_000 }).not.toBeInTheDocument();
  await expectKeypadBlocked(false);
  await typeDigits(PIN);
  await expect.poll(() => window.location.pathname).toBe('/home');
  await expect.element(page.getByRole('link', { name: /^First Bank .*ending \d{4}, / })).toBeVisible();
  // The right PIN clears the count.
  await expect.poll(async () => (await storedAttempts())?.wrongInARow).toBe(0);
});

test('after ten wrong PINs the PIN stops: the screen says so and offers Forgot PIN, also after a reload', async () => {
  await seedPinCount({ pinSalt: salt, wrongInARow: 9, tryAgainAt: Date.now() - 1_000 });
  const mounted = await renderApp('/pin/unlock', { raw: locked });
  await typeDigits(WRONG);
  const stopped = 'The PIN was entered wrongly 10 times in a row, so it no longer unlocks Sleeve.';
  await expect.element(page.getByText(stopped)).toBeVisible();
  await expect.element(page.getByRole('button', { name: '1', exact: true })).not.toBeInTheDocument();
  // No password on this device: 'Forgot PIN?' is the way left.
  await expect.element(page.getByRole('link', { name: 'Unlock using your password' })).not.toBeInTheDocument();
  expect((await storedAttempts())?.wrongInARow).toBe(10);
  await reload(mounted);
  await expect.element(page.getByText(stopped)).toBeVisible();
  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  await expect.element(page.getByRole('button', { name: 'Erase data' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(localStorage.getItem('sleeve/cards')).toBe(locked.cards);
  expect(localStorage.getItem('sleeve/auth')).toBe(locked.auth);
});

test('local storage copied into a profile without the device key: the plain message, the way out, storage unchanged', async () => {
  await deleteDeviceKeys();
  await renderApp('/pin/unlock', { raw: locked });
  const before = await getEngine().derivationCount();
  await typeDigits(PIN);
  const message = "This PIN can't be used in this browser: the key that ties it to this device is not here";
  await expect.element(page.getByText(new RegExp(`^${message}, so nothing was changed\\.$`))).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Forgot PIN?' })).toBeVisible();
  expect(await getEngine().derivationCount()).toBe(before);
  expect(localStorage.getItem('sleeve/cards')).toBe(locked.cards);
  expect(localStorage.getItem('sleeve/auth')).toBe(locked.auth);
  expect(localStorage.getItem('sleeve/pin-attempts')).toBeNull();
  expect(window.location.pathname).toBe('/pin/unlock');
});
