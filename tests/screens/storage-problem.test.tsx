import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

const CORRUPT = '{"type":"UNENCRYPTED","cards":{';

test('corrupt sleeve/cards shows the problem screen and keeps the raw value untouched', async () => {
  await renderApp('/home', { raw: { cards: CORRUPT } });
  await expect.element(page.getByRole('heading', { name: 'Some saved data could not be read' })).toBeVisible();
  await expect.element(page.getByText(/it is not valid JSON/)).toBeVisible();
  await expect.element(page.getByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  expect(localStorage.getItem('sleeve/cards')).toBe(CORRUPT);
  await expectNoAxeViolations();
});

test("'Start fresh' removes the unreadable value and opens the app", async () => {
  await renderApp('/home', { raw: { cards: CORRUPT } });
  await page.getByRole('button', { name: /Start fresh/ }).click();
  await expect.element(page.getByText('No cards found')).toBeVisible();
  expect(localStorage.getItem('sleeve/cards')).toBeNull();
});
