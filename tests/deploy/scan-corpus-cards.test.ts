/**
 * The scanner corpus's real-looking cards (scripts/scan-corpus/real-card.mjs) as drawn, before any photo: every number
 * one Sleeve's rules say a network issues, its label's network and grouping what the card prints, the expiry the
 * editor's MM/YY of the later date, and every look, grouping and expiry wording drawn over a few hundred cards.
 */
import { expect, test } from 'vitest';
import { EXPIRY_STYLES } from '../../scripts/scan-corpus/card-text.mjs';
import { seeded } from '../../scripts/scan-corpus/cards.mjs';
import { makeRealCard, REAL_LOOKS } from '../../scripts/scan-corpus/real-card.mjs';
import { detectNetwork, isIssuedNumber } from '../../src/domain/card-brands';
import { passesLuhn } from '../../src/domain/card-checks';
import { plausibleName } from '../../src/domain/scan-accept';

const cards = Array.from({ length: 600 }, (_, index) => {
  const random = seeded(7_000_000 + index);
  return makeRealCard(random, random() >= 0.05);
});

/** A printed 'MM/YY' or 'MM/YYYY' as a month count, to order two dates. */
const months = (date: string) => {
  const [month, year] = date.split('/').map(Number);
  return ((year ?? 0) % 100) * 12 + (month ?? 0);
};

test('every card: its label is what Sleeve reads of what it prints', () => {
  for (const [index, card] of cards.entries()) {
    const at = `card ${index} (${card.number})`;
    expect(isIssuedNumber(card.number), at).toBe(true);
    expect(detectNetwork(card.number), at).toBe(card.network);
    expect(passesLuhn(card.number), at).toBe(card.valid);
    expect(card.groups.join(''), at).toBe(card.number);
    expect(card.groups.map((group) => group.length).join('-'), at).toBe(card.grouping);
    expect(card.expiry, at).toMatch(/^(0[1-9]|1[0-2])\/\d\d$/);
    const dates = card.expiryPrinted.map((piece) => piece.date);
    const latest = dates.reduce((later, date) => (months(date) > months(later) ? date : later));
    expect(`${latest.slice(0, 3)}${latest.slice(-2)}`, at).toBe(card.expiry);
    if (card.name) expect(plausibleName(card.name), at).toBe(card.name);
    expect(card.face, at).toBe(card.look === 'back' ? 'back' : 'front');
    expect(card.layout, at).toBe(card.look === 'vertical' ? 'vertical' : 'horizontal');
    if (card.layout === 'vertical') expect(card.grouping, at).toMatch(/^4-4-4-4(-3)?$/);
  }
});

test('every look, grouping, length and expiry wording is drawn', () => {
  const seen = (pick: (card: (typeof cards)[number]) => string | number) => new Set(cards.map(pick));
  expect(seen((card) => card.look)).toEqual(new Set(Object.keys(REAL_LOOKS)));
  for (const grouping of ['4-4-4-4', '4-6-5', '4-6-4', '4-4-4-4-3', '5-4-5-5', '6-13']) {
    expect(seen((card) => card.grouping)).toContain(grouping);
  }
  expect(seen((card) => card.number.length)).toEqual(new Set([14, 15, 16, 17, 18, 19]));
  expect(seen((card) => card.expiryStyle)).toEqual(new Set(EXPIRY_STYLES));
  expect(seen((card) => (card.company ? 'company' : 'person'))).toEqual(new Set(['company', 'person']));
});
