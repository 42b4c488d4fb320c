import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp, storedCards } from '../support/render';

test('the index lists the settings by section', async () => {
  await renderApp('/user');
  await expect.element(page.getByRole('heading', { name: 'You', level: 1 })).toBeVisible();
  await expect
    .element(page.getByRole('region', { name: 'App settings' }).getByRole('link', { name: 'User Interface' }))
    .toHaveAttribute('href', '/user/interface');
  await expect
    .element(page.getByRole('region', { name: 'Data' }).getByRole('link', { name: 'Data Management' }))
    .toHaveAttribute('href', '/user/data-management');
  const info = page.getByRole('region', { name: 'App info' });
  await expect.element(info.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/user/about');
  // Without the deployment's Android app, Sleeve itself (tests/screens/install.test.tsx has every state).
  await expect.element(info.getByRole('link', { name: 'Download app' })).toHaveAttribute('href', '/user/install');
  await expectNoAxeViolations();
});

test("'Mask card number' is a switch that persists to sleeve/preferences and masks the previews", async () => {
  await renderApp('/user/interface', { cards: [makeCard({ number: '4111111111111111' })] });
  await expect.element(page.getByRole('heading', { name: 'User Interface', level: 1 })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Mask card number' });
  await expect.element(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect.element(toggle).toHaveAttribute('aria-checked', 'true');
  expect(JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null')).toEqual({
    userInterface: { maskCardNumber: true },
    updates: { checkAtLaunch: true },
    security: { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: false },
  });
  await page.getByRole('link', { name: 'Home' }).click();
  await expect.element(page.getByText('4111 •••• •••• 1111')).toBeVisible();
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'User Interface' }).click();
  await page.getByRole('switch', { name: 'Mask card number' }).click();
  await expect.element(page.getByRole('switch', { name: 'Mask card number' })).toHaveAttribute('aria-checked', 'false');
  expect(JSON.parse(localStorage.getItem('sleeve/preferences') ?? 'null').userInterface.maskCardNumber).toBe(false);
});

test('delete all cards asks first; Cancel keeps them', async () => {
  await renderApp('/user', { cards: [makeCard(), makeCard()] });
  await page.getByRole('link', { name: 'Data Management' }).click();
  await expect.element(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete all cards' }).click();
  const sheet = page.getByRole('dialog', { name: 'Delete all cards' });
  await expect.element(sheet.getByText('Are you sure you want to delete all cards?')).toBeVisible();
  await expect.element(sheet.getByText('This action cannot be undone.')).toBeVisible();
  await expectNoAxeViolations();
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(sheet).not.toBeInTheDocument();
  expect(Object.keys(storedCards().cards)).toHaveLength(2);
});

test('delete all cards removes them after the sheet closes, confirms and returns to the previous path', async () => {
  await renderApp('/user', { cards: [makeCard(), makeCard()] });
  await page.getByRole('link', { name: 'Data Management' }).click();
  await expect.poll(() => window.location.pathname).toBe('/user/data-management');
  await page.getByRole('button', { name: 'Delete all cards' }).click();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await page.getByRole('dialog', { name: 'Delete all cards' }).getByRole('button', { name: 'Delete' }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(Object.keys(storedCards().cards)).toHaveLength(2);
    vi.advanceTimersByTime(200);
  } finally {
    vi.useRealTimers();
  }
  // The delete is a read-modify-write under the cross-tab lock, so it lands a moment after it starts.
  await expect.poll(() => storedCards()).toEqual({ type: 'UNENCRYPTED', cards: {} });
  await expect.element(page.getByText('Deleted all cards')).toHaveAttribute('data-type', 'success');
  await expect.poll(() => window.location.pathname).toBe('/user');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect.element(page.getByText('No cards found')).toBeVisible();
});

test('about shows the version, and no source-code link where the deployment names none', async () => {
  await renderApp('/user');
  await page.getByRole('link', { name: 'About' }).click();
  await expect.element(page.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
  await expect.element(page.getByText('Version 1.0.2')).toBeVisible();
  await expect.element(page.getByRole('link', { name: /Source code/ })).not.toBeInTheDocument();
  await expectNoAxeViolations();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect.poll(() => window.location.pathname).toBe('/user');
});
