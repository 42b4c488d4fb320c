/** A first visit explains itself: empty Home says what Sleeve is for and leads to the first card. */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { currentPath, makeCard, renderApp } from '../support/render';

test("empty Home keeps 'No cards found', says what Sleeve is for and leads to adding the first card", async () => {
  await renderApp('/home');
  await expect.element(page.getByText('No cards found', { exact: true })).toBeVisible();
  await expect.element(page.getByText(/Sleeve keeps your payment cards in one place/)).toBeVisible();
  await page.getByRole('link', { name: 'Add your first card' }).click();
  await expect.poll(currentPath).toBe('/add');
  await expect.element(page.getByRole('heading', { name: 'Add Card', level: 1 })).toBeVisible();
});

test('the explanation and the action leave once there is a card', async () => {
  await renderApp('/home', { cards: [makeCard()] });
  await expect.element(page.getByRole('link', { name: /ending \d{4}, / })).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Add your first card' })).not.toBeInTheDocument();
  await expect.element(page.getByText('No cards found')).not.toBeInTheDocument();
});

test('empty Home passes the automated accessibility checks', async () => {
  await renderApp('/home');
  await expect.element(page.getByRole('link', { name: 'Add your first card' })).toBeVisible();
  await expectNoAxeViolations();
});
