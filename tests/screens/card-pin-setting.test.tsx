/**
 * Security → Card PINs: 'Ask before showing PINs', offered once a PIN or password exists (there is nothing to ask for
 * before), off by default, stored in `sleeve/preferences`.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { createPin } from '../../src/state/secrets';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

const storedSecurity = () => JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null')?.security;
const askSwitch = () => page.getByRole('switch', { name: 'Ask before showing PINs' });

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

test('with a PIN it is a switch, off at first, stored when turned on and off', async () => {
  await renderApp('/user/security');
  await createPin('274951');
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
  await askSwitch().click();
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'false');
  expect(storedSecurity()?.askBeforeShowingPins).toBe(false);
});

test('a device whose stored settings predate the switch reads it as off', async () => {
  await renderApp('/user/security', {
    preferences: {
      userInterface: { maskCardNumber: false },
      updates: { checkAtLaunch: true },
      security: { lockAfterMinutes: 15, clipboardClearSeconds: 60 } as never,
    },
  });
  await createPin('274951');
  await expect.element(askSwitch()).toHaveAttribute('aria-checked', 'false');
  await expect.element(page.getByRole('combobox', { name: 'Lock after' })).toHaveValue('15');
});
