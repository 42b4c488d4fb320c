import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { makeCard, renderApp, storedCards } from '../support/render';

const card = makeCard({ issuer: 'Old Bank', cardholder: 'Ada Lovelace', expiry: '01/27' }, { id: 'Edit0001' });

test('the form starts filled in; Update saves, goes back one step and confirms', async () => {
  await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${card.id}/edit`);
  await expect.element(page.getByRole('heading', { name: 'Edit Card', level: 1 })).toBeVisible();
  await expect.element(page.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect.element(page.getByLabelText('Issuer')).toHaveValue('Old Bank');
  await expect.element(page.getByRole('radio', { name: 'Theme Sky' })).toBeChecked();

  await page.getByLabelText('Issuer').fill('  New Bank  ');
  await page.getByLabelText('Network').selectOptions('Mastercard');
  await page.getByRole('radio', { name: 'Theme Rose' }).click();
  await page.getByRole('button', { name: 'Update' }).click();

  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${card.id}`);
  await expect.element(page.getByText('Card updated')).toHaveAttribute('data-type', 'success');
  const stored = storedCards().cards[card.id];
  expect(stored?.data).toMatchObject({ issuer: 'New Bank', network: 'MASTERCARD', theme: 'ROSE' });
  expect(stored?.modifiedAt).toBeGreaterThan(card.modifiedAt);
  await expect.element(page.getByRole('definition').nth(3)).toHaveTextContent('New Bank');
});

test("the header's Done submits too, and invalid input is not saved", async () => {
  await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabelText('Cardholder').fill('A');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.element(page.getByText('Cardholder name must be at least 2 characters long')).toBeVisible();
  expect(window.location.pathname).toBe(`/home/cards/${card.id}/edit`);
  expect(storedCards().cards[card.id]?.data.cardholder).toBe('Ada Lovelace');

  await page.getByLabelText('Cardholder').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${card.id}`);
  expect(storedCards().cards[card.id]?.data.cardholder).toBe('Grace Hopper');
});

test('an unknown id goes back to /home', async () => {
  await renderApp('/home/cards/missing1/edit', { cards: [card] });
  await expect.poll(() => window.location.pathname).toBe('/home');
});
