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
  await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Skip' }).click();

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

async function fillVisa(): Promise<void> {
  await page.getByLabelText('Card number').fill('4111111111111111');
  await page.getByLabelText('Expiry').fill('1229');
  await page.getByLabelText('Cardholder').fill('Ada Lovelace');
}

async function typeDigits(pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

test('on an unprotected device saving recommends a PIN, asked once until Sleeve opens again', async () => {
  await renderApp('/add/editor');
  await fillVisa();
  await page.getByRole('button', { name: 'Save' }).click();
  const sheet = page.getByRole('dialog', { name: 'Protect your cards' });
  await expect.element(sheet).toBeVisible();
  await expect.element(sheet.getByRole('button', { name: 'Create PIN' })).toBeVisible();
  expect(storedCards().cards).toEqual({});
  await sheet.getByRole('button', { name: 'Skip' }).click();
  await expect.poll(() => window.location.pathname).toMatch(/^\/home\/cards\/[A-Za-z0-9]{8}$/);
  expect(storedCards().type).toBe('UNENCRYPTED');

  await page.getByRole('link', { name: 'Add Card' }).click();
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await fillVisa();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => Object.keys(storedCards().cards).length).toBe(2);
});

test('Create PIN from the recommendation saves the card encrypted once the PIN exists, and opens it', async () => {
  await renderApp('/add/editor');
  await fillVisa();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Create PIN' }).click();
  await expect.element(page.getByRole('heading', { name: 'Create a PIN' })).toBeVisible();
  expect(window.location.pathname).toBe('/add/editor/pin/create');

  // Going back keeps what was typed.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect.element(page.getByLabelText('Cardholder')).toHaveValue('Ada Lovelace');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Create PIN' }).click();

  await typeDigits('111111');
  await expect.element(page.getByText('Entered PIN is too common').first()).toBeVisible();
  await expect.element(page.getByRole('img', { name: '0 of 6 digits entered' })).toBeVisible();
  await typeDigits('274951');
  await expect.element(page.getByRole('heading', { name: 'Confirm your PIN' })).toBeVisible();
  await typeDigits('274950');
  await expect.element(page.getByText('PINs do not match').first()).toBeVisible();
  await expect.element(page.getByRole('img', { name: '0 of 6 digits entered' })).toBeVisible();
  await typeDigits('274951');

  await expect.poll(() => window.location.pathname).toMatch(/^\/home\/cards\/[A-Za-z0-9]{8}$/);
  const id = window.location.pathname.split('/').pop() as string;
  const stored = JSON.parse(localStorage.getItem('sleeve/cards') ?? 'null');
  expect(stored.type).toBe('ENCRYPTED');
  expect(Object.keys(stored.cards)).toEqual([id]);
  expect(Object.keys(stored.cards[id].data).sort()).toEqual(['cipherText', 'iv']);
  expect(JSON.parse(localStorage.getItem('sleeve/auth') ?? 'null').pin).not.toBeNull();
  await expect.element(page.getByText('Ada Lovelace').first()).toBeVisible();
});
