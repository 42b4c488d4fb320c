/**
 * Import as a person goes through it, with the real worker and storage: the file picker, the CSV column mapping
 * with the file's first rows, and the preview (to add, already in Sleeve, cannot be imported, row by row), a hundred
 * rows at a time.
 */
import { expect, onTestFinished, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { PlainCard } from '../../src/domain/card';
import bitwardenText from '../fixtures/transfer/bitwarden.json?raw';
import csvText from '../fixtures/transfer/cards.csv?raw';
import { expectNoAxeViolations } from '../support/axe';
import { currentPath, renderApp, storedCards } from '../support/render';
import { chooseFile, fileOf, visa } from '../support/transfer-screens';

const section = (name: RegExp) => page.getByRole('region', { name });

/** The `index`th of many distinct Visa numbers, each with its check digit. */
function visaNumber(index: number): string {
  const body = `4${String(index).padStart(14, '0')}`;
  const sum = [...body].reverse().reduce((total, digit, at) => {
    const value = Number(digit) * (at % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A plain Bitwarden export of `count` distinct Visa cards, 'Card 1' on. */
function manyCards(count: number, name: string): File {
  const items = Array.from({ length: count }, (_, index) => ({
    type: 3,
    name: `Card ${index + 1}`,
    card: { cardholderName: 'Ada Lovelace', number: visaNumber(index), expMonth: '12', expYear: '2030' },
  }));
  return fileOf(JSON.stringify({ encrypted: false, items }), name);
}

test('importing a Bitwarden file: the preview lists what is new, what Sleeve has and what cannot come, with why', async () => {
  await renderApp('/user/data-management/import', { cards: [visa] });
  await chooseFile(fileOf(bitwardenText, 'bitwarden_export.json'));
  await expect.element(page.getByText('bitwarden_export.json · Bitwarden export')).toBeVisible();
  await expect
    .element(
      page.getByText('2 items in the file are not a payment card (logins, notes and the like) and will be left out.'),
    )
    .toBeVisible();

  await expectNoAxeViolations();
  const add = section(/^To add \(3\)$/);
  await expect.element(add.getByRole('checkbox', { name: /Item 3 “Mastercard ending 4444”/ })).toBeChecked();
  await expect.element(add.getByText('•••• 4444 · 12/28 · Grace Hopper · Mastercard')).toBeVisible();
  // American Express: 15 digits and a 4-digit code come in as they are.
  await expect.element(add.getByRole('checkbox', { name: /Item 4 “Travel Amex”/ })).toBeChecked();
  await expect.element(add.getByText('•••• 0005 · 06/27 · Alan Turing · Travel Amex · American Express')).toBeVisible();
  await expect
    .element(add.getByText('Note: its network “JCB” is not one Sleeve knows, so it is kept as Other'))
    .toBeVisible();
  await expect
    .element(
      add.getByText(
        'Note: its 4-digit security code was left out; Sleeve keeps 3-digit codes for cards of other networks',
      ),
    )
    .toBeVisible();

  const already = section(/^Already in Sleeve \(1\)$/);
  await expect.element(already.getByText('Item 1 “First Bank Visa”')).toBeVisible();
  await expect
    .element(
      already.getByText(
        "Sleeve already has this number and expiry with a different issuer; Sleeve's card is kept as it is",
      ),
    )
    .toBeVisible();

  const cannot = section(/^Cannot be imported \(5\)$/);
  for (const [where, why] of [
    ['Item 6 “No name on it”', 'it has no cardholder name'],
    ['Item 7 “Typo”', 'its card number holds characters other than digits'],
    ['Item 8 “Old card”', 'its expiry date “13/2026” is not a month and year Sleeve can read'],
    ['Item 9 “Deleted card”', 'it is in the trash in Bitwarden'],
    ['Item 10 “Empty card item”', 'it has no card details'],
  ]) {
    await expect.element(cannot.getByText(where as string, { exact: true })).toBeVisible();
    await expect.element(cannot.getByText(`Why: ${why}`)).toBeVisible();
  }
  // Nothing is stored before the person confirms.
  expect(Object.keys(storedCards().cards)).toEqual(['Visa0001']);

  // The JCB card is left out; the Mastercard and the American Express card come in.
  await add.getByRole('checkbox', { name: /Item 5/ }).click();
  await page.getByRole('button', { name: 'Import 2 cards' }).click();
  await expect.element(page.getByText('Imported 2 cards')).toHaveAttribute('data-type', 'success');
  await expect.poll(currentPath).toBe('/home');
  const stored = Object.values(storedCards().cards);
  expect(stored).toHaveLength(3);
  expect(stored.find((card) => card.id === 'Visa0001')).toEqual(visa);
  expect(stored.map((card) => card.data.number).sort()).toEqual([
    '378282246310005',
    '4111111111111111',
    '5555555555554444',
  ]);
  expect(stored.find((card) => card.data.network === 'AMEX')?.data.cvv).toBe('1234');
  await expect.element(page.getByRole('link', { name: /Grace Hopper|card ending 4444/ }).first()).toBeVisible();
});

test('a large file previews a hundred rows at a time, and imports every chosen card, shown or not', async () => {
  await renderApp('/user/data-management/import');
  await chooseFile(manyCards(250, 'many.json'));
  const add = section(/^To add \(250\)$/);
  await expect.element(add.getByRole('checkbox', { name: /Item 100 / })).toBeVisible();
  expect(add.getByRole('checkbox').elements()).toHaveLength(100);
  await expectNoAxeViolations();

  // The next rows render as a transition, a moment after the press, so a slow phone keeps answering meanwhile.
  await page.getByRole('button', { name: 'Show 100 more (150 not shown yet)' }).click();
  await expect.poll(() => add.getByRole('checkbox').elements()).toHaveLength(200);
  // Focus moves to the first row that came in, so reading goes on from there.
  await expect.poll(() => document.activeElement?.textContent).toContain('Item 101 ');
  await page.getByRole('button', { name: 'Show 50 more (50 not shown yet)' }).click();
  await expect.poll(() => add.getByRole('checkbox').elements()).toHaveLength(250);
  await expect.poll(() => document.activeElement?.textContent).toContain('Item 201 ');
  expect(page.getByRole('button', { name: /^Show / }).elements()).toHaveLength(0);

  await add.getByRole('checkbox', { name: /Item 250 / }).click();
  await page.getByRole('button', { name: 'Import 249 cards' }).click();
  await expect.element(page.getByText('Imported 249 cards')).toBeVisible();
  expect(Object.keys(storedCards().cards)).toHaveLength(249);
});

test("pressing 'Import' leaves its buttons where they were, where its label takes two lines", async () => {
  const [width, height] = [window.innerWidth, window.innerHeight];
  onTestFinished(() => page.viewport(width, height));
  await page.viewport(320, 640);
  await renderApp('/user/data-management/import');
  await chooseFile(manyCards(12, 'twelve.json'));
  // Named by the label it shows alone.
  const button = page.getByRole('button', { name: 'Import 12 cards', exact: true });
  await expect.element(button).toBeVisible();
  await expectNoAxeViolations();
  // The case in question: on a narrow phone the label wraps, and 'Importing…' would not.
  const label = [...button.element().querySelectorAll('[data-shown]')].find(
    (part) => part.textContent === 'Import 12 cards',
  );
  const lines = document.createRange();
  lines.selectNodeContents(label as Element);
  expect(lines.getClientRects().length).toBe(2);
  const row = button.element().parentElement as HTMLElement;
  const before = row.getBoundingClientRect().height;
  // Every size the row takes from the press until the screen is left, each before it is painted.
  const sizes: number[] = [];
  const watch = new ResizeObserver((entries) => {
    for (const entry of entries) if (entry.target.isConnected) sizes.push(entry.target.getBoundingClientRect().height);
  });
  watch.observe(row);
  const saw: string[] = [];
  const names = new MutationObserver(() => {
    if (row.isConnected) saw.push(row.querySelector('[aria-busy]')?.getAttribute('aria-busy') ?? '');
  });
  names.observe(row, { subtree: true, attributes: true });
  await button.click();
  await expect.element(page.getByText('Imported 12 cards')).toBeVisible();
  watch.disconnect();
  names.disconnect();
  expect(saw).toContain('true');
  expect(sizes.filter((size) => size !== before)).toEqual([]);
});

test('a CSV file asks which column is which, suggests an answer, and shows the first rows to check it against', async () => {
  await renderApp('/user/data-management/import');
  await chooseFile(fileOf(csvText, 'cards.csv', 'text/csv'));
  const table = page.getByRole('table', { name: 'The first rows of cards.csv' });
  await expect.element(table.getByRole('cell', { name: 'Hopper, Grace' })).toBeVisible();
  await expect.element(table.getByRole('cell', { name: 'Bank "The Best"' })).toBeVisible();
  await expect.element(table.getByRole('columnheader', { name: 'F' })).toBeVisible();

  const number = page.getByRole('combobox', { name: 'Card number' });
  await expect.element(number).toHaveDisplayValue('Column A: Card Number');
  await expect.element(page.getByRole('combobox', { name: 'Cardholder' })).toHaveDisplayValue('Column B: Name on Card');
  await expect.element(page.getByRole('combobox', { name: 'Expiry date' })).toHaveDisplayValue('Column C: Expiry');
  await expect.element(page.getByRole('combobox', { name: 'Expiry month' })).toHaveDisplayValue('Not in the file');
  await expect.element(page.getByRole('checkbox', { name: 'The first row holds column names' })).toBeChecked();

  // Without a cardholder column nothing can be read, and the screen says what is missing.
  await userEvent.selectOptions(page.getByRole('combobox', { name: 'Cardholder' }), 'Not in the file');
  await expect.element(page.getByText('Choose the column that holds the cardholder name.')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Show what will be imported' })).toBeDisabled();
  await userEvent.selectOptions(page.getByRole('combobox', { name: 'Cardholder' }), 'Column B: Name on Card');
  // The bank column read as the issuer is changed to nothing at all.
  await userEvent.selectOptions(page.getByRole('combobox', { name: 'Issuer' }), 'Not in the file');
  await page.getByRole('button', { name: 'Show what will be imported' }).click();

  const add = section(/^To add \(4\)$/);
  await expect.element(add.getByText('•••• 1111 · 01/30 · Ada Lovelace · Visa')).toBeVisible();
  await expect.element(add.getByText('•••• 4444 · 12/28 · Hopper, Grace · Mastercard')).toBeVisible();
  await expect.element(add.getByText('•••• 0005 · 06/27 · Alan Turing · American Express')).toBeVisible();
  const cannot = section(/^Cannot be imported \(1\)$/);
  await expect.element(cannot.getByText('Row 6', { exact: true })).toBeVisible();
  await expect
    .element(cannot.getByText('Why: its expiry date “13/27” is not a month and year Sleeve can read'))
    .toBeVisible();
  await page.getByRole('button', { name: 'Import 4 cards' }).click();
  await expect.element(page.getByText('Imported 4 cards')).toBeVisible();
  const stored = Object.values(storedCards().cards) as PlainCard[];
  expect(stored.map((card) => card.data.issuer)).toEqual(['', '', '', '']);
});

test('a file Sleeve cannot read is explained where it was chosen, and another can be chosen', async () => {
  await renderApp('/user/data-management/import');
  await chooseFile(fileOf('{"some": "thing"}', 'notes.json'));
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent(
      'This JSON file is not an export Sleeve knows. Sleeve imports its own backups, Bitwarden and Proton Pass JSON exports, Credential Exchange (CXF) files and CSV files.',
    );
  await chooseFile(fileOf(bitwardenText, 'bitwarden.json'));
  await expect.element(section(/^To add \(4\)$/)).toBeVisible();
});
