/**
 * The unlocked area's addresses (src/app/unlocked-address.ts): any address outside /home, /add and /user shows Home
 * and is replaced with /home, on a start, after an unlock and when the page's address changes while unlocked. And an
 * unlock never shows an empty page: the unlock screen stays until Home takes its place.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { makeCard, renderApp } from '../support/render';

const PIN = '274951';
const card = makeCard({ issuer: 'First Bank', cardholder: 'Ada Lovelace', expiry: '12/29' }, { id: 'Ab3dEf9h' });
const cardLink = () => page.getByRole('link', { name: /^First Bank Visa ending 1111, / });

test('an address outside the unlocked area shows Home and becomes /home, in place of the entry', async () => {
  history.pushState(null, '', '/before');
  const entries = history.length;
  await renderApp('/no/such/screen', { cards: [card] });
  await expect.poll(() => window.location.pathname).toBe('/home');
  await expect.element(cardLink()).toBeVisible();
  expect(history.length).toBe(entries);

  // An address set while unlocked (here by the page itself) is Home's too.
  history.pushState(null, '', '/pin/unlock');
  await expect.poll(() => window.location.pathname).toBe('/home');
  await expect.element(cardLink()).toBeVisible();

  // The area's own addresses are left as they are.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'You' }).click();
  await expect.poll(() => window.location.pathname).toBe('/user');
  await expect.element(page.getByRole('heading', { name: 'You', level: 1 })).toBeVisible();
});

test('an unlock shows the unlock screen until Home takes its place, never an empty page', async () => {
  const mounted = await renderApp('/home', { cards: [card] });
  await createPin(PIN);
  await lockDevice();
  await expect.element(page.getByRole('group', { name: 'PIN keypad' })).toBeVisible();
  await expect.poll(() => window.location.pathname).toBe('/pin/unlock');

  // After every change to the page: the keypad, or Home's card, is in it.
  const empty: string[] = [];
  const observer = new MutationObserver(() => {
    const keypad = mounted.container.querySelector('fieldset[aria-label="PIN keypad"]');
    const home = mounted.container.querySelector('a.card-link');
    // With what the page showed instead, so a failure says which screen it was.
    const shown = (mounted.container.textContent ?? '').replace(/\s+/g, ' ').slice(0, 120);
    if (!keypad && !home) empty.push(`${window.location.pathname}: ${shown}`);
  });
  observer.observe(mounted.container, { childList: true, subtree: true });
  try {
    for (const digit of PIN) await page.getByRole('button', { name: digit, exact: true }).click();
    await expect.element(cardLink()).toBeVisible();
  } finally {
    observer.disconnect();
  }
  expect(window.location.pathname).toBe('/home');
  expect(empty).toEqual([]);
});
