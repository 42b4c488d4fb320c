/**
 * The passkey on the screens where WebAuthn cannot run: this test page is served from an IP address, which a passkey
 * cannot be bound to, so nothing offers to set one up or unlock with one; a passkey this device already has can
 * still be removed from Security. The ceremonies themselves are driven end to end in tests/e2e/passkey.test.ts.
 */
import { beforeEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lockDevice } from '../../src/state/lock';
import { keepPasskey } from '../../src/state/passkey-setup';
import { createPin } from '../../src/state/pin-changes';
import { verifyPin } from '../../src/state/secrets';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp } from '../support/render';

const PIN = '274951';
/** What a device with a PIN and a passkey holds, captured once both exist. */
let locked: { cards: string; auth: string };

async function typeDigits(pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

const storedPasskey = () => JSON.parse(localStorage.getItem('sleeve/auth') ?? '{}').passkey;

beforeEach(async () => {
  const mounted = await renderApp('/home', { cards: [makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' })] });
  await createPin(PIN);
  await verifyPin(PIN);
  // What a passkey's PRF output would be; the ceremony that gives it cannot run at this address.
  const prfOutput = Uint8Array.from({ length: 32 }, (_, index) => index).buffer;
  const salt = btoa(String.fromCharCode(...new Uint8Array(32).fill(1)));
  await keepPasskey({ credentialId: btoa('credential'), salt, prfOutput });
  await lockDevice();
  await mounted.unmount();
  locked = { cards: localStorage.getItem('sleeve/cards') ?? '', auth: localStorage.getItem('sleeve/auth') ?? '' };
});

test('locked, no passkey is offered where the browser cannot use one; the PIN unlocks', async () => {
  await renderApp('/pin/unlock', { raw: locked });
  await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Unlock with passkey' })).not.toBeInTheDocument();
  await typeDigits(PIN);
  await expect.poll(() => window.location.pathname).toBe('/home');
});

test('Security lets a passkey be removed (confirmed), and then shows no passkey section at all', async () => {
  await renderApp('/pin/unlock', { raw: locked });
  await typeDigits(PIN);
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  await expect.element(page.getByRole('heading', { name: 'Passkey' })).toBeVisible();
  await expect
    .element(page.getByText('A passkey unlocks Sleeve on this device. Your PIN still works too.'))
    .toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Set up passkey unlock' })).not.toBeInTheDocument();

  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(storedPasskey()).not.toBeNull();
  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await expect.element(page.getByText('Sleeve will then unlock with your PIN only.')).toBeVisible();
  await expectNoAxeViolations();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect.element(page.getByText('Passkey has been removed')).toBeVisible();
  expect(storedPasskey()).toBeNull();
  expect(JSON.parse(locked.auth).pin).toEqual(JSON.parse(localStorage.getItem('sleeve/auth') ?? '{}').pin);
  await expect.element(page.getByRole('heading', { name: 'Passkey' })).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Remove PIN' })).toBeVisible();
});
