/**
 * The strength estimator runs in a worker of its own (src/components/password/password-strength.ts): its verdict
 * follows each edit, and a worker that stops is said so and started again at the next edit. (That the page's main
 * thread stays free meanwhile is a matter of time, shown by docs/performance.md's figures, not asserted here.)
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { NewPasswordFields } from '../../src/components/password/NewPasswordFields';
import { estimatorSource } from '../../src/components/password/password-strength';
import { renderComponent } from '../support/render';
import { loadEstimatorWith } from '../support/strength-estimator';

const STRONG = 'Correct-Horse-9';
const STRONG_MESSAGE = 'Entered password is strong and secure against brute-force attacks';
const newPassword = () => page.getByLabelText('New password', { exact: true });
const continueButton = () => page.getByRole('button', { name: 'Continue' });

test("the verdict follows each edit, from the estimator's worker", async () => {
  // The estimator as a page loads it: its worker, started by the form.
  loadEstimatorWith(estimatorSource.load);
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await newPassword().fill(STRONG);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await expect.element(continueButton()).toBeEnabled();
  await newPassword().fill('Password123!');
  await expect.element(page.getByText('This is similar to a commonly used password.')).toBeVisible();
  await expect.element(page.getByText(STRONG_MESSAGE)).not.toBeInTheDocument();
  await expect.element(continueButton()).toBeDisabled();
  await newPassword().fill(STRONG);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await expect.element(page.getByText('This is similar to a commonly used password.')).not.toBeInTheDocument();
});

test('a worker that stops is said so, keeps submit blocked, and another starts at the next edit', async () => {
  const real = estimatorSource.load;
  let loads = 0;
  let stopped = false;
  // The first worker stops at its first secret, as one that ran out of memory would; the next works.
  loadEstimatorWith(async () => {
    loads += 1;
    const estimate = await real();
    return (secret) => {
      if (stopped) return estimate(secret);
      stopped = true;
      return Promise.reject(new Error("The strength estimator's worker stopped"));
    };
  });
  await renderComponent(<NewPasswordFields submitLabel="Create password" onSubmit={async () => undefined} />);
  await newPassword().fill(STRONG);
  const unavailable = page.getByText(/The password strength check could not be loaded/);
  await expect.element(unavailable).toBeVisible();
  await expect.element(continueButton()).toBeDisabled();
  expect(loads).toBe(1);
  await newPassword().fill(`${STRONG}x`);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await expect.element(unavailable).not.toBeInTheDocument();
  expect(loads).toBe(2);
  await expect.element(continueButton()).toBeEnabled();
});
