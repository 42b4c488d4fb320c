import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { THEMES } from '../../src/domain/card';
import { renderApp, storedCards } from '../support/render';

test('the intro explains manual entry and leads to the editor', async () => {
  await renderApp('/add');
  await expect.element(page.getByRole('heading', { name: 'Add Card', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/not available on the website yet/)).toBeVisible();
  await expect.element(page.getByText(/manually/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await expect.poll(() => window.location.pathname).toBe('/add/editor');
  await expect.element(page.getByRole('heading', { name: 'New Card', level: 1 })).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/add');
});

test('a new card shows placeholders and gets one of the themes', async () => {
  await renderApp('/add/editor');
  await expect.element(page.getByText('Your Name')).toBeVisible();
  await expect.element(page.getByText('Issuer/bank')).toBeVisible();
  const checked = page
    .getByRole('radio')
    .elements()
    .filter((radio) => (radio as HTMLInputElement).checked);
  expect(checked).toHaveLength(1);
  expect(THEMES).toContain((checked[0] as HTMLInputElement).value);
});

test('saving stores the card and opens it at /home/cards/{id}', async () => {
  await renderApp('/add/editor');
  await page.getByLabelText('Card number').fill('5555555555554444');
  await page.getByLabelText('Expiry').fill('0828');
  await page.getByLabelText('Cardholder').fill(' Grace Hopper ');
  await page.getByLabelText('Issuer').fill('Navy Federal');
  await page.getByLabelText('CVV').fill('987');
  await page.getByLabelText('Network').selectOptions('MASTERCARD');
  await page.getByRole('radio', { name: 'Theme Teal' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect.poll(() => window.location.pathname).toMatch(/^\/home\/cards\/[A-Za-z0-9]{8}$/);
  const id = window.location.pathname.split('/').pop() as string;
  await expect.element(page.getByText('Card saved')).toHaveAttribute('data-type', 'success');
  expect(storedCards().cards[id]?.data).toEqual({
    number: '5555555555554444',
    expiry: '08/28',
    cardholder: 'Grace Hopper',
    issuer: 'Navy Federal',
    cvv: '987',
    network: 'MASTERCARD',
    theme: 'TEAL',
  });
  await expect.element(page.getByRole('definition').first()).toHaveTextContent('5555 5555 5555 4444');
});

test('an empty form is not saved', async () => {
  await renderApp('/add/editor');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.element(page.getByText('Card number must be exact 16 digits long')).toBeVisible();
  expect(window.location.pathname).toBe('/add/editor');
  expect(storedCards().cards).toEqual({});
});
