/**
 * Opening a card editor is a transition (src/app/unlocked-address.ts): the screen tapped from stays while the
 * editor's form is built, the address changing first; the browser's back and forward show an editor at once.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { makeCard, renderApp } from '../support/render';
import { atEachPop, atEachPush, titles } from '../support/screen-titles';

const card = makeCard({ issuer: 'First Bank' }, { id: 'Ab3dEf9h' });

const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

test("the Add screen's link changes the address first, and the new card's editor replaces the screen once built", async () => {
  const mounted = await renderApp('/add', { cards: [card] });
  await expect.element(heading('Add Card')).toBeVisible();
  const seen = await atEachPush(
    () => titles(mounted.container),
    async () => {
      await page.getByRole('link', { name: 'Add card manually' }).click();
      await expect.element(heading('New Card')).toBeVisible();
    },
  );
  expect(seen).toEqual([['Add Card']]);
  expect(window.location.pathname).toBe('/add/editor');
  expect(titles(mounted.container)).toEqual(['New Card']);
  await expect.element(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
});

test("a card's Edit link changes the address first, and its editor replaces the card's screen once built", async () => {
  const mounted = await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  await expect.element(heading('Card')).toBeVisible();
  const seen = await atEachPush(
    () => titles(mounted.container),
    async () => {
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect.element(heading('Edit Card')).toBeVisible();
    },
  );
  expect(seen).toEqual([['Card']]);
  expect(window.location.pathname).toBe(`/home/cards/${card.id}/edit`);
  await expect.element(page.getByRole('textbox', { name: 'Issuer' })).toHaveValue('First Bank');
});

test("the browser's forward shows an editor at once", async () => {
  const mounted = await renderApp('/add', { cards: [card] });
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await expect.element(heading('New Card')).toBeVisible();
  history.back();
  await expect.element(heading('Add Card')).toBeVisible();
  const atForward = await atEachPop(
    () => titles(mounted.container),
    async () => {
      history.forward();
      await expect.element(heading('New Card')).toBeVisible();
    },
  );
  expect(atForward).toEqual([['New Card']]);
});
