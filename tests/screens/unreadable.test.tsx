/**
 * Cards that cannot be opened never hide the others: Home lists the good cards and counts the rest, the review screen
 * names each by id with its date and reason, and nothing leaves storage unless the person deletes it.
 */
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp, storedCards } from '../support/render';

const good = makeCard({ issuer: 'Harbour Credit', number: '4000000000000002' }, { id: 'GoodOne1' });
const other = makeCard({ issuer: 'Keep Me', number: '5500000000000004', network: 'MASTERCARD' }, { id: 'GoodTwo2' });
const eloCard = makeCard({ issuer: 'Elo Bank' }, { id: 'EloCard1', modifiedAt: Date.UTC(2026, 0, 5, 12) });

/** The stored collection as another client might leave it: two cards, one of a network this version does not know, and one without a number. */
function mixedCollection(): string {
  const elo = { ...eloCard, data: { ...eloCard.data, network: 'ELO' } };
  const noNumber = { id: 'NoNumber', modifiedAt: 1, data: { ...good.data, number: undefined } };
  return JSON.stringify({
    type: 'UNENCRYPTED',
    cards: { [good.id]: good, [other.id]: other, [elo.id]: elo, NoNumber: noNumber },
  });
}

describe('cards that could not be opened', () => {
  test('Home shows the good cards and counts the others, with a way to review them', async () => {
    await renderApp('/home', { raw: { cards: mixedCollection() } });
    await expect.element(page.getByRole('link', { name: /Harbour Credit/ })).toBeVisible();
    await expect.element(page.getByRole('link', { name: /Keep Me/ })).toBeVisible();
    await expect.element(page.getByText('2 cards could not be opened')).toBeVisible();
    await expectNoAxeViolations();
    await page.getByRole('link', { name: 'Review' }).click();
    await expect.poll(() => window.location.pathname).toBe('/home/unreadable');
    await expect.element(page.getByRole('heading', { name: 'Cards that could not be opened', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Cards that could not be opened' });
    await expect.element(list.getByText('Card EloCard1')).toBeVisible();
    await expect.element(list.getByText('Why: its network "ELO" is unknown')).toBeVisible();
    await expect.element(list.getByText('Card NoNumber')).toBeVisible();
    await expect.element(list.getByText('Why: its number is missing')).toBeVisible();
    await expect.element(list.getByText('Last changed unknown')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  test('Keep leaves the card stored and Home stops counting it', async () => {
    const before = mixedCollection();
    await renderApp('/home/unreadable', { raw: { cards: before } });
    const elo = page.getByRole('listitem').filter({ hasText: 'Card EloCard1' });
    await elo.getByRole('button', { name: 'Keep' }).click();
    await expect.element(elo.getByText('Kept')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.element(page.getByText('1 card could not be opened')).toBeVisible();
    expect(JSON.stringify(storedCards())).toBe(before);
  });

  test('Delete asks first, then removes exactly that card from storage', async () => {
    await renderApp('/home/unreadable', { raw: { cards: mixedCollection() } });
    const elo = page.getByRole('listitem').filter({ hasText: 'Card EloCard1' });
    await elo.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete card' });
    await expect.element(dialog.getByText('Are you sure you want to delete this card?')).toBeVisible();
    await expectNoAxeViolations();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.element(page.getByText('Card deleted')).toHaveAttribute('data-type', 'success');
    await expect.element(page.getByText('Card EloCard1')).not.toBeInTheDocument();
    expect(Object.keys(storedCards().cards).sort()).toEqual(['GoodOne1', 'GoodTwo2', 'NoNumber']);
  });

  test('Delete all cards deletes the cards the person can see, and keeps the ones not opened', async () => {
    await renderApp('/user/data-management', { raw: { cards: mixedCollection() } });
    await page.getByRole('button', { name: 'Delete all cards' }).click();
    await page.getByRole('dialog', { name: 'Delete all cards' }).getByRole('button', { name: 'Delete' }).click();
    await expect.element(page.getByText('Deleted all cards')).toBeVisible();
    await expect.poll(() => Object.keys(storedCards().cards).sort()).toEqual(['EloCard1', 'NoNumber']);
  });

  test('with every card opened, the review screen says nothing needs attention', async () => {
    await renderApp('/home/unreadable', { cards: [good] });
    await expect.element(page.getByText('Every card opened. Nothing needs your attention.')).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Home' })).toBeVisible();
  });
});
