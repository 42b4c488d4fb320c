import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cardsState } from '../../src/state/cards';
import { appState } from '../../src/state/lifecycle';
import { expectNoAxeViolations } from '../support/axe';
import { cardLinks, search, visa } from '../support/home-screen';
import { makeCard, renderApp } from '../support/render';

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
