/**
 * Security → Card PINs: 'Ask before showing PINs', offered once a PIN or password exists (there is nothing to ask for
 * before), off by default, stored in `sleeve/preferences`. Turning it on asks nothing; turning it off first asks for
 * the secret revealing a card's PIN asks for, so whoever cannot reveal a PIN cannot switch the question off either.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { createPin } from '../../src/state/pin-changes';
import { expectNoAxeViolations } from '../support/axe';
import { currentPath, renderApp } from '../support/render';

const PIN = '274951';
const storedSecurity = () => JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null')?.security;
const askSwitch = () => page.getByRole('switch', { name: 'Ask before showing PINs' });
/** Security, as the app's own navigation within the area leaves it (the area's root, with or without its slash). */
const SECURITY = /^\/user\/security\/?$/;

/** Security with a PIN and the switch turned on, which asks for nothing. */
async function switchedOn() {
  await renderApp('/user/security');
  await createPin(PIN);
  await askSwitch().click();
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'true');
  expect(currentPath()).toBe('/user/security');
}

test('without a PIN or password the setting is not offered, and the screen says why', async () => {
  await renderApp('/user/security');
  await expect.element(page.getByRole('heading', { name: 'Card PINs', level: 2 })).toBeVisible();
  await expect
    .element(
      page.getByText(
        "Sleeve can ask for your PIN or password before showing a card's PIN once one protects your cards.",
      ),
    )
    .toBeVisible();
  await expect.element(askSwitch()).not.toBeInTheDocument();
  await expectNoAxeViolations();
});

test('with a PIN it is a switch, off at first, stored when turned on', async () => {
  await renderApp('/user/security');
  await createPin(PIN);
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'false');
  await expect
    .element(askSwitch())
    .toHaveAccessibleDescription(
      "Revealing or copying a card's PIN first asks for your PIN. Once you have entered it, you are not asked again for a minute.",
    );
  await expectNoAxeViolations();
  await askSwitch().click();
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'true');
  expect(storedSecurity()).toEqual({ lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: true });
});

test('turning it off first asks for the PIN, then comes back to Security with it off and stored', async () => {
  await switchedOn();
  await askSwitch().click();
  await expect.poll(currentPath).toBe('/user/security/pin/verify');
  await expect.element(page.getByRole('heading', { name: 'Verify your PIN', level: 1 })).toBeVisible();
  expect(storedSecurity()?.askBeforeShowingPins).toBe(true);
  for (const digit of PIN) await page.getByRole('button', { name: digit, exact: true }).click();
  await expect.poll(currentPath).toMatch(SECURITY);
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'false');
  expect(storedSecurity()?.askBeforeShowingPins).toBe(false);
});

test('Back on the verify screen, or a wrong PIN, leaves it on', async () => {
  await switchedOn();
  await askSwitch().click();
  await expect.poll(currentPath).toBe('/user/security/pin/verify');
  for (const digit of '111111') await page.getByRole('button', { name: digit, exact: true }).click();
  await expect.element(page.getByText('Entered PIN is incorrect')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect.poll(currentPath).toMatch(SECURITY);
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'true');
  expect(storedSecurity()?.askBeforeShowingPins).toBe(true);
});

test('a device whose stored settings predate the switch reads it as off', async () => {
  await renderApp('/user/security', {
    preferences: {
      userInterface: { maskCardNumber: false },
      updates: { checkAtLaunch: true },
      security: { lockAfterMinutes: 15, clipboardClearSeconds: 60 } as never,
    },
  });
  await createPin(PIN);
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'false');
  await expect.element(page.getByRole('combobox', { name: 'Lock after' })).toHaveValue('15');
});
