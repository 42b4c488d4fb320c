/**
 * A large wallet's stored cards read ahead of a start, a piece at a time: the start then reads the very collection
 * the pieces made, and a text the pieces cannot read is still read, or refused with the same reason, as before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { PIECE_CHARS } from '../../src/domain/collection-pieces';
import { READ_AHEAD_MIN_CHARS, readCardsAhead } from '../../src/storage/cards-read-ahead';
import { knownCollection } from '../../src/storage/cards-text';
import { discard, isBlocked, loadCards, STORAGE_KEYS } from '../../src/storage/local-storage';
import { makeCards } from '../support/seeded';

const large: PlainCollection = {
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(makeCards(47, 3_000).map((card) => [card.id, card])),
};
const largeText = JSON.stringify(large);
const stored = () => localStorage.getItem(STORAGE_KEYS.cards) ?? '';

beforeEach(async () => {
  localStorage.clear();
  await discard('cards');
});

describe('the stored cards read ahead', () => {
  it('are the collection the start then reads, without reading it again', async () => {
    // Two pieces at least, or the pieces would be one whole parse.
    expect(READ_AHEAD_MIN_CHARS).toBeGreaterThanOrEqual(2 * PIECE_CHARS);
    expect(largeText.length).toBeGreaterThan(READ_AHEAD_MIN_CHARS);
    localStorage.setItem(STORAGE_KEYS.cards, largeText);
    await readCardsAhead();
    const ahead = knownCollection(stored());
    expect(ahead).toEqual(large);
    const loaded = loadCards();
    expect(loaded.ok && loaded.value).toBe(ahead);
  });

  it('whose cards are not all cards are left to the start, which says why and keeps them', async () => {
    const [first] = Object.keys(large.cards);
    const text = largeText.replace(`"${first}":{`, `"${first}":5,"${first}x":{`);
    localStorage.setItem(STORAGE_KEYS.cards, text);
    await readCardsAhead();
    expect(knownCollection(stored())).toBeUndefined();
    expect(loadCards()).toEqual({ ok: false, reason: `the value stored under "${first}" is not a card` });
    expect(isBlocked('cards')).toBe(true);
    expect(stored()).toBe(text);
  });

  it('of a layout the pieces do not read are read whole by the start, as before', async () => {
    const spaced = JSON.stringify(large, null, 1);
    localStorage.setItem(STORAGE_KEYS.cards, spaced);
    await readCardsAhead();
    expect(knownCollection(stored())).toBeUndefined();
    const loaded = loadCards();
    expect(loaded.ok && loaded.value).toEqual(large);
  });
});
