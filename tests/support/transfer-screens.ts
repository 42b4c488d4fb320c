/**
 * Files and a card for the Data Management screens' tests: a file chosen as a person chooses one, and a card
 * already in Sleeve.
 */
import { page } from 'vitest/browser';
import { makeCard } from './render';

export const fileOf = (text: string, name: string, type = 'application/json') => new File([text], name, { type });
export const chooseFile = (file: File) => page.getByLabelText('Choose a file').upload(file);

export const visa = makeCard(
  { number: '4111111111111111', expiry: '01/30', cardholder: 'Ada Lovelace', issuer: 'First Bank', network: 'VISA' },
  { id: 'Visa0001', modifiedAt: 1_700_000_000_000 },
);
