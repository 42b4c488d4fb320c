/** Home with long lists: only the rows near the viewport rendered, every card searched, and rows handed on as searches change the cards shown. */
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { LIST_TOP_AT_LEAST } from '../../src/screens/home/CardListScreen';
import { cardLinks, search } from '../support/home-screen';
import { makeCard, renderApp } from '../support/render';

/** `count` cards named 'Bank 0', 'Bank 1', … with numbers ending in their index, newest first. */
const bankCards = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeCard(
      { issuer: `Bank ${index}`, number: `4000000000${String(index).padStart(6, '0')}` },
      { modifiedAt: 10_000 - index },
    ),
  );

describe('a long card list', () => {
  test('renders only the rows near the viewport, and the rest as the page scrolls', async () => {
    const many = bankCards(300);
    await renderApp('/home', { cards: many });
    await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).toBeVisible();
    const rendered = cardLinks().elements().length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    await expect.element(page.getByRole('link', { name: /^Bank 299 Visa ending 0299, / })).not.toBeInTheDocument();
    const list = page.getByRole('list', { name: 'Cards' });
    await expect.element(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '300');
    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect.element(page.getByRole('link', { name: /^Bank 299 Visa ending 0299, / })).toBeInTheDocument();
    await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).not.toBeInTheDocument();
    window.scrollTo(0, 0);
  });

  test('searching from far down the list shows the first matches, not an empty stretch', async () => {
    const many = bankCards(300);
    await renderApp('/home', { cards: many });
    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect.element(page.getByRole('link', { name: /^Bank 299 Visa ending 0299, / })).toBeInTheDocument();
    // The search box scrolls back into view as it takes the text, and the list shrinks under the old position.
    // 'bank 1' matches Bank 1, 10-19 and 100-199: 111 cards, still a windowed list.
    await search().fill('bank 1');
    await expect.element(page.getByText('Showing 111 out of 300 card(s)')).toBeVisible();
    await expect.element(page.getByRole('link', { name: /^Bank 1 Visa ending 0001, / })).toBeVisible();
    await expect.element(page.getByRole('link', { name: /^Bank 10 Visa ending 0010, / })).toBeInTheDocument();
    window.scrollTo(0, 0);
  });

  test('still searches every card, not only the rendered ones', async () => {
    const many = bankCards(120);
    await renderApp('/home', { cards: many });
    await search().fill('bank 119');
    await expect.element(page.getByText('Showing 1 out of 120 card(s)')).toBeVisible();
    await expect.element(page.getByRole('link', { name: /^Bank 119 Visa ending 0119, / })).toBeVisible();
  });

  test('starts no higher on the page than its first render counts on, so that render holds every row that shows', async () => {
    await renderApp('/home', { cards: bankCards(120) });
    await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).toBeVisible();
    const list = page.getByRole('list', { name: 'Cards' }).element();
    expect(list.getBoundingClientRect().top + window.scrollY).toBeGreaterThanOrEqual(LIST_TOP_AT_LEAST);
  });
});

/**
 * Each row as a person reads it: its link's name and the issuer and last digits its picture shows, in page order.
 * Rows hand their elements on to the cards a search brings in, so a stale picture under a new name would show here.
 */
const rowsShown = () =>
  page
    .getByRole('list', { name: 'Cards' })
    .getByRole('listitem')
    .elements()
    .map((row) => ({
      name: row.querySelector('a')?.getAttribute('aria-label')?.split(',')[0],
      picture: `${row.querySelector('.card-preview-issuer')?.textContent} ${row.querySelector('[data-testid="card-number"]')?.textContent?.slice(-4)}`,
      href: row.querySelector('a')?.getAttribute('href'),
    }));
const bankRow = (index: number) => {
  const digits = String(index).padStart(4, '0');
  return { name: `Bank ${index} Visa ending ${digits}`, picture: `Bank ${index} ${digits}` };
};

describe('rows after a search', () => {
  test('each row shows its own card as searches change the cards shown, long list or short', async () => {
    const many = bankCards(300);
    await renderApp('/home', { cards: many });
    await expect.element(page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / })).toBeVisible();
    // 300 (windowed) → 111 (windowed, other cards) → 11 (every row in the page) → 1 → 300 again.
    for (const [query, matches] of [
      [
        'bank 1',
        [1, ...Array.from({ length: 10 }, (_, i) => 10 + i), ...Array.from({ length: 100 }, (_, i) => 100 + i)],
      ],
      [
        'bank 2',
        [2, ...Array.from({ length: 10 }, (_, i) => 20 + i), ...Array.from({ length: 100 }, (_, i) => 200 + i)],
      ],
      ['bank 29', [29, ...Array.from({ length: 10 }, (_, i) => 290 + i)]],
      ['bank 295', [295]],
      ['', Array.from({ length: 300 }, (_, i) => i)],
    ] as const) {
      await search().fill(query);
      if (query) await expect.element(page.getByText(`Showing ${matches.length} out of 300 card(s)`)).toBeVisible();
      // Compared with the matches as many as are shown at each look: the list may follow the box a moment later.
      await expect
        .poll(() => {
          const rows = rowsShown().map(({ name, picture }) => ({ name, picture }));
          const wanted = matches.slice(0, rows.length).map(bankRow);
          return JSON.stringify(rows) === JSON.stringify(wanted) ? 'the matches, in order' : { rows, wanted };
        })
        .toBe('the matches, in order');
      expect(rowsShown().length).toBeGreaterThan(0);
      for (const row of rowsShown()) {
        const index = Number(row.name?.split(' ')[1]);
        expect(row.href).toBe(`/home/cards/${many[index]?.id}`);
      }
    }
    // A short list has every match in the page.
    await search().fill('bank 29');
    await expect.poll(() => rowsShown().length).toBe(11);
  });

  test('the focus stays on the card it was on, or leaves the list, as the rows change', async () => {
    const many = bankCards(300);
    await renderApp('/home', { cards: many });
    const first = page.getByRole('link', { name: /^Bank 0 Visa ending 0000, / });
    await expect.element(first).toBeVisible();
    (first.element() as HTMLElement).focus();
    // Scrolled far away, Bank 0's row leaves the page; its elements must not go on showing another card under the focus.
    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect.element(page.getByRole('link', { name: /^Bank 299 Visa ending 0299, / })).toBeInTheDocument();
    const focused = document.activeElement;
    if (focused instanceof HTMLAnchorElement) expect(focused.getAttribute('aria-label')).toMatch(/^Bank 0 Visa /);
    window.scrollTo(0, 0);
  });
});
