/** /user/interface: 'Check for updates at launch', the `updates.checkAtLaunch` preference (on unless turned off). */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

const stored = () => JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null');

test("'Check for updates at launch' is on by default and persists when switched off and on again", async () => {
  await renderApp('/user/interface');
  const toggle = page.getByRole('switch', { name: 'Check for updates at launch' });
  await expect.element(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.element(toggle).toHaveAccessibleDescription(/looks for a new version/);
  await toggle.click();
  await expect.element(toggle).toHaveAttribute('aria-checked', 'false');
  expect(stored()).toMatchObject({ userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: false } });
  // The other switch is untouched, and keeps the update choice when it changes.
  await page.getByRole('switch', { name: 'Mask card number' }).click();
  await expect.element(page.getByRole('switch', { name: 'Mask card number' })).toHaveAttribute('aria-checked', 'true');
  expect(stored()).toMatchObject({ userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: false } });
  await toggle.click();
  await expect.element(toggle).toHaveAttribute('aria-checked', 'true');
  expect(stored().updates).toEqual({ checkAtLaunch: true });
  await expectNoAxeViolations();
});

test('a stored choice to not check shows as off after a start', async () => {
  await renderApp('/user/interface', {
    preferences: { userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: false } },
  });
  await expect
    .element(page.getByRole('switch', { name: 'Check for updates at launch' }))
    .toHaveAttribute('aria-checked', 'false');
});
