/**
 * The backup passphrase form shares the new-password form's estimator, so one secret gets one verdict on both; it
 * says so in its own words.
 */
import { expect, onTestFinished, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { estimatorSource, forgetEstimator } from '../../src/components/password/password-strength';
import { BackupPassphraseForm } from '../../src/screens/you/data/BackupPassphraseForm';
import { renderComponent } from '../support/render';

const passphrase = () => page.getByLabelText('Backup passphrase', { exact: true });
const confirm = () => page.getByLabelText('Confirm passphrase', { exact: true });

test("'Password123!' is too easy to guess here too, with the estimator's reason, and cannot be saved", async () => {
  await renderComponent(<BackupPassphraseForm submitLabel="Save backup" busy={false} onSubmit={() => undefined} />);
  await passphrase().fill('Password123!');
  await expect.element(page.getByText('Too easy to guess. Add more words, or choose less common ones.')).toBeVisible();
  await expect.element(page.getByText('This is similar to a commonly used password.')).toBeVisible();
  await expect.element(passphrase()).toHaveAttribute('aria-invalid', 'true');
  await confirm().fill('Password123!');
  await expect.element(page.getByText('Passphrases match')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Save backup' })).toBeDisabled();
});

test('a strong passphrase, typed twice, is saved', async () => {
  const onSubmit = vi.fn((_passphrase: string) => undefined);
  await renderComponent(<BackupPassphraseForm submitLabel="Save backup" busy={false} onSubmit={onSubmit} />);
  await passphrase().fill('Tangerine-Quokka-Velvet-42!');
  await expect.element(page.getByText('Strong enough to protect your backup')).toBeVisible();
  await confirm().fill('Tangerine-Quokka-Velvet-42');
  await expect.element(page.getByText('Passphrases do not match')).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Save backup' })).toBeDisabled();
  await confirm().fill('Tangerine-Quokka-Velvet-42!');
  await page.getByRole('button', { name: 'Save backup' }).click();
  expect(onSubmit.mock.calls).toEqual([['Tangerine-Quokka-Velvet-42!']]);
});

test('an estimator that cannot be loaded is said so, and the next edit tries again', async () => {
  const real = estimatorSource.load;
  let offline = true;
  forgetEstimator();
  estimatorSource.load = () => (offline ? Promise.reject(new Error('network down')) : real());
  onTestFinished(() => {
    estimatorSource.load = real;
    forgetEstimator();
  });
  await renderComponent(<BackupPassphraseForm submitLabel="Save backup" busy={false} onSubmit={() => undefined} />);
  await passphrase().fill('Tangerine-Quokka');
  const unavailable = page.getByText(/The strength check could not load/);
  await expect.element(unavailable).toBeVisible();
  offline = false;
  await passphrase().fill('Tangerine-Quokka-Velvet-42!');
  await expect.element(page.getByText('Strong enough to protect your backup')).toBeVisible();
  await expect.element(unavailable).not.toBeInTheDocument();
});
