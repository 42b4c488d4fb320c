/**
 * A search begun as Home shows, before its search index is built: the box takes each key at once, and the list and
 * its summary follow, by the box's latest text, once the index is whole. The browser here is never idle, so the
 * index is built only because a search was begun.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { slowAndNeverIdle } from '../support/busy-page';
import { search } from '../support/home-screen';
import { makeCard, renderApp } from '../support/render';

const bankCards = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeCard(
      { issuer: `Bank ${index}`, number: `4000000000${String(index).padStart(6, '0')}` },
      { modifiedAt: 10_000 - index },
    ),
  );

/** Focuses the box and types `text` into it in one task, as a key pressed the moment the box is tapped. */
function typeAtOnce(text: string): void {
  const box = document.querySelector<HTMLInputElement>('input[type="search"]');
  if (!box) throw new Error('no search box');
  box.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

test('a search typed at once filters by the latest text, with its summary, once the index is whole', async () => {
  await renderApp('/home', { cards: bankCards(300) });
  await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).toBeVisible();
  slowAndNeverIdle();
  typeAtOnce('bank 1');
  await expect.element(search()).toHaveValue('bank 1');
  // Bank 1, 10–19 and 100–199.
  await expect.element(page.getByText('Showing 111 out of 300 card(s)')).toBeVisible();
  await expect.element(page.getByRole('link', { name: /^Bank 1 Visa ending 0001, / })).toBeVisible();
  await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).not.toBeInTheDocument();
  await search().fill('bank 299');
  await expect.element(page.getByText('Showing 1 out of 300 card(s)')).toBeVisible();
  await expectNoAxeViolations();
});

test('emptied before the index is whole, the search leaves every card listed and no summary', async () => {
  await renderApp('/home', { cards: bankCards(300) });
  await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).toBeVisible();
  slowAndNeverIdle();
  typeAtOnce('bank 2');
  typeAtOnce('');
  await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).toBeVisible();
  await expect.element(page.getByText(/^Showing /)).not.toBeInTheDocument();
  // A search after it still filters.
  await search().fill('bank 42');
  await expect.element(page.getByText('Showing 1 out of 300 card(s)')).toBeVisible();
});
