/**
 * Unlocking with a passkey in the built app, through real WebAuthn ceremonies in Chromium against its virtual
 * authenticator (tests/e2e/support/virtual-authenticator.ts). WebAuthn binds a passkey to a domain name, so these
 * pages are served as localhost; at an IP address no passkey is offered at all.
 */
import type { BrowserContext, Page } from 'playwright';
import { expect, it } from 'vitest';
import { PasskeyMessages } from '../../src/domain/passkey';
import { addCard, MASTERCARD, storedItem, typePin, VISA } from './support/actions';
import { appUrl, contextPerTest, watchPageErrors } from './support/browser';
import { createPinFromSecurity, openSecurity } from './support/pin-flows';
import { addVirtualAuthenticator, type VirtualAuthenticatorOptions } from './support/virtual-authenticator';

const PIN = '274951';

type Auth = {
  password: unknown;
  pin: unknown;
  passkey: { credentialId: string; salt: string; encryptedDek: { ciphertext: string; iv: string } } | null;
};

const openContext = contextPerTest();

/** The app at `path`, served under the name localhost. */
const localUrl = (path: string) => appUrl(path).replace('//127.0.0.1:', '//localhost:');

/** A tab of `context` at localhost: Home, or the PIN screen when another tab of the profile has made a PIN. */
async function openTab(context: BrowserContext) {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(localUrl('/home'));
  await page.waitForURL(/\/(home|pin\/unlock)$/);
  return { context, page, errors };
}

/** A tab on Home at localhost in a fresh profile, with a virtual authenticator. */
async function openApp(options?: VirtualAuthenticatorOptions) {
  const tab = await openTab(await openContext());
  return { ...tab, authenticator: await addVirtualAuthenticator(tab.page, options) };
}

/** Security → 'Set up passkey unlock', through the PIN's verification; `outcome` is the toast that follows. */
async function setUpPasskey(page: Page, outcome = 'Passkey has been set up'): Promise<void> {
  await openSecurity(page);
  await page.getByRole('button', { name: 'Set up passkey unlock' }).click();
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, PIN);
  await page.getByRole('heading', { name: 'Security' }).waitFor();
  await page.getByText(outcome).waitFor();
}

const storedAuth = (page: Page) => storedItem(page, 'sleeve/auth') as Promise<Auth>;

/** A reload: the app opens locked, on the PIN screen. */
async function reloadLocked(page: Page): Promise<void> {
  await page.goto(localUrl('/'));
  await page.waitForURL(/\/pin\/unlock$/);
  await page.getByText('Unlock using your PIN.').waitFor();
}

it('sets up a passkey, then unlocks with it after a reload, twice, before the PIN keypad', async () => {
  const { page, errors, authenticator } = await openApp();
  await addCard(page, VISA);
  await addCard(page, MASTERCARD);
  await createPinFromSecurity(page, PIN);
  await setUpPasskey(page);
  await page.getByRole('button', { name: 'Remove passkey' }).waitFor();

  const [credential] = await authenticator.credentials();
  const { passkey, pin } = await storedAuth(page);
  expect(pin).not.toBeNull();
  expect(passkey).toEqual({
    credentialId: credential?.credentialId,
    salt: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    encryptedDek: { ciphertext: expect.stringMatching(/^[A-Za-z0-9+/]{64}$/), iv: expect.any(String) },
    modifiedAt: expect.any(Number),
  });

  for (let round = 0; round < 2; round += 1) {
    await reloadLocked(page);
    const passkeyButton = page.getByRole('button', { name: 'Unlock with passkey' });
    // Offered first: above the keypad, which stays.
    const [button, keypad] = await Promise.all([
      passkeyButton.boundingBox(),
      page.getByRole('group', { name: 'PIN keypad' }).boundingBox(),
    ]);
    expect(button && keypad && button.y < keypad.y).toBe(true);
    await passkeyButton.click();
    await page.waitForURL(/\/home$/);
    await page.getByText('Harbour Credit').waitFor();
    await page.getByText('First Bank').waitFor();
  }
  expect(errors).toEqual([]);
});

it('a cancelled unlock says so and changes nothing; the PIN still unlocks', async () => {
  const { page, errors, authenticator } = await openApp();
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  await setUpPasskey(page);
  const before = await storedAuth(page);
  await reloadLocked(page);
  // The person cancels (or fails) the authenticator's own check.
  await authenticator.setUserVerified(false);
  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await page.getByText(PasskeyMessages.unlockCancelled).waitFor();
  expect(page.url()).toMatch(/\/pin\/unlock$/);
  expect(await storedAuth(page)).toEqual(before);
  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);
  await page.getByText('First Bank').waitFor();
  expect(errors).toEqual([]);
});

it('a cancelled setup says so and stores nothing', async () => {
  const { page, errors } = await openApp({ isUserVerified: false });
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  const before = await storedAuth(page);
  await setUpPasskey(page, PasskeyMessages.setupCancelled);
  expect(await storedAuth(page)).toEqual(before);
  expect(before.passkey).toBeNull();
  await page.getByRole('button', { name: 'Set up passkey unlock' }).waitFor();
  await reloadLocked(page);
  expect(await page.getByRole('button', { name: 'Unlock with passkey' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

it('a passkey that is gone, answers without its PRF, or does not fit the record, does not unlock; the PIN does', async () => {
  const { page, errors, authenticator } = await openApp();
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  await setUpPasskey(page);
  const auth = await storedAuth(page);
  const [credential] = await authenticator.credentials();
  if (!credential || !auth.passkey) throw new Error('No passkey was set up');

  // A record whose PRF input is not the one it was made with: the passkey answers, and its output opens nothing.
  const otherSalt = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
  await page.evaluate(
    (value) => localStorage.setItem('sleeve/auth', value),
    JSON.stringify({ ...auth, passkey: { ...auth.passkey, salt: otherSalt } }),
  );
  await reloadLocked(page);
  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await page.getByText(PasskeyMessages.wrongPasskey).waitFor();
  expect(page.url()).toMatch(/\/pin\/unlock$/);
  await page.evaluate((value) => localStorage.setItem('sleeve/auth', value), JSON.stringify(auth));

  // The credential removed from the authenticator: the browser finds no passkey to ask.
  await authenticator.removeCredential(credential.credentialId);
  await reloadLocked(page);
  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await page.getByText(PasskeyMessages.unlockCancelled).waitFor();

  // The same credential id back, but without the secret its PRF output came from.
  await authenticator.addCredential(credential);
  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await page.getByText(PasskeyMessages.wrongPasskey).waitFor();
  expect(await storedAuth(page)).toEqual(auth);

  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);
  await page.getByText('First Bank').waitFor();
  expect(errors).toEqual([]);
});

it('an authenticator without PRF: the setup says so, stores nothing, and no passkey is offered when locked', async () => {
  const { page, errors, authenticator } = await openApp({ hasPrf: false });
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  await setUpPasskey(page, PasskeyMessages.prfUnavailable);
  expect((await storedAuth(page)).passkey).toBeNull();
  // The credential it made was reported unknown, so the authenticator dropped it.
  await expect.poll(() => authenticator.credentials()).toEqual([]);
  await reloadLocked(page);
  expect(await page.getByRole('button', { name: 'Unlock with passkey' }).count()).toBe(0);
  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);
  expect(errors).toEqual([]);
});

it('a browser that cannot use passkeys here never sees the option', async () => {
  const context = await openContext();
  // At an IP address WebAuthn has no domain to bind a passkey to.
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await addVirtualAuthenticator(page);
  await page.goto(appUrl('/home'));
  await createPinFromSecurity(page, PIN);
  expect(await page.getByRole('heading', { name: 'Passkey' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Set up passkey unlock' }).count()).toBe(0);

  // At localhost, a browser that reports no PRF support (as browsers without it do).
  const other = await context.newPage();
  await other.addInitScript(() => {
    PublicKeyCredential.getClientCapabilities = async () => ({ 'extension:prf': false });
  });
  await other.goto(localUrl('/home'));
  await createPinFromSecurity(other, PIN);
  expect(await other.getByRole('heading', { name: 'Passkey' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

it('removing the passkey removes its record; removing the PIN, the last secret, removes it too', async () => {
  const { page, errors, authenticator } = await openApp();
  await addCard(page, VISA);
  await createPinFromSecurity(page, PIN);
  await setUpPasskey(page);

  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await page.getByText('Passkey has been removed').waitFor();
  expect((await storedAuth(page)).passkey).toBeNull();
  expect((await storedAuth(page)).pin).not.toBeNull();
  await page.getByRole('button', { name: 'Set up passkey unlock' }).waitFor();
  // The browser was told the passkey is unknown now, and its authenticator dropped it.
  await expect.poll(() => authenticator.credentials()).toEqual([]);
  await reloadLocked(page);
  expect(await page.getByRole('button', { name: 'Unlock with passkey' }).count()).toBe(0);
  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);

  await setUpPasskey(page);
  expect((await storedAuth(page)).passkey).not.toBeNull();
  await page.getByRole('button', { name: 'Remove PIN' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, PIN);
  await page.getByText('PIN has been removed').waitFor();
  expect(await storedAuth(page)).toEqual({ password: null, pin: null, passkey: null });
  await openSecurity(page);
  await page.getByText(PasskeyMessages.needsSecret).waitFor();
  expect(await page.getByRole('button', { name: 'Set up passkey unlock' }).count()).toBe(0);
  await page.goto(localUrl('/'));
  await page.waitForURL(/\/home$/);
  await page.getByText('First Bank').waitFor();
  expect(errors).toEqual([]);
});

it('another tab follows a passkey set up and removed, without a reload', async () => {
  const a = await openApp();
  await addCard(a.page, VISA);
  await createPinFromSecurity(a.page, PIN);
  const b = await openTab(a.context);
  await b.page.waitForURL(/\/pin\/unlock$/);
  await b.page.getByText('Unlock using your PIN.').waitFor();
  expect(await b.page.getByRole('button', { name: 'Unlock with passkey' }).count()).toBe(0);

  // WebAuthn asks only from the tab in front.
  await a.page.bringToFront();
  await setUpPasskey(a.page);
  await b.page.getByRole('button', { name: 'Unlock with passkey' }).waitFor();
  await a.page.getByRole('button', { name: 'Remove passkey' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await a.page.getByText('Passkey has been removed').waitFor();
  await b.page.getByRole('button', { name: 'Unlock with passkey' }).waitFor({ state: 'detached' });
  expect([...a.errors, ...b.errors]).toEqual([]);
});
