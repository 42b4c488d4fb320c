/**
 * A person locks their wallet with a PIN in the built app: the cards are stored only as ciphertext, the app opens
 * locked, sensitive actions ask for the PIN, and removing the PIN brings every card back as it was.
 */
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCard, MASTERCARD, storedItem, typePin, VISA } from './support/actions';
import { appUrl, launchChromium, watchPageErrors } from './support/browser';
import { createPinFromSecurity, openSecurity } from './support/pin-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Collection = { type: string; cards: Record<string, { id: string; data: Record<string, unknown> }> };

it('creates, unlocks with, changes and removes a PIN without losing a card', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));
  await addCard(page, VISA);
  await addCard(page, MASTERCARD);

  await createPinFromSecurity(page, '274951');
  const encrypted = (await storedItem(page, 'sleeve/cards')) as Collection;
  expect(encrypted.type).toBe('ENCRYPTED');
  expect(Object.values(encrypted.cards).every((card) => Object.keys(card.data).sort().join() === 'cipherText,iv')).toBe(
    true,
  );
  expect(await storedItem(page, 'sleeve/auth')).toEqual({
    password: null,
    pin: {
      salt: expect.any(String),
      encryptedDek: { ciphertext: expect.any(String), iv: expect.any(String) },
      device: { iv: expect.any(String), version: 2 },
      modifiedAt: expect.any(Number),
    },
    passkey: null,
  });

  // A reload opens locked; every other path leads back to the PIN screen.
  await page.goto(appUrl('/home/cards'));
  await page.waitForURL(/\/pin\/unlock$/);
  await page.getByText('Unlock using your PIN.').waitFor();
  await typePin(page, '530718');
  await page.getByText('Entered PIN is incorrect').first().waitFor();
  expect(await page.locator('.pin-dots[data-failed="true"]').count()).toBe(1);
  // The wrong PIN is cleared after a second; the red message stays until the next key press.
  await page.getByRole('img', { name: '0 of 6 digits entered' }).waitFor();
  await typePin(page, '274951');
  await page.waitForURL(/\/home$/);
  await page.getByText('Harbour Credit').waitFor();

  // Change the PIN: the gate asks for the current one first.
  await openSecurity(page);
  await page.getByRole('button', { name: 'Change PIN' }).click();
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, '274951');
  await page.getByRole('heading', { name: 'Create a PIN' }).waitFor();
  await typePin(page, '806142');
  await page.getByRole('heading', { name: 'Confirm your PIN' }).waitFor();
  await typePin(page, '806142');
  await page.getByText('PIN has been updated').waitFor();

  // Delete all cards, through the gate.
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Data Management' }).click();
  await page.getByRole('button', { name: 'Delete all cards' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, '806142');
  await page.getByText('Deleted all cards').waitFor();
  expect(await storedItem(page, 'sleeve/cards')).toEqual({ type: 'ENCRYPTED', cards: {} });

  // New cards are stored encrypted; removing the PIN stores them plain again, intact.
  const visaId = await addCard(page, VISA);
  const mastercardId = await addCard(page, MASTERCARD);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Remove PIN' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(page, '806142');
  await page.getByText('PIN has been removed').waitFor();
  const plain = (await storedItem(page, 'sleeve/cards')) as Collection;
  expect(plain.type).toBe('UNENCRYPTED');
  expect(plain.cards[visaId]?.data).toMatchObject({ number: '4111111111111111', cardholder: 'Ada Lovelace' });
  expect(plain.cards[mastercardId]?.data).toMatchObject({ number: '5500005555555559', issuer: 'Harbour Credit' });
  expect(await storedItem(page, 'sleeve/auth')).toEqual({ password: null, pin: null, passkey: null });

  await page.goto(appUrl('/'));
  await page.waitForURL(/\/home$/);
  await page.getByText('Harbour Credit').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

it('five wrong PINs start a wait that clearing local storage does not end, in this tab and in another', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));
  await addCard(page, VISA);
  await createPinFromSecurity(page, '274951');
  await page.goto(appUrl('/home'));
  await page.waitForURL(/\/pin\/unlock$/);
  const other = await context.newPage();
  for (let count = 1; count <= 5; count++) {
    if (count === 5) {
      // Another tab, open before the fifth: it shows the wait that this one's fifth wrong PIN starts.
      await other.goto(appUrl('/home'));
      await other.waitForURL(/\/pin\/unlock$/);
      await other.getByRole('img', { name: '0 of 6 digits entered' }).waitFor();
    }
    // In front, as the tab a person types in is: Chromium paints only the front tab, and Playwright waits for a
    // paint before each click (a tab behind took two seconds a digit).
    await page.bringToFront();
    await typePin(page, '530718');
    await page.getByText('Entered PIN is incorrect').first().waitFor();
    await page.getByRole('img', { name: '0 of 6 digits entered' }).waitFor();
  }
  const countdown = /^Try again in \d+ s$/;
  await page.getByText(countdown).waitFor();
  await other.getByText(countdown).waitFor();
  // Its copy in local storage removed (or set to none) and the page reloaded: the wait is still there.
  for (const copy of [null, '{"pinSalt":null,"wrongInARow":0,"tryAgainAt":null}']) {
    await page.evaluate((value) => {
      if (value === null) localStorage.removeItem('sleeve/pin-attempts');
      else localStorage.setItem('sleeve/pin-attempts', value);
    }, copy);
    await page.reload();
    await page.waitForURL(/\/pin\/unlock$/);
    await page.getByText(countdown).waitFor();
    expect(await page.getByRole('button', { name: '1', exact: true }).isDisabled()).toBe(true);
  }
  expect(errors).toEqual([]);
  await context.close();
  // Five derivations and three page loads: a ceiling for a busy machine, not a speed check.
}, 180_000);
