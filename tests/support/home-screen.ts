/** Home as its screen tests find it: the search box, the cards' links, and a card to list. */
import { page } from 'vitest/browser';
import { makeCard } from './render';

export const search = () => page.getByRole('searchbox', { name: 'Search cards' });
/** Every card's link in the list ('HDFC Bank Visa ending 1111, Ada Lovelace, …'). */
export const cardLinks = () => page.getByRole('link', { name: /ending \d{4},/ });

export const visa = makeCard(
  { number: '4111111111111111', issuer: 'HDFC Bank', cardholder: 'Ada Lovelace', network: 'VISA' },
  { modifiedAt: 1000 },
);
