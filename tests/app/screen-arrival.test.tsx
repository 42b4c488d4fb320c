/**
 * Arriving on a screen: the browser's title names it ('Card — Sleeve'), focus moves to its heading (not on the first
 * screen after a load), a polite live region says its title, and unlocking lands on Home's heading. An error shown
 * in the PIN pad's alert is announced once, not again by its toast, and does not follow the person to Help; an error
 * told as Sleeve locks stays on the unlock screen.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { showToast } from '../../src/state/toast';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp } from '../support/render';

const PIN = '274951';
const card = makeCard({ issuer: 'First Bank', cardholder: 'Ada Lovelace', expiry: '12/29' }, { id: 'Ab3dEf9h' });
const heading = () => page.getByRole('heading', { level: 1 });
const announcer = () => page.getByTestId('route-announcer');
const tab = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

async function typeDigits(pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

test('the first screen is titled but keeps focus where it starts; each later one takes it on its heading', async () => {
  await renderApp('/home', { cards: [card] });
  await expect.poll(() => document.title).toBe('Home — Sleeve');
  await expect.element(heading()).toHaveTextContent('Home');
  expect(document.activeElement).not.toBe(heading().element());
  await expect.element(announcer()).toHaveTextContent('');

  await tab('You').click();
  await expect.poll(() => document.title).toBe('You — Sleeve');
  await expect.element(heading()).toHaveTextContent('You');
  await expect.element(heading()).toHaveFocus();
  await expect.element(announcer()).toHaveTextContent('You — Sleeve');

  await page.getByRole('link', { name: 'Security' }).click();
  await expect.poll(() => document.title).toBe('Security — Sleeve');
  await expect.element(page.getByRole('heading', { name: 'Security', level: 1 })).toHaveFocus();
  await expect.element(announcer()).toHaveTextContent('Security — Sleeve');

  await tab('Home').click();
  await page.getByRole('link', { name: 'First Bank Visa ending 1111, Ada Lovelace, expires 12/29' }).click();
  await expect.poll(() => document.title).toBe('Card — Sleeve');
  await expect.element(page.getByRole('heading', { name: 'Card', level: 1 })).toHaveFocus();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect.poll(() => document.title).toBe('Edit Card — Sleeve');
  await expect.element(page.getByRole('heading', { name: 'Edit Card', level: 1 })).toHaveFocus();
  await expectNoAxeViolations();
});

test('titles the Add and You screens after their headings', async () => {
  const titles: Record<string, string> = {
    '/add': 'Add Card — Sleeve',
    '/add/editor': 'New Card — Sleeve',
    '/user/interface': 'User Interface — Sleeve',
    '/user/data-management': 'Data Management — Sleeve',
    '/user/about': 'About — Sleeve',
    '/user/install': 'Install — Sleeve',
    '/user/account': 'Account — Sleeve',
  };
  for (const [path, title] of Object.entries(titles)) {
    const { unmount } = await renderApp(path);
    await expect.poll(() => document.title, { message: path }).toBe(title);
    await unmount();
  }
});

describe('locked', () => {
  let locked: { cards: string; auth: string };

  beforeEach(async () => {
    const mounted = await renderApp('/home', { cards: [card] });
    await createPin(PIN);
    await lockDevice();
    await mounted.unmount();
    locked = { cards: localStorage.getItem('sleeve/cards') ?? '', auth: localStorage.getItem('sleeve/auth') ?? '' };
  });

  test("is titled 'Unlock — Sleeve', and unlocking moves focus to Home's heading and says so", async () => {
    await renderApp('/pin/unlock', { raw: locked });
    await expect.poll(() => document.title).toBe('Unlock — Sleeve');
    await typeDigits(PIN);
    await expect.element(heading()).toHaveTextContent('Home');
    await expect.element(heading()).toHaveFocus();
    await expect.poll(() => document.title).toBe('Home — Sleeve');
    await expect.element(announcer()).toHaveTextContent('Home — Sleeve');
  });

  test('a wrong PIN is announced once, by the alert, and its toast stays behind when the person asks for help', async () => {
    await renderApp('/pin/unlock', { raw: locked });
    await typeDigits('530718');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Entered PIN is incorrect');
    // The toast shows, as SPEC says, but outside every live region: the alert has said it already.
    await expect.poll(() => document.querySelectorAll('.toast[data-type="error"]').length).toBe(1);
    await expect
      .poll(() =>
        Array.from(document.querySelectorAll('[role="status"], [aria-live]')).filter((region) =>
          region.textContent?.includes('Entered PIN is incorrect'),
        ),
      )
      .toEqual([]);
    await expectNoAxeViolations();

    await page.getByRole('link', { name: 'Need help?' }).click();
    await expect.poll(() => document.title).toBe('Unlock help — Sleeve');
    await expect.element(page.getByRole('heading', { name: 'Help', level: 1 })).toHaveFocus();
    // Gone as the address changed, not merely timed out (an error toast stays 3 s).
    expect(document.querySelectorAll('.toast').length).toBe(0);
    await expect.element(page.getByText('Entered PIN is incorrect')).not.toBeInTheDocument();
  });
});

test('a toast that no alert says is announced in the live region', async () => {
  await renderApp('/home');
  showToast('Card saved');
  await expect.element(page.getByRole('status').filter({ hasText: 'Card saved' })).toBeInTheDocument();
  await expect.element(page.getByText('Card saved')).toHaveAttribute('data-type', 'success');
});

test('an error told as Sleeve locks stays on the unlock screen; one left behind by the person goes', async () => {
  await renderApp('/user', { cards: [card] });
  await createPin(PIN);
  // A change refused as the PIN appeared in another tab: the lock moves the person, the reason stays.
  showToast('Sleeve was changed in another tab, so nothing was changed here. Check and try again.', 'ERROR');
  await expect.poll(() => document.querySelectorAll('.toast[data-type="error"]').length).toBe(1);
  await lockDevice();
  await expect.poll(() => window.location.pathname).toBe('/pin/unlock');
  await expect.element(page.getByText('Sleeve was changed in another tab', { exact: false })).toBeVisible();
  // Moving on from there by choice leaves it behind, as any screen's error.
  await page.getByRole('link', { name: 'Need help?' }).click();
  await expect.element(page.getByRole('heading', { name: 'Help', level: 1 })).toHaveFocus();
  expect(document.querySelectorAll('.toast').length).toBe(0);
});
