import { beforeEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { appState } from '../../src/state/store';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp } from '../support/render';

const PIN = '274951';
/** What a device with a PIN holds, captured once it has been created. */
let locked: { cards: string; auth: string };

async function typeDigits(pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

beforeEach(async () => {
  // A device that already has a PIN: its cards stored encrypted, then a fresh start.
  const mounted = await renderApp('/home', { cards: [makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' })] });
  await createPin(PIN);
  await lockDevice();
  await mounted.unmount();
  locked = { cards: localStorage.getItem('sleeve/cards') ?? '', auth: localStorage.getItem('sleeve/auth') ?? '' };
});

test('opens locked on the PIN screen whatever the path, and the right PIN opens the wallet', async () => {
  await renderApp('/user/data-management', { raw: locked });
  await expect.poll(() => window.location.pathname).toBe('/pin/unlock');
  await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'You', exact: true })).not.toBeInTheDocument();
  await typeDigits('530718');
  await expect.element(page.getByRole('alert')).toHaveTextContent('Entered PIN is incorrect');
  await expectNoAxeViolations();
  expect(appState.locked).toBe(true);
  await expect.element(page.getByRole('img', { name: '0 of 6 digits entered' })).toBeVisible();
  await typeDigits(PIN);
  await expect.poll(() => window.location.pathname).toBe('/home');
  await expect.element(page.getByRole('link', { name: /^First Bank Visa ending 1111, / })).toBeVisible();
});

test("help: without a password, 'Forgot PIN?' can erase the device after a second confirmation", async () => {
  await renderApp('/pin/unlock', { raw: locked });
  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect.element(page.getByRole('link', { name: 'Unlock using your password' })).not.toBeInTheDocument();
  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  await expect.element(page.getByText(/cannot be recovered/)).toBeVisible();
  await expectNoAxeViolations();
  await page.getByRole('button', { name: 'Erase data' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(localStorage.getItem('sleeve/cards')).not.toBeNull();

  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  await page.getByRole('button', { name: 'Erase data' }).click();
  await page.getByRole('button', { name: 'Erase everything' }).click();
  await expect.poll(() => window.location.pathname).toBe('/home');
  await expect.element(page.getByText('No cards found')).toBeVisible();
  expect(localStorage.getItem('sleeve/cards')).toBeNull();
  expect(localStorage.getItem('sleeve/auth')).toBeNull();
});
