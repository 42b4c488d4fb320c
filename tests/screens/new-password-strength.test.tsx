/**
 * The two screens where a new password is chosen, with the real strength estimator, the real account module, the
 * real worker and the real local backend: a password that meets SPEC.md's five requirements but is easy to guess is
 * not called strong and cannot be submitted; a long random passphrase is, and can. SPEC.md's requirement texts stay.
 */
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { navigate } from 'wouter/use-browser-location';
import { signOut } from '../../src/state/leave';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { expectNoAxeViolations } from '../support/axe';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { currentPath, renderApp } from '../support/render';

const REQUIREMENTS = [
  '12 characters or more',
  'at least 1 uppercase letter',
  'at least 1 lowercase letter',
  'at least 1 number',
  'at least 1 special character',
];
const STRONG_MESSAGE = 'Entered password is strong and secure against brute-force attacks';
const GUESSABLE = 'Password123!';
const PASSPHRASE = 'Tangerine-Quokka-Velvet-42!';
const CURRENT = 'Correct-Horse-9';

let sub = '';

// The estimator and its dictionaries are the largest module these tests load. Loaded before them, so that on a busy
// machine (the whole suite's lanes at once) its first fetch is not spent inside the first test's time.
beforeAll(async () => {
  await import('../../src/domain/password-strength');
}, 60_000);

beforeEach(() => {
  sub = uniqueSub();
});

afterEach(async () => {
  await signOut();
});

/** Every requirement shown with its SPEC.md text, and met. */
async function expectAllMet(): Promise<void> {
  const items = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
  await expect
    .poll(() => items.elements().map((item) => item.textContent))
    .toEqual(REQUIREMENTS.map((label) => `✓Met: ${label}`));
}

/** 'Password123!' typed into `field`: every requirement met, yet not strong; the estimator's reason; no way on. */
async function expectRefused(field: ReturnType<typeof page.getByLabelText>): Promise<void> {
  await field.fill(GUESSABLE);
  await expectAllMet();
  await expect.element(page.getByText('This is similar to a commonly used password.')).toBeVisible();
  await expect.element(page.getByText(STRONG_MESSAGE)).not.toBeInTheDocument();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect.element(next).toBeDisabled();
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByLabelText('Confirm password', { exact: true })).not.toBeInTheDocument();
}

test("Create a password: 'Password123!' is refused, a long random passphrase creates the account", async () => {
  await renderApp('/user/account');
  const uid = await googleSignIn(sub);
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  navigate('/user/account/password/create');
  await expect.element(page.getByRole('heading', { name: 'Create a password', level: 1 })).toBeVisible();
  const field = page.getByLabelText('Password', { exact: true });
  await expectRefused(field);
  await expectNoAxeViolations();
  expect(await serverValue(`${uid}/auth/password`)).toBeNull();

  await field.fill(PASSPHRASE);
  await expectAllMet();
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabelText('Confirm password', { exact: true }).fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect.element(page.getByText('Password has been created')).toHaveAttribute('data-type', 'success');
  await expect.poll(currentPath).toBe('/user/account');
  expect(await serverValue(`${uid}/auth/password`)).not.toBeNull();
});

test("Change password: 'Password123!' is refused as the new one, a long random passphrase replaces it", async () => {
  await renderApp('/user/security');
  const uid = await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(CURRENT);
  const before = await serverValue(`${uid}/auth/password`);
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabelText('Current password', { exact: true }).fill(CURRENT);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Password verified')).toBeVisible();

  const next = page.getByLabelText('New password', { exact: true });
  await expectRefused(next);
  expect(await serverValue(`${uid}/auth/password`)).toEqual(before);

  await next.fill(PASSPHRASE);
  await expect.element(page.getByText(STRONG_MESSAGE)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabelText('Confirm password', { exact: true }).fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect.element(page.getByText('Password has been changed')).toHaveAttribute('data-type', 'success');
  await expect.poll(currentPath).toBe('/user/security');
  expect(await serverValue(`${uid}/auth/password`)).not.toEqual(before);
});
