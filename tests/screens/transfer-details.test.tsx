/**
 * The import preview for cards that bring details (a PIN, notes, a phone number): each says which, so the person sees
 * that nothing is dropped, and a value that had to go to the notes says so beside it.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import bitwardenText from '../fixtures/transfer/bitwarden-details.json?raw';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

test('each card to add says what it brings besides the card, and what had to go to its notes', async () => {
  await renderApp('/user/data-management/import');
  await page
    .getByLabelText('Choose a file')
    .upload(new File([bitwardenText], 'details.json', { type: 'application/json' }));
  const add = page.getByRole('region', { name: /^To add \(3\)$/ });
  await expect
    .element(add.getByText('Also brings: card PIN, notes, valid-from date, phone number and website'))
    .toBeVisible();
  await expect.element(add.getByText('Also brings: notes and phone number')).toBeVisible();
  await expect
    .element(add.getByText('Note: it has 2 fields that could be its card PIN, so they are kept in its notes'))
    .toBeVisible();
  await expect.element(add.getByText('Also brings: notes', { exact: true })).toBeVisible();
  await expectNoAxeViolations();
});
