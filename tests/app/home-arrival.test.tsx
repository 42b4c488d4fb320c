/**
 * Arriving at Home's list is a transition (src/app/unlocked-address.ts): the screen before stays while the list is
 * built, and the page is never empty in between; so is leaving it for a card; the browser's back and forward show Home at once, so that the
 * browser can put the list back where it was.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { accountState } from '../../src/state/account';
import { makeCard, renderApp } from '../support/render';

/** More than the list's windowing threshold, so Home is the windowed list of a full wallet. */
const cards = Array.from({ length: 80 }, (_, index) =>
  makeCard({ issuer: `Bank ${index}` }, { modifiedAt: 10_000 - index }),
);
const cardHeading = () => page.getByRole('heading', { name: 'Card', exact: true, level: 1 });

/** What the page shows now: the card's screen, Home's list, both or neither. */
function showing(container: HTMLElement): { card: boolean; home: boolean } {
  const heading = Array.from(container.querySelectorAll('h1')).some((h1) => h1.textContent === 'Card');
  return { card: heading, home: container.querySelector('a.card-link') !== null };
}

async function openFirstCard(): Promise<HTMLElement> {
  const mounted = await renderApp('/home', { cards });
  await page.getByRole('link', { name: /^Bank 0 Visa ending/ }).click();
  await expect.element(cardHeading()).toBeVisible();
  return mounted.container;
}

test("a card's Back link changes the address first, and Home's list replaces the card once it is built", async () => {
  const container = await openFirstCard();
  const atAddressChange: { card: boolean; home: boolean }[] = [];
  // Checked after the change's own microtasks, where a render React does at once has already happened.
  const check = () => queueMicrotask(() => atAddressChange.push(showing(container)));
  addEventListener('pushState', check);
  try {
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending/ })).toBeVisible();
  } finally {
    removeEventListener('pushState', check);
  }
  expect(atAddressChange).toEqual([{ card: true, home: false }]);
  expect(showing(container)).toEqual({ card: false, home: true });
});

test("a card's link changes the address first, and the card's screen replaces Home's list once it is built", async () => {
  const mounted = await renderApp('/home', { cards });
  const atAddressChange: { card: boolean; home: boolean }[] = [];
  const check = () => queueMicrotask(() => atAddressChange.push(showing(mounted.container)));
  addEventListener('pushState', check);
  try {
    await page.getByRole('link', { name: /^Bank 0 Visa ending/ }).click();
    await expect.element(cardHeading()).toBeVisible();
  } finally {
    removeEventListener('pushState', check);
  }
  expect(atAddressChange).toEqual([{ card: false, home: true }]);
  expect(showing(mounted.container)).toEqual({ card: true, home: false });
});

test("deleting a card keeps its screen until Home's list takes its place, never an empty page", async () => {
  const container = await openFirstCard();
  const states: { card: boolean; home: boolean }[] = [];
  const observer = new MutationObserver(() => states.push(showing(container)));
  observer.observe(container, { childList: true, subtree: true });
  try {
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.element(page.getByText('Card deleted')).toBeVisible();
    await expect.element(page.getByRole('link', { name: /^Bank 1 Visa ending/ })).toBeVisible();
  } finally {
    observer.disconnect();
  }
  expect(window.location.pathname).toBe('/home');
  expect(states.filter((state) => !state.card && !state.home)).toEqual([]);
  expect(page.getByRole('link', { name: /^Bank 0 Visa ending/ }).elements()).toHaveLength(0);
});

test("the browser's back shows Home's list at once", async () => {
  const container = await openFirstCard();
  const atAddressChange: { card: boolean; home: boolean }[] = [];
  // Registered after the router's own listener, whose render happens before this one runs.
  const check = () => atAddressChange.push(showing(container));
  addEventListener('popstate', check);
  try {
    history.back();
    await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending/ })).toBeVisible();
  } finally {
    removeEventListener('popstate', check);
  }
  expect(atAddressChange).toEqual([{ card: false, home: true }]);
});

test("Home tapped the moment a step is left waits on that step's successor, not on the step", async () => {
  // A sign-in's password step: shown only while the sign-in waits for it (src/screens/account/AccountRoutes.tsx).
  const mounted = await renderApp('/user/account', { cards });
  accountState.awaitingPassword = 'ENTER_PASSWORD';
  history.pushState(null, '', '/user/account/password/sign-in');
  await expect.element(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  // As the sign-in ends: the step is no longer awaited and the address becomes the Account screen's; Home is tapped
  // the moment that screen shows, as a quick person (or the benchmark) does.
  const tapped = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (mounted.container.querySelector('h1')?.textContent !== 'Account') return;
      observer.disconnect();
      mounted.container.querySelector<HTMLAnchorElement>('nav a[href="/home"]')?.click();
      resolve();
    });
    observer.observe(mounted.container, { childList: true, subtree: true });
  });
  accountState.awaitingPassword = null;
  history.replaceState(null, '', '/user/account');
  await tapped;
  await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending/ })).toBeVisible();
  expect(window.location.pathname).toBe('/home');
});
