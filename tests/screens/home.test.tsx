import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cardsState } from '../../src/state/cards';
import { appState } from '../../src/state/lifecycle';
import { expectNoAxeViolations } from '../support/axe';
import { expiryIn, makeCard, renderApp } from '../support/render';

const search = () => page.getByRole('searchbox', { name: 'Search cards' });
const cardLinks = () => page.getByRole('link', { name: /ending \d{4},/ });

const visa = makeCard(
  { number: '4111111111111111', issuer: 'HDFC Bank', cardholder: 'Ada Lovelace', network: 'VISA' },
  { modifiedAt: 1000 },
);
const other = makeCard(
  { number: '5500000000000004', issuer: 'Axis', cardholder: 'Grace Hopper', network: 'OTHER' },
  { modifiedAt: 2000 },
);

describe('home list', () => {
  test("is titled 'Home' without a user, and greets a user by first name", async () => {
    const { unmount } = await renderApp('/home');
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Home');
    await unmount();
    await renderApp('/home');
    appState.user = { uid: 'u1', name: 'Ada', fullName: 'Ada Lovelace' };
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Hey, Ada');
  });

  test("shows 'No cards found' when there are no cards", async () => {
    await renderApp('/home');
    await expect.element(page.getByText('No cards found')).toBeVisible();
    expect(cardLinks().elements()).toHaveLength(0);
    await expectNoAxeViolations();
  });

  test('lists cards newest first, each linking to its detail with a descriptive name', async () => {
    await renderApp('/home', { cards: [visa, other] });
    await expect.element(cardLinks().first()).toBeVisible();
    const names = cardLinks()
      .elements()
      .map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual([
      'Axis card ending 0004, Grace Hopper, expires 12/30',
      'HDFC Bank Visa ending 1111, Ada Lovelace, expires 12/30',
    ]);
    await expect.element(cardLinks().first()).toHaveAttribute('href', `/home/cards/${other.id}`);
    await expect.element(page.getByText('No cards found')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  test("leaves each row's picture out for screen readers, which hear the link's name alone", async () => {
    await renderApp('/home', { cards: [visa] });
    const number = page.getByText('4111 1111 1111 1111');
    await expect.element(number).toBeVisible();
    // Seen on screen, but inside a subtree a screen reader skips: it would otherwise read out every digit.
    expect(number.element().closest('[aria-hidden="true"]')).not.toBeNull();
    expect(cardLinks().element().closest('[aria-hidden="true"]')).toBeNull();
  });

  test('names a card by its network when it has no issuer', async () => {
    await renderApp('/home', { cards: [makeCard({ issuer: '', network: 'MASTERCARD', number: '5555555555554444' })] });
    await expect
      .element(page.getByRole('link', { name: 'Mastercard ending 4444, Ada Lovelace, expires 12/30' }))
      .toBeVisible();
  });

  test('opens a card when its preview is clicked', async () => {
    await renderApp('/home', { cards: [visa] });
    await page.getByRole('link', { name: 'HDFC Bank Visa ending 1111, Ada Lovelace, expires 12/30' }).click();
    await expect.poll(() => window.location.pathname).toBe(`/home/cards/${visa.id}`);
    await expect.element(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  test('shows the number grouped, or only its first and last four digits when masking is on', async () => {
    const { unmount } = await renderApp('/home', { cards: [visa] });
    await expect.element(page.getByText('4111 1111 1111 1111')).toBeVisible();
    await unmount();
    await renderApp('/home', {
      cards: [visa],
      preferences: { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } },
    });
    await expect.element(page.getByText('4111 •••• •••• 1111')).toBeVisible();
    await expect.element(page.getByText('4111 1111 1111 1111')).not.toBeInTheDocument();
  });

  test('shows a spinner while cards are merging', async () => {
    await renderApp('/home');
    await expect.element(page.getByRole('status', { name: 'Loading cards' })).not.toBeInTheDocument();
    cardsState.merging = true;
    try {
      await expect.element(page.getByRole('status', { name: 'Loading cards' })).toBeVisible();
    } finally {
      cardsState.merging = false;
    }
  });
});

describe('home search', () => {
  test("counts matches as 'Showing X out of Y card(s)' and Clear empties the box", async () => {
    await renderApp('/home', { cards: [visa, other] });
    await expect.element(search()).toHaveAttribute('placeholder', 'Enter card number, bank or network');
    await expect.element(page.getByText(/^Showing/)).not.toBeInTheDocument();
    await search().fill('hdfc');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    expect(cardLinks().elements()).toHaveLength(1);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.element(search()).toHaveValue('');
    await expect.element(search()).toHaveFocus();
    await expect.element(page.getByText(/^Showing/)).not.toBeInTheDocument();
    await expect.poll(() => cardLinks().elements().length).toBe(2);
  });

  test('is trimmed and case-insensitive across issuer, cardholder and network', async () => {
    await renderApp('/home', { cards: [visa, other] });
    await search().fill('  GRACE  ');
    await expect
      .element(page.getByRole('link', { name: 'Axis card ending 0004, Grace Hopper, expires 12/30' }))
      .toBeVisible();
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await search().fill('visa');
    await expect
      .element(page.getByRole('link', { name: 'HDFC Bank Visa ending 1111, Ada Lovelace, expires 12/30' }))
      .toBeVisible();
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
  });

  test("never matches the OTHER network by the word 'other'", async () => {
    await renderApp('/home', { cards: [visa, other] });
    await search().fill('other');
    await expect.element(page.getByText('Showing 0 out of 2 card(s)')).toBeVisible();
    await expect.element(page.getByText('No cards match your search')).toBeVisible();
    expect(cardLinks().elements()).toHaveLength(0);
  });

  test("finds a number typed in groups ('4111 1111')", async () => {
    await renderApp('/home', { cards: [visa, other] });
    await search().fill('4111 1111');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'HDFC Bank Visa ending 1111, Ada Lovelace, expires 12/30' }))
      .toBeVisible();
  });

  test("emptied, it takes away its count and 'No cards match' at once, and every card comes back", async () => {
    await renderApp('/home', { cards: [visa, other] });
    await search().fill('other');
    await expect.element(page.getByText('No cards match your search')).toBeVisible();
    // Every state the page passes through on the way back to every card, as the DOM changes.
    const stale: string[] = [];
    const watch = new MutationObserver(() => {
      const box = search().element() as HTMLInputElement;
      const text = document.body.textContent ?? '';
      if (box.value === '' && /No cards match|Showing \d/.test(text)) stale.push(text);
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => cardLinks().elements().length).toBe(2);
    watch.disconnect();
    expect(stale).toEqual([]);
  });

  test('emptied and typed in again at once, it shows what the new text finds', async () => {
    await renderApp('/home', { cards: [visa, other] });
    await search().fill('hdfc');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await search().click();
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}axis');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await expect.element(search()).toHaveValue('axis');
    await expect
      .poll(() =>
        cardLinks()
          .elements()
          .map((link) => link.getAttribute('aria-label')),
      )
      .toEqual(['Axis card ending 0004, Grace Hopper, expires 12/30']);
  });

  test('can be used with the keyboard alone', async () => {
    await renderApp('/home', { cards: [visa, other] });
    await search().click();
    await userEvent.keyboard('axis');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await userEvent.tab();
    await expect.element(page.getByRole('button', { name: 'Clear' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(search()).toHaveValue('');
  });
});

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

describe('expiry on Home', () => {
  const newest = makeCard({ issuer: 'Newest', number: '4000000000000002', expiry: expiryIn(24) }, { modifiedAt: 5000 });
  const expired = makeCard(
    { issuer: 'Lapsed', number: '5555555555554444', expiry: expiryIn(-3) },
    { modifiedAt: 4000 },
  );
  const soon = makeCard(
    { issuer: 'Soon', number: '378282246310005', network: 'AMEX', expiry: expiryIn(1) },
    { modifiedAt: 3000 },
  );
  const later = makeCard({ issuer: 'Later', number: '6011000990139424', expiry: expiryIn(6) }, { modifiedAt: 2000 });
  const cards = [newest, expired, soon, later];
  const names = () =>
    cardLinks()
      .elements()
      .map((link) => link.getAttribute('aria-label'));

  test('flags expired and expiring cards on their previews and in their names', async () => {
    await renderApp('/home', { cards });
    await expect
      .element(
        page.getByRole('link', { name: `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}` }),
      )
      .toBeVisible();
    await expect
      .element(
        page.getByRole('link', {
          name: `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        }),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}` }))
      .toBeVisible();
    expect(page.getByText('Expired', { exact: true }).elements()).toHaveLength(1);
    expect(page.getByText('Expires soon', { exact: true }).elements()).toHaveLength(1);
    await expectNoAxeViolations();
  });

  test('one tap shows the expiring cards first, and another goes back to newest first', async () => {
    await renderApp('/home', { cards });
    const toggle = page.getByRole('button', { name: 'Expiring first' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(names)
      .toEqual([
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
        `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`,
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
      ]);

    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(names)
      .toEqual([
        `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`,
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
      ]);
    await expectNoAxeViolations();

    // A search keeps the order: '2' is in three of the numbers.
    await search().fill('2');
    await expect.element(page.getByText('Showing 3 out of 4 card(s)')).toBeVisible();
    await expect
      .poll(names)
      .toEqual([
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
      ]);
    await page.getByRole('button', { name: 'Clear' }).click();

    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(names)
      .toEqual([
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
        `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`,
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
      ]);
  });

  test('the order chosen stays while visiting a card and coming back', async () => {
    await renderApp('/home', { cards });
    await page.getByRole('button', { name: 'Expiring first' }).click();
    await page
      .getByRole('link', { name: `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}` })
      .click();
    await expect.poll(() => window.location.pathname).toBe(`/home/cards/${later.id}`);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.element(page.getByRole('button', { name: 'Expiring first' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => names()[0]).toBe(`Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`);
  });

  test('offers no ordering for a single card', async () => {
    await renderApp('/home', { cards: [newest] });
    await expect.element(cardLinks().first()).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Expiring first' })).not.toBeInTheDocument();
  });
});

describe('numbers of every length on Home', () => {
  test('groups each by its network and masks the middle of each', async () => {
    const amex = makeCard({ issuer: 'Amex', number: '378282246310005', network: 'AMEX' });
    const diners = makeCard({ issuer: 'Diners', number: '30569309025904', network: 'DINERS' });
    const long = makeCard({ issuer: 'Long', number: '6011000000000000001', network: 'DISCOVER' });
    const { unmount } = await renderApp('/home', { cards: [amex, diners, long] });
    for (const text of ['3782 822463 10005', '3056 930902 5904', '6011 0000 0000 0000 001']) {
      await expect.element(page.getByText(text)).toBeVisible();
    }
    await unmount();
    await renderApp('/home', {
      cards: [amex, diners, long],
      preferences: { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } },
    });
    for (const text of ['3782 •••••• •0005', '3056 •••••• 5904', '6011 •••• •••• •••0 001']) {
      await expect.element(page.getByText(text)).toBeVisible();
    }
    await expect.element(page.getByText('3782 822463 10005')).not.toBeInTheDocument();
  });

  test('a search finds an American Express number typed in its own groups', async () => {
    const amex = makeCard({ issuer: 'Amex', number: '378282246310005', network: 'AMEX' });
    await renderApp('/home', { cards: [amex, visa] });
    await search().fill('3782 822463');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Amex American Express ending 0005, Ada Lovelace, expires 12/30' }))
      .toBeVisible();
  });
});
