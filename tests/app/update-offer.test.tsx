/**
 * The offer of a new version in the shell: announced in a live region, with a Reload button a keyboard reaches, that
 * hands over to the new version once and goes away. (The service worker itself runs only in a production build: the
 * e2e tests drive a real update there, tests/e2e/updates.test.ts.)
 */
import { expect, onTestFinished, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { showToast } from '../../src/state/toast';
import { offerUpdate, updateState } from '../../src/state/updates';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

const OFFER = 'A new version of Sleeve is available';

function offer(): () => void {
  const switchTo = vi.fn();
  offerUpdate(switchTo);
  onTestFinished(() => {
    updateState.available = false;
  });
  return switchTo;
}

test('nothing is offered until a new version waits', async () => {
  await renderApp('/home');
  await expect.element(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  expect(document.body.textContent).not.toContain(OFFER);
});

test('a waiting version is offered in a status region; Reload switches to it once and the offer goes', async () => {
  await renderApp('/home');
  await expect.element(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  const switchTo = offer();
  const region = page.getByRole('status').filter({ hasText: OFFER });
  await expect.element(region).toBeVisible();
  const reload = region.getByRole('button', { name: 'Reload' });
  await expect.element(reload).toBeVisible();
  await expectNoAxeViolations();
  // Offered, not forced: focus stays where the person left it.
  expect(document.activeElement?.textContent).not.toBe('Reload');
  await reload.click();
  expect(switchTo).toHaveBeenCalledTimes(1);
  await expect.element(page.getByText(OFFER)).not.toBeInTheDocument();
});

test('the keyboard reaches Reload, and a toast shows beside the offer without covering it', async () => {
  await renderApp('/user');
  await expect.element(page.getByRole('heading', { name: 'You', level: 1 })).toBeVisible();
  const switchTo = offer();
  const reload = page.getByRole('button', { name: 'Reload' });
  await expect.element(reload).toBeVisible();
  showToast('Card saved');
  const toast = page.getByText('Card saved');
  await expect.element(toast).toBeVisible();
  const toastBox = toast.element().getBoundingClientRect();
  const offerBox = reload.element().closest('.update-offer')?.getBoundingClientRect();
  expect(offerBox).toBeDefined();
  // Stacked: the toast sits wholly above the offer.
  expect(toastBox.bottom).toBeLessThanOrEqual(offerBox?.top ?? 0);

  // Tab until Reload has focus: it is in the page's tab order.
  let presses = 0;
  while (document.activeElement !== reload.element() && presses < 40) {
    await userEvent.keyboard('{Tab}');
    presses += 1;
  }
  expect(document.activeElement).toBe(reload.element());
  await userEvent.keyboard('{Enter}');
  expect(switchTo).toHaveBeenCalledTimes(1);
});
