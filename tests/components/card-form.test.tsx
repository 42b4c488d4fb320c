import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CardForm } from '../../src/components/CardForm';
import type { CardData } from '../../src/domain/card';
import { CardFormMessages } from '../../src/domain/card-form';
import { renderComponent } from '../support/render';

const blank: CardData = { number: '', expiry: '', cardholder: '', issuer: '', cvv: '', network: 'OTHER', theme: 'SKY' };

async function renderForm(onSubmit = vi.fn(async (_data: CardData) => {})) {
  await renderComponent(<CardForm id="form" initial={blank} submitLabel="Save" onSubmit={onSubmit} />);
  return onSubmit;
}

const allMessages = Object.values(CardFormMessages);

test('has a real label for every field and a 7-network picker and 15-theme radio group', async () => {
  await renderForm();
  for (const label of ['Card number', 'Expiry', 'Cardholder', 'Issuer', 'CVV', 'Network']) {
    await expect.element(page.getByLabelText(label, { exact: true })).toBeVisible();
  }
  expect(
    page
      .getByRole('option')
      .elements()
      .map((option) => option.textContent),
  ).toEqual(['Visa', 'Mastercard', 'RuPay', 'Discover', 'Diners Club', 'American Express', 'Other']);
  expect(page.getByRole('radio').elements()).toHaveLength(15);
  await expect.element(page.getByRole('radio', { name: 'Theme Fuchsia' })).toBeInTheDocument();
  await expect.element(page.getByLabelText('Issuer')).toHaveAttribute('maxlength', '30');
  await expect.element(page.getByLabelText('Cardholder')).toHaveAttribute('maxlength', '30');
});

test('shows no errors before the first submit, then all four exact messages, linked to their fields', async () => {
  const onSubmit = await renderForm();
  // An empty CVV is valid, so one digit is typed to make every rule fail.
  await page.getByLabelText('CVV').fill('1');
  await page.getByLabelText('Cardholder').fill('x');
  for (const message of allMessages) await expect.element(page.getByText(message)).not.toBeInTheDocument();
  await expect.element(page.getByLabelText('Card number')).not.toHaveAttribute('aria-invalid');

  await page.getByLabelText('Cardholder').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of allMessages) await expect.element(page.getByText(message)).toBeVisible();
  expect(onSubmit).not.toHaveBeenCalled();

  const number = page.getByLabelText('Card number');
  await expect.element(number).toHaveAttribute('aria-invalid', 'true');
  await expect.element(number).toHaveAccessibleDescription(CardFormMessages.number);
  await expect.element(number).toHaveFocus();
  await expect.element(page.getByLabelText('Issuer')).not.toHaveAttribute('aria-invalid');
});

test('errors follow every edit once shown', async () => {
  await renderForm();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByLabelText('Card number').fill('4111111111111111');
  await expect.element(page.getByText(CardFormMessages.number)).not.toBeInTheDocument();
  await expect.element(page.getByText(CardFormMessages.expiry)).toBeVisible();
});

test('groups a Visa number in fours and keeps at most 16 digits', async () => {
  await renderForm();
  const number = page.getByLabelText('Card number');
  await number.fill('4111111111111111');
  await expect.element(number).toHaveValue('4111 1111 1111 1111');
  await number.fill('4111-1111 1111 11119999');
  await expect.element(number).toHaveValue('4111 1111 1111 1111');
  await expect.element(number).toHaveAttribute('maxlength', '19');
});

test("shapes the expiry: '1' stays, '3' becomes '03/', typing 1225 gives '12/25'", async () => {
  await renderForm();
  const expiry = page.getByLabelText('Expiry');
  await expiry.fill('1');
  await expect.element(expiry).toHaveValue('1');
  await expiry.fill('3');
  await expect.element(expiry).toHaveValue('03/');
  await expiry.fill('');
  await expiry.click();
  await userEvent.keyboard('1225');
  await expect.element(expiry).toHaveValue('12/25');
});

test('keeps only digits in the CVV, at most three, or four for American Express', async () => {
  await renderForm();
  const cvv = page.getByLabelText('CVV');
  await cvv.fill('a1b');
  await expect.element(cvv).toHaveValue('1');
  await cvv.fill('9876');
  await expect.element(cvv).toHaveValue('987');
  await page.getByLabelText('Network').selectOptions('AMEX');
  await cvv.fill('98765');
  await expect.element(cvv).toHaveValue('9876');
});

test('a card whose network is not the one its number shows keeps it; one whose network is follows the number', async () => {
  const { unmount } = await renderComponent(
    <CardForm
      id="form"
      initial={{ ...blank, number: '4111111111111111', network: 'MASTERCARD' }}
      submitLabel="Save"
      onSubmit={vi.fn(async () => {})}
    />,
  );
  await page.getByLabelText('Card number').fill('378282246310005');
  await expect.element(page.getByLabelText('Network')).toHaveValue('MASTERCARD');
  await unmount();
  await renderComponent(
    <CardForm
      id="form"
      initial={{ ...blank, number: '4111111111111111', network: 'VISA' }}
      submitLabel="Save"
      onSubmit={vi.fn(async () => {})}
    />,
  );
  await page.getByLabelText('Card number').fill('378282246310005');
  await expect.element(page.getByLabelText('Network')).toHaveValue('AMEX');
  await expect.element(page.getByLabelText('Card number')).toHaveValue('3782 822463 10005');
});

test('submits the trimmed card with the chosen network and theme', async () => {
  const onSubmit = await renderForm();
  await page.getByLabelText('Card number').fill('4111111111111111');
  await page.getByLabelText('Expiry').fill('1230');
  await page.getByLabelText('Cardholder').fill('  Ada Lovelace ');
  await page.getByLabelText('Issuer').fill(' HDFC ');
  await page.getByLabelText('Network').selectOptions('RUPAY');
  await page.getByRole('radio', { name: 'Theme Indigo' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
  expect(onSubmit).toHaveBeenCalledWith(
    {
      number: '4111111111111111',
      expiry: '12/30',
      cardholder: 'Ada Lovelace',
      issuer: 'HDFC',
      cvv: '',
      network: 'RUPAY',
      theme: 'INDIGO',
    },
    undefined,
  );
});

test('the live preview follows the form, with placeholders for empty fields', async () => {
  await renderForm();
  await expect.element(page.getByText('Your Name')).toBeVisible();
  await expect.element(page.getByText('Issuer/bank')).toBeVisible();
  await page.getByLabelText('Cardholder').fill('Grace Hopper');
  await expect.element(page.getByText('Grace Hopper', { exact: true })).toBeVisible();
  await expect.element(page.getByText('Your Name')).not.toBeInTheDocument();
});

test('a card saved in the browser can fill the number, expiry and name; the CVV and issuer are never filled', async () => {
  await renderForm();
  await expect.element(page.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
  await expect.element(page.getByLabelText('Expiry')).toHaveAttribute('autocomplete', 'cc-exp');
  await expect.element(page.getByLabelText('Cardholder')).toHaveAttribute('autocomplete', 'cc-name');
  await expect.element(page.getByLabelText('CVV')).toHaveAttribute('autocomplete', 'off');
  await expect.element(page.getByLabelText('Issuer')).toHaveAttribute('autocomplete', 'off');
});

test('after a failed submit the cursor goes to the first field in error, wherever that is', async () => {
  await renderForm();
  await page.getByLabelText('Card number').fill('4111 1111 1111 1111');
  await page.getByLabelText('Expiry').fill('1230');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.element(page.getByLabelText('Cardholder')).toHaveFocus();
  await page.getByLabelText('Cardholder').fill('Ada Lovelace');
  await page.getByLabelText('Expiry').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.element(page.getByLabelText('Expiry')).toHaveFocus();
});

test('the expiry says its format beside its label, not only inside the empty field', async () => {
  await renderForm();
  const expiry = page.getByLabelText('Expiry');
  await expect.element(expiry).toHaveAccessibleDescription('MM/YY');
  await expiry.fill('1230');
  await expect.element(page.getByText('MM/YY', { exact: true })).toBeVisible();
});
