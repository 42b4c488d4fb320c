/**
 * /add before and after the browser says whether there is a camera. A file of its own: the answer is kept for the
 * page's life (src/scanner/availability.ts), and each test file is a fresh page, so here it is not known yet.
 */
import { expect, onTestFinished, test } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

test('offers nothing until the browser has said whether there is a camera, so no button moves under a finger', async () => {
  const devices = navigator.mediaDevices;
  const real = devices.enumerateDevices.bind(devices);
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  devices.enumerateDevices = async () => {
    await answered;
    return real();
  };
  onTestFinished(() => {
    Reflect.deleteProperty(devices, 'enumerateDevices');
  });
  await renderApp('/add');
  await expect.element(page.getByRole('heading', { name: 'Add Card', level: 1 })).toBeVisible();
  expect(page.getByRole('link', { name: /^(Scan card|Add card manually)$/ }).elements()).toHaveLength(0);
  answer();
  await expect.element(page.getByRole('link', { name: 'Scan card' })).toBeVisible();
  const links = page.getByRole('link', { name: /^(Scan card|Add card manually)$/ }).elements();
  expect(links.map((link) => link.textContent)).toEqual(['Scan card', 'Add card manually']);
  await expectNoAxeViolations();
  // The editor, opened next, knows at once: its Scan card is there from the first paint.
  devices.enumerateDevices = () => new Promise(() => undefined);
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await expect.element(page.getByRole('heading', { name: 'New Card', level: 1 })).toBeVisible();
  expect(page.getByRole('button', { name: 'Scan card' }).elements()).toHaveLength(1);
});
