/**
 * Password fields a password manager can fill and save: each form names the Google account as its (hidden)
 * username, and says whether it wants a saved password or a new one.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { navigate } from 'wouter/use-browser-location';
import { signOut } from '../../src/state/leave';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { googleSignIn, uniqueSub } from '../support/google';
import { currentPath, renderApp } from '../support/render';

const PASSWORD = 'Correct-Horse-9';
let sub = '';

beforeEach(() => {
  sub = uniqueSub();
});

afterEach(async () => {
  await signOut();
});

const usernameIn = (input: Element): HTMLInputElement | null | undefined =>
  (input as HTMLInputElement).form?.querySelector<HTMLInputElement>('input[autocomplete="username"]');

test("'Create a password' offers the manager a new password for the Google account's email", async () => {
  await renderApp('/user/account');
  await googleSignIn(sub);
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  navigate('/user/account/password/create');
  const field = page.getByLabelText('Password', { exact: true });
  await expect.element(field).toHaveAttribute('autocomplete', 'new-password');
  const username = usernameIn(field.element());
  expect(username?.value).toBe(`${sub}@example.com`);
  expect(username?.hidden).toBe(true);
  expect(username?.readOnly).toBe(true);
});

test('the unlock screen asks the manager for the saved password of that email', async () => {
  await renderApp('/user/account');
  await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  navigate('/user/security');
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect.poll(currentPath).toBe('/password/unlock');
  const field = page.getByLabelText('Enter password', { exact: true });
  await expect.element(field).toHaveAttribute('autocomplete', 'current-password');
  expect(usernameIn(field.element())?.value).toBe(`${sub}@example.com`);
  // A manager sets the value in one go, as a paste does; the field takes it and unlocks.
  await field.fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.element(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('without an account there is no username to offer', async () => {
  await renderApp('/user/account');
  expect(document.querySelector('input[autocomplete="username"]')).toBeNull();
});
