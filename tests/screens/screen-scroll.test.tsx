/**
 * Where the page stands on arriving at a screen: a screen reached by a link or a redirect opens at its top, and
 * going back (the browser's back, a screen's Back link, Home after a deletion) puts Home's list where the person
 * left it.
 */
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CARD_ROW_HEIGHT } from '../../src/screens/home/CardListScreen';
import { makeCard, renderApp } from '../support/render';

/** `count` cards named 'Bank 0', 'Bank 1', … with numbers ending in their index, newest first. */
const bankCards = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeCard(
      { issuer: `Bank ${index}`, number: `4000000000${String(index).padStart(6, '0')}` },
      { modifiedAt: 10_000 - index },
    ),
  );

const cardLink = (index: number) =>
  page.getByRole('link', { name: new RegExp(`^Bank ${index} Visa ending ${String(index).padStart(4, '0')}, `) });

/** Scrolls Home's list down to the card at `index`, and waits until its row is on screen. */
async function scrollToCard(index: number): Promise<number> {
  window.scrollTo(0, index * CARD_ROW_HEIGHT);
  await expect.element(cardLink(index)).toBeVisible();
  return window.scrollY;
}

const cardHeading = () => page.getByRole('heading', { name: 'Card', exact: true });

/**
 * Opens Home with 300 cards, scrolls down to the card at `index` and opens it, which opens at its top; returns where
 * Home was left.
 */
async function openCardFromFarDown(index: number): Promise<number> {
  await renderApp('/home', { cards: bankCards(300) });
  await expect.element(cardLink(0)).toBeVisible();
  const left = await scrollToCard(index);
  expect(left).toBeGreaterThan((index - 10) * CARD_ROW_HEIGHT);
  await userEvent.click(cardLink(index));
  await expect.element(cardHeading()).toBeVisible();
  expect(window.scrollY).toBe(0);
  return left;
}

test('a card opened from far down the list opens at its top, and Home after its deletion is where it was left', async () => {
  const left = await openCardFromFarDown(40);
  await expect.element(page.getByText('Bank 40', { exact: true }).last()).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'Back' })).toBeVisible();

  // The Delete button is at the screen's end: reaching it scrolls the card screen.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.element(page.getByText('Card deleted')).toBeVisible();
  // The cards after it have moved up a row into its place.
  await expect.element(cardLink(41)).toBeVisible();
  await expect.poll(() => window.scrollY).toBe(left);
  await expect.element(cardLink(40)).not.toBeInTheDocument();
});

test("a card's Back link returns to the place in the list it was opened from, and a link to Home opens at its top", async () => {
  const left = await openCardFromFarDown(200);
  await userEvent.click(page.getByRole('link', { name: 'Back' }));
  await expect.element(cardLink(200)).toBeVisible();
  await expect.poll(() => window.scrollY).toBe(left);

  // Not a return: the bottom bar's Home, from the card screen, is Home from its top.
  await userEvent.click(cardLink(200));
  await expect.element(cardHeading()).toBeVisible();
  await userEvent.click(page.getByRole('link', { name: 'Home' }));
  await expect.element(cardLink(0)).toBeVisible();
  expect(window.scrollY).toBe(0);
});

test('going back from a card returns to the place in the list it was opened from', async () => {
  const left = await openCardFromFarDown(120);
  history.back();
  await expect.element(cardLink(120)).toBeVisible();
  await expect.poll(() => window.scrollY).toBe(left);
});

test("a card's Back link builds Home's rows at the place it returns to, never the list's top rows first", async () => {
  const left = await openCardFromFarDown(200);
  // Every card row the return puts in the page, by its card's name.
  const built: string[] = [];
  const watcher = new MutationObserver((changes) => {
    for (const added of changes.flatMap((change) => [...change.addedNodes])) {
      if (!(added instanceof Element)) continue;
      for (const link of added.matches('a.card-link') ? [added] : added.querySelectorAll('a.card-link')) {
        built.push((link.getAttribute('aria-label') ?? '').split(' Visa')[0] as string);
      }
    }
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  try {
    await userEvent.click(page.getByRole('link', { name: 'Back' }));
    await expect.element(cardLink(200)).toBeVisible();
    await expect.poll(() => window.scrollY).toBe(left);
  } finally {
    watcher.disconnect();
  }
  expect(built).not.toContain('Bank 0');
  expect(built).toContain('Bank 200');
});
