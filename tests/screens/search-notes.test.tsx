/**
 * Home search finds a card by words in its notes (a card's details), under SPEC.md's rules: trimmed and
 * case-insensitive. The index follows the details: a note saved after the list was shown is searchable at once.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { saveCard } from '../../src/state/cards';
import { detailsState } from '../../src/state/store';
import { expectNoAxeViolations } from '../support/axe';
import { makeCard, renderApp } from '../support/render';
import { plainDetailsJson } from '../support/seed-details';

const search = () => page.getByRole('searchbox', { name: 'Search cards' });
const travel = makeCard({ issuer: 'Harbour Bank', cardholder: 'Ada Lovelace' }, { id: 'Trav3l01' });
const groceries = makeCard({ issuer: 'Corner Credit', cardholder: 'Grace Hopper' }, { id: 'Groc3r01' });
const cardLinks = () => page.getByRole('link', { name: / ending \d{4}, / });

test("finds a card by words in its notes, trimmed and in any case, and not by another card's", async () => {
  await renderApp('/home', {
    cards: [travel, groceries],
    raw: {
      details: plainDetailsJson({ [travel.id]: { notes: 'Use abroad: no foreign fees\nKept in the blue wallet' } }),
    },
  });
  await expect.poll(() => Object.keys(detailsState.byCard)).toEqual([travel.id]);
  await search().fill('  FOREIGN Fees ');
  await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
  await expect.element(cardLinks()).toHaveAccessibleName(/^Harbour Bank /);
  await search().fill('blue wallet');
  await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
  await search().fill('grocer');
  await expect.element(page.getByText('No cards match your search')).toBeVisible();
  await expectNoAxeViolations();
});

test('a note saved after the list was searched is found, and a note taken away is no longer', async () => {
  await renderApp('/home', { cards: [travel, groceries] });
  await search().fill('weekly shop');
  await expect.element(page.getByText('No cards match your search')).toBeVisible();
  await saveCard({
    id: groceries.id,
    data: groceries.data,
    details: { pin: '', notes: 'The weekly shop', validFrom: '', phone: '', website: '' },
  });
  await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
  await expect.element(cardLinks()).toHaveAccessibleName(/^Corner Credit /);
  await saveCard({
    id: groceries.id,
    data: groceries.data,
    details: { pin: '', notes: '', validFrom: '', phone: '', website: '' },
  });
  await expect.element(page.getByText('No cards match your search')).toBeVisible();
});
