/**
 * Another tab changes a large wallet while Home shows a search: its text is read in the worker, and the list keeps
 * the matches it shows until the changed list's search index is whole, built in slices rather than in the render
 * that would show it at once. The browser here is never idle and slow, so that index takes many tasks to build.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { PlainCollection } from '../../src/domain/card';
import { cardsState } from '../../src/state/cards';
import { READ_ELSEWHERE_MIN_CHARS } from '../../src/storage/cards-read-elsewhere';
import { STORAGE_KEYS } from '../../src/storage/local-storage';
import { expectNoAxeViolations } from '../support/axe';
import { slowAndNeverIdle } from '../support/busy-page';
import { search } from '../support/home-screen';
import { makeCard, renderApp, storedCards } from '../support/render';

const COUNT = 400;
const bankCards = () =>
  Array.from({ length: COUNT }, (_, index) =>
    makeCard(
      { issuer: `Bank ${index}`, number: `4000000000${String(index).padStart(6, '0')}` },
      { modifiedAt: 10_000 - index },
    ),
  );

/** Another tab stores `collection`: this tab hears of it by a `storage` event, as from any other tab. */
function anotherTabStores(collection: PlainCollection): void {
  const text = JSON.stringify(collection);
  expect(text.length).toBeGreaterThanOrEqual(READ_ELSEWHERE_MIN_CHARS);
  localStorage.setItem(STORAGE_KEYS.cards, text);
  window.dispatchEvent(
    new StorageEvent('storage', { key: STORAGE_KEYS.cards, newValue: text, storageArea: localStorage }),
  );
}

const summary = () => document.querySelector('.search-summary [aria-live]')?.textContent ?? null;

afterEach(() => {
  vi.restoreAllMocks();
});

test('a card changed in another tab mid-search joins the matches once the new list is searchable', async () => {
  await renderApp('/home', { cards: bankCards() });
  await search().fill('bank 1');
  // Bank 1, 10–19, 100–199.
  await expect.element(page.getByText(`Showing 111 out of ${COUNT} card(s)`)).toBeVisible();

  slowAndNeverIdle(10);
  const stored = storedCards();
  const fifth = Object.values(stored.cards).find((card) => card.data.issuer === 'Bank 5')!;
  stored.cards[fifth.id] = { ...fifth, data: { ...fifth.data, issuer: 'Bank 1 Five' }, modifiedAt: 20_000 };
  anotherTabStores(stored);

  // The change is in this tab while the list still shows the matches of the list before it: not filtered yet, and
  // not filtered in the render that brought it in.
  await expect
    .poll(
      () =>
        cardsState.cards.some((card) => card.data.issuer === 'Bank 1 Five') &&
        summary() === `Showing 111 out of ${COUNT} card(s)`,
      { interval: 2 },
    )
    .toBe(true);
  await expect.element(page.getByText(`Showing 112 out of ${COUNT} card(s)`)).toBeVisible();
  await expect.element(page.getByRole('link', { name: /^Bank 1 Five Visa ending 0005, / })).toBeVisible();
  await expect.element(search()).toHaveValue('bank 1');
  await expectNoAxeViolations();
});

test('a card deleted in another tab mid-search leaves the matches once the new list is searchable', async () => {
  await renderApp('/home', { cards: bankCards() });
  await search().fill('bank 19');
  // Bank 19, 190–199.
  await expect.element(page.getByText(`Showing 11 out of ${COUNT} card(s)`)).toBeVisible();

  slowAndNeverIdle(10);
  const stored = storedCards();
  const gone = Object.values(stored.cards).find((card) => card.data.issuer === 'Bank 190')!;
  delete stored.cards[gone.id];
  anotherTabStores(stored);

  await expect.element(page.getByText(`Showing 10 out of ${COUNT - 1} card(s)`)).toBeVisible();
  await expect.element(page.getByRole('link', { name: /^Bank 190 Visa / })).not.toBeInTheDocument();
  // Emptied, the search lists every card left.
  await search().fill('');
  await expect.element(page.getByText(/^Showing /)).not.toBeInTheDocument();
  expect(cardsState.cards).toHaveLength(COUNT - 1);
});
