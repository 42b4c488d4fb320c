import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CurrentPasswordField } from '../../src/components/password/CurrentPasswordField';
import { NewPasswordFields } from '../../src/components/password/NewPasswordFields';
import { estimatorSource } from '../../src/components/password/password-strength';
import { SleeveError } from '../../src/domain/errors';
import { toastState } from '../../src/state/toast';
import { renderComponent } from '../support/render';
import { loadEstimatorWith } from '../support/strength-estimator';

const STRONG = 'Correct-Horse-9';
const REQUIREMENTS = [
  '12 characters or more',
  'at least 1 uppercase letter',
  'at least 1 lowercase letter',
  'at least 1 number',
  'at least 1 special character',
];

const requirement = (label: string) => page.getByRole('listitem').filter({ hasText: label });
const newPassword = () => page.getByLabelText('New password', { exact: true });
const confirmPassword = () => page.getByLabelText('Confirm password', { exact: true });

async function expectMet(labels: readonly string[]): Promise<void> {
  for (const label of REQUIREMENTS) {
    const met = labels.includes(label);
    await expect.element(requirement(label), { message: label }).toHaveAttribute('data-met', String(met));
    await expect.element(requirement(label)).toHaveTextContent(met ? `Met: ${label}` : `Not met: ${label}`);
  }
}

const incorrect = () => Promise.reject(new SleeveError('Entered password is incorrect'));
const STRONG_MESSAGE = 'Entered password is strong and secure against brute-force attacks';

test('the requirement list updates live and submit waits until every requirement holds', async () => {
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await expect.element(page.getByRole('list', { name: 'Password requirements' })).toBeVisible();
  await expectMet([]);
  const submit = page.getByRole('button', { name: 'Continue' });
  await expect.element(submit).toBeDisabled();

  await newPassword().fill('horse');
  await expectMet(['at least 1 lowercase letter']);
  await newPassword().fill('Horse-9');
  await expectMet(REQUIREMENTS.slice(1));
  await expect.element(submit).toBeDisabled();
  await expect
    .element(page.getByText('Entered password is strong and secure against brute-force attacks'))
    .not.toBeInTheDocument();

  await newPassword().fill(STRONG);
  await expectMet(REQUIREMENTS);
  await expect
    .element(page.getByText('Entered password is strong and secure against brute-force attacks'))
    .toBeVisible();
  await expect.element(submit).toBeEnabled();
});

test("'Password123!' meets every requirement but is not called strong: the estimator says why, and submit waits", async () => {
  const onSubmit = vi.fn(async (_password: string) => undefined);
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={onSubmit} />);
  await newPassword().fill('Password123!');
  await expectMet(REQUIREMENTS);
  await expect.element(page.getByText('This is similar to a commonly used password.')).toBeVisible();
  await expect.element(page.getByText('Add more words that are less common.')).toBeVisible();
  await expect.element(page.getByText(STRONG_MESSAGE)).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await userEvent.keyboard('{Enter}');
  await expect.element(confirmPassword()).not.toBeInTheDocument();

  // A long random passphrase: no objection, called strong, and it goes on.
  await newPassword().fill('Tangerine-Quokka-Velvet-42!');
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await expect.element(page.getByText('This is similar to a commonly used password.')).not.toBeInTheDocument();
  await expect.element(page.getByText('Add more words that are less common.')).not.toBeInTheDocument();
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmPassword().fill('Tangerine-Quokka-Velvet-42!');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect.poll(() => onSubmit.mock.calls).toEqual([['Tangerine-Quokka-Velvet-42!']]);
});

test("while the estimator loads, submit waits and says 'Checking password strength…'", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const real = estimatorSource.load;
  loadEstimatorWith(() => held.then(real));
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await newPassword().fill(STRONG);
  await expectMet(REQUIREMENTS);
  await expect.element(page.getByText('Checking password strength…')).toBeVisible();
  await expect.element(page.getByText(STRONG_MESSAGE)).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  release();
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await expect.element(page.getByText('Checking password strength…')).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('an estimator that cannot be loaded is said so, keeps submit blocked, and is tried again on the next edit', async () => {
  const real = estimatorSource.load;
  let attempts = 0;
  let offline = true;
  loadEstimatorWith(() => {
    attempts += 1;
    return offline ? Promise.reject(new Error('network down')) : real();
  });
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await newPassword().fill(STRONG);
  const unavailable = page.getByText(/The password strength check could not be loaded/);
  await expect.element(unavailable).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  const failed = attempts;
  offline = false;
  await newPassword().fill(`${STRONG}x`);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await expect.element(unavailable).not.toBeInTheDocument();
  expect(attempts).toBeGreaterThan(failed);
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('spaces are allowed, with a warning', async () => {
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await newPassword().fill('Correct Horse 9');
  await expect.element(page.getByText('Entered password includes space(s), which is allowed')).toBeVisible();
  await expect
    .element(page.getByText('Entered password is strong and secure against brute-force attacks'))
    .toBeVisible();
  await newPassword().fill(STRONG);
  await expect.element(page.getByText('Entered password includes space(s), which is allowed')).not.toBeInTheDocument();
});

test('the first valid submit reveals the confirmation, which must match; editing hides it again', async () => {
  const onSubmit = vi.fn(async (_password: string) => undefined);
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={onSubmit} />);
  await expect.element(confirmPassword()).not.toBeInTheDocument();
  await newPassword().fill(STRONG);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await userEvent.keyboard('{Enter}');
  await expect.element(confirmPassword()).toBeVisible();
  await expect.element(confirmPassword()).toHaveFocus();
  expect(onSubmit).not.toHaveBeenCalled();

  const submit = page.getByRole('button', { name: 'Create password' });
  await confirmPassword().fill('Correct-Horse');
  await expect.element(page.getByText('Passwords do not match')).toBeVisible();
  await expect.element(submit).toBeDisabled();
  await userEvent.keyboard('{Enter}');
  expect(onSubmit).not.toHaveBeenCalled();

  await confirmPassword().fill(STRONG);
  await expect.element(page.getByText('Passwords match')).toBeVisible();
  await expect.element(page.getByText('Passwords do not match')).not.toBeInTheDocument();

  // An edit of the new password hides the confirmation, and the next valid submit asks for it afresh.
  await newPassword().fill(`${STRONG}!`);
  await expect.element(confirmPassword()).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.element(confirmPassword()).toHaveValue('');
  await confirmPassword().fill(`${STRONG}!`);
  await submit.click();
  await expect.poll(() => onSubmit.mock.calls).toEqual([[`${STRONG}!`]]);
});

test('a new password equal to the current one is refused', async () => {
  const onSubmit = vi.fn(async (_password: string) => undefined);
  await renderComponent(<NewPasswordFields submitLabel="Change password" current={STRONG} onSubmit={onSubmit} />);
  await newPassword().fill(STRONG);
  await expect.element(page.getByText('Entered password is equal to current password')).toBeVisible();
  await expect.element(newPassword()).toHaveAttribute('aria-invalid', 'true');
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await userEvent.keyboard('{Enter}');
  await expect.element(confirmPassword()).not.toBeInTheDocument();
  await newPassword().fill('Another-Horse-9');
  await expect.element(page.getByText('Entered password is equal to current password')).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('a failed submit shows its message as an error toast and keeps the form', async () => {
  await renderComponent(
    <NewPasswordFields
      submitLabel="Create password"
      onSubmit={() => Promise.reject(new SleeveError('Failed to set password on server'))}
    />,
  );
  await newPassword().fill(STRONG);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await userEvent.keyboard('{Enter}');
  await confirmPassword().fill(STRONG);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect.poll(() => [toastState.message, toastState.type]).toEqual(['Failed to set password on server', 'ERROR']);
  await expect.element(page.getByRole('button', { name: 'Create password' })).toBeEnabled();
  await expect.element(newPassword()).toHaveValue(STRONG);
});

test('new-password inputs say so to password managers, and each can be shown', async () => {
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await expect.element(newPassword()).toHaveAttribute('autocomplete', 'new-password');
  await expect.element(newPassword()).toHaveAttribute('type', 'password');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect.element(newPassword()).toHaveAttribute('type', 'text');
  await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
  await newPassword().fill(STRONG);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await userEvent.keyboard('{Enter}');
  await expect.element(confirmPassword()).toHaveAttribute('autocomplete', 'new-password');
  await page.getByRole('button', { name: 'Show confirmed password' }).click();
  await expect.element(confirmPassword()).toHaveAttribute('type', 'text');
});

test('current password: under 12 characters no check is made', async () => {
  const onVerify = vi.fn(async (_password: string) => undefined);
  await renderComponent(<CurrentPasswordField label="Password" onVerify={onVerify} />);
  const field = page.getByLabelText('Password', { exact: true });
  await expect.element(field).toHaveAttribute('autocomplete', 'current-password');
  await field.fill('Short-Pw-9');
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await userEvent.keyboard('{Enter}');
  expect(onVerify).not.toHaveBeenCalled();
  await field.fill(STRONG);
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => onVerify.mock.calls).toEqual([[STRONG]]);
});

test('current password: a wrong one is flagged, not checked again until edited, and any edit clears it', async () => {
  const onVerify = vi.fn(incorrect);
  await renderComponent(<CurrentPasswordField label="Current password" onVerify={onVerify} />);
  const field = page.getByLabelText('Current password', { exact: true });
  await field.fill('Wrong-Horse-9');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  await expect.element(field).toHaveAttribute('aria-invalid', 'true');
  await expect.element(field).toHaveFocus();
  expect(onVerify).toHaveBeenCalledTimes(1);

  // The same attempt again: no second derivation, and the flag stays.
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  expect(onVerify).toHaveBeenCalledTimes(1);

  // Any edit clears it, even one that leaves the input too short to check.
  await userEvent.keyboard('{Backspace}');
  await expect.element(page.getByText('Entered password is incorrect')).not.toBeInTheDocument();
  await expect.element(field).not.toHaveAttribute('aria-invalid');
  await userEvent.keyboard('0');
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => onVerify.mock.calls).toEqual([['Wrong-Horse-9'], ['Wrong-Horse-0']]);
});

test('current password: other failures go to a toast and leave no flag', async () => {
  const onVerify = vi.fn(() => Promise.reject(new SleeveError('Create password first to verify')));
  await renderComponent(<CurrentPasswordField label="Password" onVerify={onVerify} />);
  await page.getByLabelText('Password', { exact: true }).fill(STRONG);
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => [toastState.message, toastState.type]).toEqual(['Create password first to verify', 'ERROR']);
  await expect.element(page.getByText('Entered password is incorrect')).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('current password: once verified the field is disabled and says so', async () => {
  await renderComponent(
    <CurrentPasswordField label="Current password" verifiedMessage="Password verified" onVerify={async () => {}} />,
  );
  const field = page.getByLabelText('Current password', { exact: true });
  await field.fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.element(page.getByText('Password verified')).toBeVisible();
  await expect.element(field).toBeDisabled();
  await expect.element(page.getByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
});

test('current password: disabled means no typing and no check', async () => {
  await renderComponent(<CurrentPasswordField label="Password" disabled onVerify={async () => {}} />);
  await expect.element(page.getByLabelText('Password', { exact: true })).toBeDisabled();
  await expect.element(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});
