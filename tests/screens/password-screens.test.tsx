/**
 * The account and password screens against the account module's contract. The module itself (Google, the server,
 * the worker) is replaced here by functions that answer as the contract says, so what is tested is the screens:
 * their texts, where they go, and which action they call with what.
 */
import type { ReactNode } from 'react';
import { beforeEach, expect, onTestFinished, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Route, Router, Switch } from 'wouter';
import { ToastHost } from '../../src/app/ToastHost';
import { SleeveError } from '../../src/domain/errors';
import { AccountRoutes } from '../../src/screens/account/AccountRoutes';
import { PasswordUnlockRoutes } from '../../src/screens/unlock/PasswordUnlockRoutes';
import * as account from '../../src/state/account';
import { appState } from '../../src/state/app';
import { renderApp, renderComponent } from '../support/render';

vi.mock('../../src/state/account', async () => {
  const { proxy } = await import('valtio');
  return {
    accountState: proxy({ busy: false }),
    signInWithGoogle: vi.fn(),
    createAccountPassword: vi.fn(),
    enterAccountPassword: vi.fn(),
    unlockWithPassword: vi.fn(),
    verifyPassword: vi.fn(),
    changePassword: vi.fn(),
    signOut: vi.fn(),
    deleteAccount: vi.fn(),
  };
});

const PASSWORD = 'Correct-Horse-9';
const NEXT = 'Battery-Staple-7';
const ADA = { uid: 'u1', name: 'Ada', fullName: 'Ada Lovelace' };
const wrongPassword = async (password: string) => {
  if (password !== PASSWORD) throw new SleeveError('Entered password is incorrect');
};

beforeEach(() => {
  vi.resetAllMocks();
  account.accountState.busy = false;
  Object.assign(appState, { user: null, passwordStale: false, pinCreated: false, passwordCreated: false });
});

/** The account and unlock routes where the app will mount them, with the toast, at `path`. */
async function renderRoutes(path: string, extra?: ReactNode): Promise<void> {
  const before = window.location.pathname;
  history.replaceState(null, '', path);
  await renderComponent(
    <Router>
      <Switch>
        <Route path="/user/account" nest>
          <AccountRoutes />
        </Route>
        <Route path="/password/unlock" nest>
          <PasswordUnlockRoutes />
        </Route>
        <Route>{extra ?? <p>Elsewhere</p>}</Route>
      </Switch>
      <ToastHost />
    </Router>,
  );
  onTestFinished(() => history.replaceState(null, '', before));
}

const path = () => window.location.pathname;

test('signed out: Account offers Google sign-in, with a spinner while it runs; a closed popup changes nothing', async () => {
  let finish: (result: account.SignInResult | null) => void = () => undefined;
  vi.mocked(account.signInWithGoogle).mockImplementation(() => {
    account.accountState.busy = true;
    return new Promise((resolve) => {
      finish = (result) => {
        account.accountState.busy = false;
        resolve(result);
      };
    });
  });
  await renderRoutes('/user/account');
  await expect.element(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect.element(page.getByRole('status', { name: 'Signing in' })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
  finish(null);
  await expect.element(page.getByRole('status', { name: 'Signing in' })).not.toBeInTheDocument();
  expect(path()).toBe('/user/account');
  await expect.element(page.getByRole('status').filter({ hasText: /./ })).not.toBeInTheDocument();
});

test('a new account creates its password, confirmed, then returns to Account', async () => {
  vi.mocked(account.signInWithGoogle).mockImplementation(async () => {
    appState.user = ADA;
    return 'CREATE_PASSWORD';
  });
  vi.mocked(account.createAccountPassword).mockResolvedValue();
  await renderRoutes('/user/account');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect.poll(path).toBe('/user/account/password/create');
  await expect.element(page.getByRole('heading', { name: 'Create a password', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/cannot be recovered/)).toBeVisible();
  await page.getByLabelText('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabelText('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect.element(page.getByText('Password has been created')).toHaveAttribute('data-type', 'success');
  expect(account.createAccountPassword).toHaveBeenCalledWith(PASSWORD);
  await expect.poll(path).toBe('/user/account');
  await expect.element(page.getByText('Ada Lovelace')).toBeVisible();
});

test('an existing account asks for its password; a wrong one is flagged, the right one signs in', async () => {
  vi.mocked(account.signInWithGoogle).mockImplementation(async () => {
    appState.user = ADA;
    return 'ENTER_PASSWORD';
  });
  vi.mocked(account.enterAccountPassword).mockImplementation(wrongPassword);
  await renderRoutes('/user/account');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect.poll(path).toBe('/user/account/password/sign-in');
  await expect.element(page.getByRole('heading', { name: 'Enter your password', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/PIN does not carry over/)).toBeVisible();
  const field = page.getByLabelText('Password', { exact: true });
  await expect.element(field).toHaveFocus();
  await field.fill('Wrong-Horse-9');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  await field.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Signed in', { exact: true })).toHaveAttribute('data-type', 'success');
  await expect.poll(path).toBe('/user/account');
});

test("'Forgot password?' explains, then deletes the account only after a second confirmation", async () => {
  appState.user = ADA;
  vi.mocked(account.deleteAccount).mockImplementation(async () => {
    appState.user = null;
  });
  await renderRoutes('/user/account/password/sign-in');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const explain = page.getByRole('dialog', { name: 'Forgot password?' });
  await expect.element(explain.getByText(/cannot be recovered/)).toBeVisible();
  await explain.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect.element(confirm.getByText('Are you sure you want to delete your account?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  expect(account.deleteAccount).not.toHaveBeenCalled();

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog', { name: 'Delete account' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => account.deleteAccount).toHaveBeenCalledTimes(1);
  // No account, no password step: back to Account, signed out.
  await expect.poll(path).toBe('/user/account');
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
});

test('the password steps need a signed-in person', async () => {
  await renderRoutes('/user/account/password/create');
  await expect.poll(path).toBe('/user/account');
  await expect.element(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
});

test('signed in: the full name, sign out and the Danger Zone, each confirmed first', async () => {
  appState.user = ADA;
  vi.mocked(account.signOut).mockResolvedValue();
  vi.mocked(account.deleteAccount).mockResolvedValue();
  await renderRoutes('/user/account');
  await expect.element(page.getByText('Ada Lovelace')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of your account' }).click();
  const signOut = page.getByRole('dialog', { name: 'Sign out' });
  await expect.element(signOut.getByText(/stay in your account, but this device will forget them/)).toBeVisible();
  await signOut.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => account.signOut).toHaveBeenCalledTimes(1);

  await expect.element(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete account' });
  await expect.element(remove.getByText('Are you sure you want to delete your account?')).toBeVisible();
  await expect
    .element(
      remove.getByText('All your cards will be deleted from the server and this device. This action cannot be undone.'),
    )
    .toBeVisible();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => account.deleteAccount).toHaveBeenCalledTimes(1);

  account.accountState.busy = true;
  await expect.element(page.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await expect.element(page.getByRole('button', { name: 'Sign out of your account' })).toBeDisabled();
});

test('unlock with the password; the help page offers the PIN, forgot password and sign out', async () => {
  appState.passwordCreated = true;
  appState.pinCreated = true;
  vi.mocked(account.unlockWithPassword).mockImplementation(wrongPassword);
  vi.mocked(account.signOut).mockResolvedValue();
  await renderRoutes('/password/unlock');
  await expect.element(page.getByRole('heading', { name: 'Unlock Sleeve', level: 1 })).toBeVisible();
  await expect.element(page.getByText('Unlock using your password')).toBeVisible();
  const field = page.getByLabelText('Enter password', { exact: true });
  await field.fill('Wrong-Horse-9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  await field.fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => account.unlockWithPassword).toHaveBeenLastCalledWith(PASSWORD);

  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect.poll(path).toBe('/password/unlock/help');
  await expect
    .element(page.getByRole('link', { name: 'Unlock using your PIN' }))
    .toHaveAttribute('href', '/pin/unlock');
  await expect.element(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out of your account' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => account.signOut).toHaveBeenCalledTimes(1);
});

test('after a change on another device, unlock asks for the new password; no PIN, no PIN link', async () => {
  appState.passwordCreated = true;
  appState.passwordStale = true;
  await renderRoutes('/password/unlock');
  await expect.element(page.getByText('Enter your new password', { exact: true }).first()).toBeVisible();
  await expect.element(page.getByLabelText('Enter your new password', { exact: true })).toBeVisible();
  await expect.element(page.getByText(/changed on another device/)).toBeVisible();
  await expect.element(page.getByText('Unlock using your password')).not.toBeInTheDocument();
  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect.element(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Unlock using your PIN' })).not.toBeInTheDocument();
});

test('Security without a password shows no Password section', async () => {
  await renderApp('/user/security');
  await expect.element(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'PIN' })).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'Password' })).not.toBeInTheDocument();
  await expect.element(page.getByRole('link', { name: 'Change password' })).not.toBeInTheDocument();
});

test('change password: verify the current one, then a different new one, confirmed', async () => {
  vi.mocked(account.verifyPassword).mockImplementation(wrongPassword);
  vi.mocked(account.changePassword).mockResolvedValue();
  await renderApp('/user/security');
  appState.passwordCreated = true;
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect.poll(path).toBe('/user/security/password/change');
  await expect.element(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await expect.element(page.getByLabelText('New password', { exact: true })).not.toBeInTheDocument();

  const current = page.getByLabelText('Current password', { exact: true });
  await current.fill('Wrong-Horse-9');
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Entered password is incorrect')).toBeVisible();
  await current.fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText('Password verified')).toBeVisible();
  await expect.element(current).toBeDisabled();

  const next = page.getByLabelText('New password', { exact: true });
  await expect.element(next).toHaveFocus();
  await next.fill(PASSWORD);
  await expect.element(page.getByText('Entered password is equal to current password')).toBeVisible();
  await next.fill(NEXT);
  await userEvent.keyboard('{Enter}');
  await page.getByLabelText('Confirm password', { exact: true }).fill(NEXT);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect.element(page.getByText('Password has been changed')).toHaveAttribute('data-type', 'success');
  expect(account.changePassword).toHaveBeenCalledWith(PASSWORD, NEXT);
  await expect.poll(path).toBe('/user/security');
});

test('with a password, the PIN actions pass through password/verify first', async () => {
  vi.mocked(account.verifyPassword).mockImplementation(wrongPassword);
  await renderApp('/user/security');
  appState.passwordCreated = true;
  await page.getByRole('button', { name: 'Create PIN' }).click();
  await expect.poll(path).toBe('/user/security/password/verify');
  await expect.element(page.getByRole('heading', { name: 'Verify your password', level: 1 })).toBeVisible();
  await page.getByLabelText('Password', { exact: true }).fill(PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.poll(path).toBe('/user/security/pin/create');
  await expect.element(page.getByRole('heading', { name: 'Create a PIN', level: 1 })).toBeVisible();
});
