import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { CardPreview } from '../../src/components/CardPreview';
import { THEME_GRADIENTS } from '../../src/components/card-themes';
import type { CardData } from '../../src/domain/card';
import { THEMES } from '../../src/domain/card';
import { expiryIn, renderComponent } from '../support/render';

const data: CardData = {
  number: '5500000000000004',
  expiry: '07/31',
  cardholder: 'Grace Hopper',
  issuer: 'Navy Federal',
  cvv: '',
  network: 'AMEX',
  theme: 'EMERALD',
};

test('shows the number in groups of four, expiry, cardholder, issuer and network', async () => {
  await renderComponent(<CardPreview data={data} />);
  for (const text of ['5500 0000 0000 0004', '07/31', 'Grace Hopper', 'Navy Federal', 'American Express']) {
    await expect.element(page.getByText(text)).toBeVisible();
  }
});

test('masks all but the first and last four digits', async () => {
  await renderComponent(<CardPreview data={data} masked />);
  await expect.element(page.getByTestId('card-number')).toHaveTextContent('5500 •••• •••• 0004');
});

test('leaves out the network when it is OTHER', async () => {
  await renderComponent(<CardPreview data={{ ...data, network: 'OTHER' }} />);
  await expect.element(page.getByText('Navy Federal')).toBeVisible();
  await expect.element(page.getByText('Other')).not.toBeInTheDocument();
});

test('groups and masks an American Express number 4-6-5', async () => {
  const amex: CardData = { ...data, number: '378282246310005' };
  const { unmount } = await renderComponent(<CardPreview data={amex} />);
  await expect.element(page.getByTestId('card-number')).toHaveTextContent(/^3782 822463 10005$/);
  await unmount();
  await renderComponent(<CardPreview data={amex} masked />);
  await expect.element(page.getByTestId('card-number')).toHaveTextContent(/^3782 •••••• •0005$/);
});

test('shows no placeholder for a field the card does not have, unless it previews a card being typed', async () => {
  const bare: CardData = { ...data, number: '', expiry: '', cardholder: '', issuer: '' };
  const { unmount } = await renderComponent(<CardPreview data={bare} />);
  for (const placeholder of ['Issuer/bank', 'Your Name', 'MM/YY', 'Valid thru']) {
    await expect.element(page.getByText(placeholder)).not.toBeInTheDocument();
  }
  await expect.element(page.getByTestId('card-number')).toHaveTextContent(/^$/);
  await unmount();
  await renderComponent(<CardPreview data={bare} placeholders />);
  for (const placeholder of ['Issuer/bank', 'Your Name', 'MM/YY', '•••• •••• •••• ••••']) {
    await expect.element(page.getByText(placeholder)).toBeVisible();
  }
});

test("flags an expired card and one expiring soon by the device's clock", async () => {
  const { unmount } = await renderComponent(<CardPreview data={{ ...data, expiry: expiryIn(-1) }} />);
  await expect.element(page.getByText('Expired')).toBeVisible();
  await unmount();
  const second = await renderComponent(<CardPreview data={{ ...data, expiry: expiryIn(0) }} />);
  await expect.element(page.getByText('Expires soon')).toBeVisible();
  await second.unmount();
  await renderComponent(<CardPreview data={{ ...data, expiry: expiryIn(3) }} />);
  await expect.element(page.getByText(expiryIn(3))).toBeVisible();
  await expect.element(page.getByText(/^Expire/)).not.toBeInTheDocument();
});

test("paints its theme's two-colour gradient", async () => {
  const { container } = await renderComponent(<CardPreview data={data} />);
  const card = container.querySelector<HTMLElement>('.card-preview');
  // The emerald theme's two colours (hex in the theme table, read back by the browser as rgb).
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
  const [from, to] = THEME_GRADIENTS.EMERALD;
  expect(from).not.toBe(to);
  expect(card?.style.backgroundImage).toBe(`linear-gradient(135deg, ${rgb(from)}, ${rgb(to)})`);
});

test('every theme has two distinct colours', () => {
  expect(Object.keys(THEME_GRADIENTS).sort()).toEqual([...THEMES].sort());
  for (const [from, to] of Object.values(THEME_GRADIENTS)) expect(from).not.toBe(to);
});
