/**
 * What a person sees when the account's key is contested: a first password created on another device a moment
 * before this one, and a newer password record whose key cannot open this device's cards. The real account module,
 * the real worker and the real local backend; "another device" writes the same account from this page.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { navigate } from 'wouter/use-browser-location';
import type { SecretRecord } from '../../src/domain/secret';
import { gateFor } from '../../src/state/gate';
import { signOut } from '../../src/state/leave';
import { createPin } from '../../src/state/pin-changes';
import { verifyPassword } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { expectNoAxeViolations } from '../support/axe';
import { startEngine, stopEngines } from '../support/engine-worker';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { currentPath, makeCard, renderApp } from '../support/render';
import { seed } from '../support/seed-commands';
import { storedJson } from '../support/seed-storage';
import { putServerRecord } from '../support/server-cards';

const PASSWORD = 'Correct-Horse-9';
const PHONE_PASSWORD = 'Battery-Staple-7';
const PIN = '274951';

let sub = '';

beforeEach(() => {
  sub = uniqueSub();
});

afterEach(async () => {
  await signOut();
  stopEngines();
});

const firstBank = () => page.getByText('First Bank').first();

test('creating the first password after another device did: the person is sent to enter that one, and told why', async () => {
  await renderApp('/user/account', { cards: [makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' })] });
  const uid = await googleSignIn(sub);
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  navigate('/user/account/password/create');
  await expect.element(page.getByRole('heading', { name: 'Create a password', level: 1 })).toBeVisible();
  // The phone creates the account's password while this person is typing theirs.
  const phone = await startEngine().createSecret(PHONE_PASSWORD, { type: 'UNENCRYPTED', cards: {} }, Date.now());
  await putServerRecord(uid, phone.record);

  await page.getByLabelText('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabelText('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create password' }).click();

  await expect.poll(currentPath).toBe('/user/account/password/sign-in');
  await expect.element(page.getByRole('heading', { name: 'Enter your password', level: 1 })).toBeVisible();
  await expect.element(page.getByText(/created this account's password a moment before this one/)).toBeVisible();
  await expectNoAxeViolations();
  expect(await serverValue(`${uid}/auth/password`)).toEqual(phone.record);

  await page.getByLabelText('Password', { exact: true }).fill(PHONE_PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.poll(currentPath).toBe('/user/account');
  navigate('/home');
  await expect.element(firstBank()).toBeVisible();
  expect(Object.keys((await serverValue(`${uid}/cards`)) as object)).toEqual(['Ab3dEf9h']);
});

test('a newer password whose key cannot open the cards here: nothing is removed, and this device’s key can be kept', async () => {
  await renderApp('/home', { cards: [makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' })] });
  const uid = await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  gateFor(() => undefined, { forNewSecret: true });
  await verifyPassword(PASSWORD);
  await createPin(PIN);
  await expect.element(firstBank()).toBeVisible();
  const before = storedJson('auth') as { password: SecretRecord; pin: SecretRecord };
  // Another client writes a record over a key of its own, under a password this person happens to know.
  const other = await seed.seedWallet(PHONE_PASSWORD, [], Date.now());
  await putServerRecord(uid, other.record);

  await expect.poll(currentPath).toBe('/password/unlock');
  const field = page.getByLabelText('Enter your new password', { exact: true });
  await field.fill(PHONE_PASSWORD);
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByText(/opens a key that cannot open your cards/)).toBeVisible();
  await expect.element(page.getByRole('heading', { name: 'Your cards are safe on this device' })).toBeVisible();
  await expectNoAxeViolations();
  expect((storedJson('auth') as { pin: SecretRecord }).pin).toEqual(before.pin);

  await page.getByRole('button', { name: "Keep using this device's key" }).click();
  await expect.element(page.getByText(/is the account's key again/)).toBeVisible();
  await expect.poll(currentPath).toBe('/pin/unlock');
  await userEvent.keyboard(PIN);
  await expect.poll(currentPath).toBe('/home');
  await expect.element(firstBank()).toBeVisible();
  const server = (await serverValue(`${uid}/auth/password`)) as SecretRecord;
  expect(server.encryptedDek).toEqual(before.password.encryptedDek);
  expect(server.modifiedAt).toBeGreaterThan(other.record.modifiedAt);
});
