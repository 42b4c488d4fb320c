/**
 * Security's auto-lock and clipboard settings, stored in `sleeve/preferences`, and 'Lock now' (here and on Home),
 * which locks this tab at once and leaves nothing typed behind. Timed locking is driven by a clock in
 * tests/e2e/auto-lock.test.ts.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { getEngine } from '../../src/engine';
import { holdCardDraft, holdPinDraft, peekCardDraft, peekPinDraft } from '../../src/state/drafts';
import { createPin } from '../../src/state/pin-changes';
import { appState, cardsState } from '../../src/state/store';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp } from '../support/render';

const PIN = '274951';
const storedPreferences = () => JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null');
const lockAfter = () => page.getByRole('combobox', { name: 'Lock after' });
const clearAfter = () => page.getByRole('combobox', { name: 'Clear copied details after' });

test('the settings start at 5 minutes and 30 seconds, and each choice is stored and shown', async () => {
  await renderApp('/user/security', {
    preferences: { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } },
  });
  await expect.element(page.getByRole('heading', { name: 'Auto-lock' })).toBeVisible();
  await expectNoAxeViolations();
  await expect.element(lockAfter()).toHaveValue('5');
  await expect.element(clearAfter()).toHaveValue('30');
  // Without a PIN or password there is nothing to lock.
  await expect.element(page.getByRole('button', { name: 'Lock now' })).not.toBeInTheDocument();
  await expect
    .element(lockAfter())
    .toHaveAccessibleDescription('Sleeve can lock itself once a PIN or password protects your cards.');

  await lockAfter().selectOptions('Never');
  await expect.poll(() => storedPreferences()?.security?.lockAfterMinutes).toBeNull();
  await expect.element(lockAfter()).toHaveValue('never');
  await clearAfter().selectOptions('1 minute');
  await expect.poll(() => storedPreferences()?.security?.clipboardClearSeconds).toBe(60);
  await lockAfter().selectOptions('1 hour');
  await expect.poll(() => storedPreferences()?.security?.lockAfterMinutes).toBe(60);
  // The other settings stay as they were.
  expect(storedPreferences()).toEqual({
    userInterface: { maskCardNumber: true },
    updates: { checkAtLaunch: true },
    security: { lockAfterMinutes: 60, clipboardClearSeconds: 60, askBeforeShowingPins: false },
  });
});

test('a setting changed in another tab shows here without a reload', async () => {
  await renderApp('/user/security');
  await expect.element(lockAfter()).toHaveValue('5');
  // A second document of this origin is another tab as far as storage is concerned.
  const frame = document.createElement('iframe');
  frame.src = '/';
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  try {
    frame.contentWindow?.localStorage.setItem(
      'sleeve/preferences',
      JSON.stringify({
        userInterface: { maskCardNumber: false },
        updates: { checkAtLaunch: true },
        security: { lockAfterMinutes: 15, clipboardClearSeconds: null },
      }),
    );
    await expect.element(lockAfter()).toHaveValue('15');
    await expect.element(clearAfter()).toHaveValue('never');
  } finally {
    frame.remove();
  }
});

test('a stored setting Sleeve does not offer is a plain problem, and the value is kept as it was', async () => {
  const raw = JSON.stringify({
    userInterface: { maskCardNumber: false },
    updates: { checkAtLaunch: true },
    security: { lockAfterMinutes: 7, clipboardClearSeconds: 30 },
  });
  await renderApp('/user/security', { raw: { preferences: raw } });
  await expect.element(page.getByRole('heading', { name: 'Some saved data could not be read' })).toBeVisible();
  await expect.element(page.getByText(/its 'Lock after' setting is not 1, 5, 15 or 60 minutes or never/)).toBeVisible();
  expect(localStorage.getItem('sleeve/preferences')).toBe(raw);
});

test("'Lock now' in Security locks at once: no key, no card, no draft, and the unlock screen", async () => {
  await renderApp('/user/security', { cards: [makeCard({ issuer: 'Locked Bank' })] });
  await createPin(PIN);
  const lockNow = page.getByRole('button', { name: 'Lock now' });
  await expect.element(lockNow).toBeVisible();
  await expect
    .element(lockAfter())
    .toHaveAccessibleDescription(
      'Sleeve locks itself after this long without a tap, click, key press or scroll, time in another tab included.',
    );
  holdCardDraft(makeCard({ issuer: 'Half typed' }).data);
  holdPinDraft('135790');

  await lockNow.click();
  await expect.poll(() => window.location.pathname).toBe('/pin/unlock');
  await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
  expect(appState.locked).toBe(true);
  expect(await getEngine().hasKey()).toBe(false);
  expect(cardsState.cards).toEqual([]);
  expect(peekCardDraft()).toBeNull();
  expect(peekPinDraft()).toBe('');
  expect(document.body.textContent).not.toContain('Locked Bank');
});

test("'Lock now' on Home shows only while a secret exists, and locks", async () => {
  await renderApp('/home', { cards: [makeCard({ issuer: 'Home Bank' })] });
  await expect.element(page.getByRole('link', { name: /^Home Bank .*ending \d{4}, / })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Lock now' })).not.toBeInTheDocument();
  await createPin(PIN);
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
  expect(window.location.pathname).toBe('/pin/unlock');
  expect(cardsState.cards).toEqual([]);
  expect(document.body.textContent).not.toContain('Home Bank');
});
