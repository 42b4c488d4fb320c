/** You → Security → Change password, shared by the end-to-end tests of the account's key. */
import type { Page } from 'playwright';
import { expect } from 'vitest';
import { NEW_PASSWORD, PASSWORD } from './account-flows';
import { openSecurity } from './pin-flows';

/**
 * Change password from `current` to `next`, with 'Also replace the encryption key' when `replaceKey`; resolves once
 * the last step is sent, before its answer (the caller waits for the toast or the error it expects).
 */
export async function changePassword(
  page: Page,
  { replaceKey, current = PASSWORD, next = NEW_PASSWORD }: { replaceKey: boolean; current?: string; next?: string },
): Promise<void> {
  await openSecurity(page);
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Password verified').waitFor();
  const replace = page.getByLabel('Also replace the encryption key');
  expect(await replace.isChecked()).toBe(false);
  if (replaceKey) await replace.check();
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Confirm password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
}
