/**
 * 'Go back' flows opened straight from their address (no earlier screen of Sleeve in this visit) land on a screen
 * of Sleeve with their toast, and with history they still go back where the person came from.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { forgetEarlierEntries } from '../../src/state/going-back';
import { currentPath, makeCard, renderApp, storedCards } from '../support/render';

async function deleteAll(): Promise<void> {
  await page.getByRole('button', { name: 'Delete all cards' }).click();
  await page.getByRole('dialog', { name: 'Delete all cards' }).getByRole('button', { name: 'Delete' }).click();
}

test("'Delete all cards' opened from its address lands on You with its toast", async () => {
  await renderApp('/user/data-management', { cards: [makeCard(), makeCard()] });
  forgetEarlierEntries();
  await deleteAll();
  await expect.element(page.getByText('Deleted all cards').first()).toBeVisible();
  await expect.poll(currentPath).toBe('/user');
  await expect.element(page.getByRole('heading', { name: 'You', level: 1 })).toBeVisible();
  expect(storedCards().cards).toEqual({});
});

test("'Delete all cards' reached from Home goes back to the screen before it", async () => {
  await renderApp('/home', { cards: [makeCard()] });
  forgetEarlierEntries();
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Data Management' }).click();
  await deleteAll();
  await expect.element(page.getByText('Deleted all cards').first()).toBeVisible();
  await expect.poll(currentPath).toBe('/user');
  expect(storedCards().cards).toEqual({});
});

test('the card editor opened from its address saves and lands on the card with its toast', async () => {
  const card = makeCard({ issuer: 'Old Bank' });
  await renderApp(`/home/cards/${card.id}/edit`, { cards: [card] });
  forgetEarlierEntries();
  await page.getByLabelText('Issuer').fill('New Bank');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect.element(page.getByText('Card updated').first()).toBeVisible();
  await expect.poll(currentPath).toBe(`/home/cards/${card.id}`);
  await expect.element(page.getByText('New Bank').first()).toBeVisible();
});

test('the card editor reached from the card goes back to it', async () => {
  const card = makeCard({ issuer: 'Old Bank' });
  await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  forgetEarlierEntries();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabelText('Issuer').fill('New Bank');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect.element(page.getByText('Card updated').first()).toBeVisible();
  await expect.poll(currentPath).toBe(`/home/cards/${card.id}`);
  // Back where it was, not a second copy of the card's entry on top of the editor's.
  expect(history.state?.sleeveDepth).toBe(0);
});

test('following a link changes the history once: the new entry carries its number from the start', async () => {
  const card = makeCard();
  await renderApp('/home', { cards: [card] });
  forgetEarlierEntries();
  // The Navigation API's navigate event fires for every pushState and replaceState the page makes.
  const changes: string[] = [];
  const record = (event: Event) => changes.push((event as Event & { navigationType: string }).navigationType);
  const navigation = (window as unknown as { navigation: EventTarget }).navigation;
  navigation.addEventListener('navigate', record);
  try {
    await page.getByRole('link', { name: /ending/ }).click();
    await expect.poll(currentPath).toBe(`/home/cards/${card.id}`);
    await expect.element(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
    expect(changes).toEqual(['push']);
    expect(history.state?.sleeveDepth).toBe(1);
  } finally {
    navigation.removeEventListener('navigate', record);
  }
});
