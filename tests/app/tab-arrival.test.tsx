/**
 * A change of tab is a transition (src/app/unlocked-address.ts): the tab chosen is marked at once, and the screen
 * before stays until the new area's screen is built, its script fetched on a first visit without a spinner between.
 * The browser's back shows the area at once.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { makeCard, renderApp } from '../support/render';
import { atEachPop, atEachPushWithoutSpinner, titles } from '../support/screen-titles';

const card = makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' });

const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
const tab = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** The tab marked as the current page. */
const currentTab = (container: HTMLElement): string | null =>
  container.querySelector('nav[aria-label="Main"] [aria-current="page"]')?.textContent ?? null;

/** The titles and the tab marked at the push the tab `name` makes, until `arriving` shows; and whether a spinner showed. */
const chooseTab = (container: HTMLElement, name: string, arriving: string) =>
  atEachPushWithoutSpinner(
    container,
    () => ({ titles: titles(container), tab: currentTab(container) }),
    async () => {
      await tab(name).click();
      await expect.element(heading(arriving)).toBeVisible();
    },
  );

test('the Add Card tab is marked at once, and its screen replaces Home once built, no spinner between', async () => {
  const mounted = await renderApp('/home', { cards: [card] });
  await expect.element(heading('Home')).toBeVisible();
  expect(await chooseTab(mounted.container, 'Add Card', 'Add Card')).toEqual({
    atPush: [{ titles: ['Home'], tab: 'Add Card' }],
    spinner: false,
  });
  expect(titles(mounted.container)).toEqual(['Add Card']);
});

test("the You tab's first visit, from Add Card, the same way; the browser's back shows Add Card at once", async () => {
  const mounted = await renderApp('/add', { cards: [card] });
  await expect.element(heading('Add Card')).toBeVisible();
  expect(await chooseTab(mounted.container, 'You', 'You')).toEqual({
    atPush: [{ titles: ['Add Card'], tab: 'You' }],
    spinner: false,
  });
  const atBack = await atEachPop(
    () => titles(mounted.container),
    async () => {
      history.back();
      await expect.element(heading('Add Card')).toBeVisible();
    },
  );
  expect(atBack).toEqual([['Add Card']]);
  expect(currentTab(mounted.container)).toBe('Add Card');
});
