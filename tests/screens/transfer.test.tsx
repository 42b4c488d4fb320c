/**
 * Export as a person goes through it, with the real worker and storage: Data Management's entries, the encrypted
 * backup by default and its passphrase, the warning before a plain export, and a PIN asked for first. Import:
 * transfer-import.test.tsx.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { eraseDevice } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { expectNoAxeViolations } from '../support/axe';
import { catchDownloads } from '../support/downloads';
import { PASSPHRASE } from '../support/import-preview';
import { currentPath, makeCard, renderApp, storedCards } from '../support/render';
import { chooseFile, fileOf, visa } from '../support/transfer-screens';

test('Data Management offers export and import above the Danger Zone, which is unchanged', async () => {
  await renderApp('/user/data-management');
  const cards = page.getByRole('region', { name: 'Your cards' });
  await expect
    .element(cards.getByRole('link', { name: 'Export cards' }))
    .toHaveAttribute('href', '/user/data-management/export');
  await expect
    .element(cards.getByRole('link', { name: 'Import cards' }))
    .toHaveAttribute('href', '/user/data-management/import');
  await expect.element(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Delete all cards' })).toBeVisible();
});

test('an encrypted backup is the default; a weak or unconfirmed passphrase cannot save one; it imports back', async () => {
  const cards = [visa, makeCard({ number: '5555555555554444', expiry: '12/28', cardholder: 'Zoë Núñez', cvv: '' })];
  await renderApp('/user/data-management/export', { cards });
  const downloads = catchDownloads();
  await expect.element(page.getByRole('radio', { name: /Encrypted backup/ })).toBeChecked();
  const save = page.getByRole('button', { name: 'Save encrypted backup of 2 cards' });

  await page.getByLabelText('Backup passphrase').fill('password123');
  await expect.element(page.getByText('Too easy to guess. Add more words, or choose less common ones.')).toBeVisible();
  await expect.element(save).toBeDisabled();
  await page.getByLabelText('Backup passphrase').fill(PASSPHRASE);
  await expect.element(page.getByText('Strong enough to protect your backup')).toBeVisible();
  await page.getByLabelText('Confirm passphrase').fill(`${PASSPHRASE}!`);
  await expect.element(page.getByText('Passphrases do not match')).toBeVisible();
  await expect.element(save).toBeDisabled();
  await page.getByLabelText('Confirm passphrase').fill(PASSPHRASE);
  await expect.element(page.getByText('Passphrases match')).toBeVisible();
  await save.click();

  const file = await downloads.next();
  expect(file.name).toMatch(/^sleeve-backup-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(file.text)).toMatchObject({ format: 'sleeve-backup', version: 1, count: 2 });
  expect(file.text).not.toContain('4111111111111111');
  await expect.element(page.getByText('Exported 2 cards')).toBeVisible();

  // On a device that has lost everything, the backup brings the cards back, after a wrong passphrase is refused.
  await eraseDevice();
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Data Management' }).click();
  await page.getByRole('link', { name: 'Import cards' }).click();
  await chooseFile(fileOf(file.text, file.name));
  await expect.element(page.getByText(`${file.name} is a Sleeve backup of 2 cards.`, { exact: false })).toBeVisible();
  await page.getByLabelText('Backup passphrase').fill('Zoe’s backup');
  await page.getByRole('button', { name: 'Open backup' }).click();
  await expect
    .element(page.getByText('This passphrase does not open the backup, or the file was changed after it was saved.'))
    .toBeVisible();
  await page.getByLabelText('Backup passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Open backup' }).click();
  await page.getByRole('button', { name: 'Import 2 cards' }).click();
  await expect.element(page.getByText('Imported 2 cards')).toBeVisible();
  expect(storedCards().cards).toEqual(Object.fromEntries(cards.map((card) => [card.id, card])));
});

test('a plain export comes only after a warning, and Cancel downloads nothing', async () => {
  await renderApp('/user/data-management/export', { cards: [visa] });
  const downloads = catchDownloads();
  await page.getByRole('radio', { name: /Bitwarden/ }).click();
  await expect
    .element(
      page.getByText(
        'This file will not be encrypted. Anyone who opens it can read every card number, expiry date and CVV in it.',
      ),
    )
    .toBeVisible();
  await page.getByRole('button', { name: 'Export 1 card without encryption' }).click();
  const sheet = page.getByRole('dialog', { name: 'Export without encryption?' });
  await expect
    .element(
      sheet.getByText(
        'The file will hold every card number, expiry date and CVV as plain text, readable by anyone who opens it.',
      ),
    )
    .toBeVisible();
  await expectNoAxeViolations();
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(sheet).not.toBeInTheDocument();
  expect(downloads.count()).toBe(0);

  await page.getByRole('button', { name: 'Export 1 card without encryption' }).click();
  await page
    .getByRole('dialog', { name: 'Export without encryption?' })
    .getByRole('button', { name: 'Export anyway' })
    .click();
  const file = await downloads.next();
  expect(file.name).toMatch(/^sleeve-bitwarden-export-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(file.text).items[0].card).toMatchObject({ number: '4111111111111111', brand: 'Visa' });
  await expect.element(page.getByText('Exported 1 card')).toBeVisible();
});

test('with a PIN, exporting asks for it first; the file is saved once it is verified', async () => {
  await renderApp('/user/data-management/export', { cards: [visa] });
  await createPin('274951');
  const downloads = catchDownloads();
  await page.getByRole('radio', { name: /Credential Exchange/ }).click();
  await page.getByRole('button', { name: 'Export 1 card without encryption' }).click();
  await page
    .getByRole('dialog', { name: 'Export without encryption?' })
    .getByRole('button', { name: 'Export anyway' })
    .click();
  await expect.poll(currentPath).toBe('/user/data-management/pin/verify');
  expect(downloads.count()).toBe(0);
  for (const digit of '274951') await page.getByRole('button', { name: digit, exact: true }).click();
  const file = await downloads.next();
  expect(JSON.parse(file.text).accounts[0].items[0].credentials[0].number.value).toBe('4111111111111111');
  await expect.element(page.getByText('Exported 1 card')).toBeVisible();
});
