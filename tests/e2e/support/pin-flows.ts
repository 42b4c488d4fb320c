/** PIN steps through You → Security, shared by the end-to-end tests. */
import type { Page } from 'playwright';
import { typePin } from './actions';

export async function openSecurity(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security' }).waitFor();
}

/** Create PIN from Security on a device without one, through both steps. */
export async function createPinFromSecurity(page: Page, pin: string): Promise<void> {
  await openSecurity(page);
  await page.getByRole('button', { name: 'Create PIN' }).click();
  await page.getByRole('heading', { name: 'Create a PIN' }).waitFor();
  await typePin(page, pin);
  await page.getByRole('heading', { name: 'Confirm your PIN' }).waitFor();
  await typePin(page, pin);
  await page.getByText('PIN has been created').waitFor();
}
