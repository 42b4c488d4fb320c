import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { THEMES } from '../../src/domain/card';
import { CardFormMessages } from '../../src/domain/card-form';
import { expectNoAxeViolations } from '../support/axe';
import { noCamera } from '../support/camera';
import { renderApp, storedCards } from '../support/render';

test('without a camera, the intro explains manual entry and leads to the editor', async () => {
  // With a camera the intro offers scanning first (tests/screens/scanner.test.tsx).
  noCamera();
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
  await expectNoAxeViolations();
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
  // Done says what it does: the same as Save under the form.
  await expect
    .element(page.getByRole('button', { name: 'Done' }))
    .toHaveAccessibleDescription('Saves this card, as Save below does');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.element(page.getByText('Card number must be exact 16 digits long')).toBeVisible();
  await expectNoAxeViolations();
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

describe('card brands in the editor', () => {
  const number = () => page.getByLabelText('Card number');
  const network = () => page.getByRole('combobox', { name: 'Network' });

  async function typeNumber(digits: string): Promise<void> {
    await number().click();
    await userEvent.keyboard(digits);
  }

  async function fillTheRest(): Promise<void> {
    await page.getByLabelText('Expiry').fill('0830');
    await page.getByLabelText('Cardholder').fill('Alan Turing');
  }

  async function saveAndSkip(): Promise<string> {
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => window.location.pathname).toMatch(/^\/home\/cards\/[A-Za-z0-9]{8}$/);
    return window.location.pathname.split('/').pop() as string;
  }

  test('typing an American Express number picks it, groups it 4-6-5 and asks for a 4-digit CVV', async () => {
    await renderApp('/add/editor');
    await expect.element(network()).toHaveValue('OTHER');
    await typeNumber('37');
    await expect.element(network()).toHaveValue('AMEX');
    await typeNumber('8282246310005');
    await expect.element(number()).toHaveValue('3782 822463 10005');
    await expect.element(page.getByTestId('card-number')).toHaveTextContent('3782 822463 10005');
    // A sixteenth digit has no place in an American Express number.
    await typeNumber('9');
    await expect.element(number()).toHaveValue('3782 822463 10005');
    await expect.element(number()).toHaveAttribute('maxlength', '17');

    const cvv = page.getByLabelText('CVV');
    await expect.element(cvv).toHaveAttribute('maxlength', '4');
    await cvv.fill('123');
    await fillTheRest();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(cvv).toHaveAccessibleDescription(/CVV must be exact 4 digits long or can be empty/);
    await expect.element(page.getByText(CardFormMessages.cvv)).not.toBeInTheDocument();
    await expectNoAxeViolations();
    expect(storedCards().cards).toEqual({});

    await cvv.fill('12345');
    await expect.element(cvv).toHaveValue('1234');
    const id = await saveAndSkip();
    expect(storedCards().cards[id]?.data).toMatchObject({ number: '378282246310005', cvv: '1234', network: 'AMEX' });
  });

  test('an American Express number that is too short says its own length', async () => {
    await renderApp('/add/editor');
    await typeNumber('3782822463');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(number()).toHaveAccessibleDescription('Card number must be exact 15 digits long');
    await expect.element(page.getByText(CardFormMessages.number)).not.toBeInTheDocument();
  });

  test('the picker follows the number until a network is picked by hand, and then keeps it', async () => {
    await renderApp('/add/editor');
    await typeNumber('60');
    await expect.element(network()).toHaveValue('RUPAY');
    await typeNumber('11');
    await expect.element(network()).toHaveValue('DISCOVER');
    await number().fill('4111');
    await expect.element(network()).toHaveValue('VISA');

    await network().selectOptions('Other');
    await typeNumber('111111111111');
    await expect.element(network()).toHaveValue('OTHER');
    await number().fill('378282246310005');
    await expect.element(network()).toHaveValue('OTHER');
    // Other numbers go by fours, and Other allows up to 19 digits.
    await expect.element(number()).toHaveValue('3782 8224 6310 005');
    await expect.element(number()).toHaveAttribute('maxlength', '23');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(page.getByText('Card number must be between 16 and 19 digits long')).toBeVisible();
  });

  test('a number that fails the checksum is saved, with a warning beside the field until then', async () => {
    await renderApp('/add/editor');
    const warning = 'This number fails the card checksum. Check it for a typo.';
    await typeNumber('411111111111111');
    await expect.element(page.getByText(warning)).not.toBeInTheDocument();
    await typeNumber('2');
    await expect.element(page.getByText(warning)).toBeVisible();
    await expect.element(number()).toHaveAccessibleDescription(warning);
    await expect.element(number()).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations();
    // Put right, the warning goes.
    await number().fill('4111111111111111');
    await expect.element(page.getByText(warning)).not.toBeInTheDocument();
    await number().fill('4111111111111112');
    await fillTheRest();
    const id = await saveAndSkip();
    expect(storedCards().cards[id]?.data.number).toBe('4111111111111112');
    // The saved card still says so.
    await expect.element(page.getByText(warning)).toBeVisible();
  });

  test("'13/29' is refused with the month message, and nothing is saved", async () => {
    await renderApp('/add/editor');
    await number().fill('4111111111111111');
    await page.getByLabelText('Expiry').fill('1329');
    await expect.element(page.getByLabelText('Expiry')).toHaveValue('13/29');
    await page.getByLabelText('Cardholder').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(page.getByText('Expiry month must be between 01 and 12')).toBeVisible();
    await expect.element(page.getByLabelText('Expiry')).toHaveFocus();
    await expect.element(page.getByText(CardFormMessages.expiry)).not.toBeInTheDocument();
    expect(storedCards().cards).toEqual({});
    await page.getByLabelText('Expiry').fill('1229');
    await expect.element(page.getByText('Expiry month must be between 01 and 12')).not.toBeInTheDocument();
  });
});
