/** The PIN screens as a person using a screen reader or a keyboard meets them. */
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { currentPath, renderApp } from '../support/render';

const pinField = () => page.getByLabelText('PIN', { exact: true });

test('the step from Create to Confirm is announced and puts the cursor in the PIN field', async () => {
  await renderApp('/user/security');
  await page.getByRole('button', { name: 'Create PIN' }).click();
  await expect.element(page.getByRole('heading', { name: 'Create a PIN', level: 1 })).toBeVisible();
  const announcer = [...document.querySelectorAll('[aria-live="polite"]')].find(
    (region) => !region.closest('.pin-pad'),
  );
  expect(announcer?.textContent).toBe('');
  await pinField().click();
  await userEvent.keyboard('274951');
  await expect.element(page.getByRole('heading', { name: 'Confirm your PIN', level: 1 })).toBeVisible();
  // The same region, still in the page, now says which step this is.
  expect(announcer?.isConnected).toBe(true);
  expect(announcer?.textContent).toBe('Confirm your PIN');
  await expect.poll(() => document.activeElement).toBe(pinField().element());
  await userEvent.keyboard('274951');
  await expect.element(page.getByText('PIN has been created').first()).toBeVisible();
  expect(currentPath()).toBe('/user/security');
});

test('the unlock screen takes a PIN typed or filled into its field', async () => {
  await renderApp('/user/security');
  await page.getByRole('button', { name: 'Create PIN' }).click();
  await pinField().click();
  await userEvent.keyboard('274951');
  await expect.element(page.getByRole('heading', { name: 'Confirm your PIN', level: 1 })).toBeVisible();
  await userEvent.keyboard('274951');
  await expect.element(page.getByText('PIN has been created').first()).toBeVisible();
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
  const field = pinField();
  await expect.element(field).toHaveAttribute('autocomplete', 'current-password');
  // A password manager sets the whole value at once.
  await field.fill('274951');
  await expect.element(page.getByText('Unlock using your PIN.')).not.toBeInTheDocument();
  await expect.element(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
