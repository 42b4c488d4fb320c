/**
 * A screen loaded on demand opens as a transition (src/app/unlocked-address.ts): on its first visit the screen it
 * is reached from stays while its script is fetched and it is built, with no spinner between; the browser's back
 * shows the screen before at once.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { makeCard, renderApp } from '../support/render';
import { atEachPop, atEachPushWithoutSpinner, titles } from '../support/screen-titles';

const card = makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' });

const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

/** The titles at the push the link named `link` makes, until `arriving` shows; and whether a spinner ever showed. */
const follow = (container: HTMLElement, link: string, arriving: string) =>
  atEachPushWithoutSpinner(
    container,
    () => titles(container),
    async () => {
      await page.getByRole('link', { name: link }).click();
      await expect.element(heading(arriving)).toBeVisible();
    },
  );

test.each([
  ['Export cards', 'Export cards'],
  ['Import cards', 'Import cards'],
])("Data Management's '%s' stays on Data Management until %s is built, no spinner between", async (link, title) => {
  const mounted = await renderApp('/user/data-management', { cards: [card] });
  await expect.element(heading('Data Management')).toBeVisible();
  expect(await follow(mounted.container, link, title)).toEqual({ atPush: [['Data Management']], spinner: false });
  const atBack = await atEachPop(
    () => titles(mounted.container),
    async () => {
      history.back();
      await expect.element(heading('Data Management')).toBeVisible();
    },
  );
  expect(atBack).toEqual([['Data Management']]);
});
