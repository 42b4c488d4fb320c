import { expect, test } from 'vitest';
import type { OpenedCards, UnreadableCard } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import { cardsLostByNewKey } from '../../src/domain/key-proof';
import { makeCards } from '../support/seeded';

const unreadable = (id: string, reason: string): UnreadableCard => ({ id, modifiedAt: 1, reason });
const opened = (cards: number, bad: UnreadableCard[]): OpenedCards => ({ cards: makeCards(5, cards), unreadable: bad });

test('a key that opens every card loses none, whatever was known before', () => {
  expect(cardsLostByNewKey(opened(3, []), ['a', 'b'])).toEqual([]);
  expect(cardsLostByNewKey(opened(3, []), null)).toEqual([]);
});

test('with the cards opened before known, the new key loses exactly those of them it cannot open', () => {
  const bad = [unreadable('Aaaaaaaa', UnreadableReasons.wrongKey), unreadable('Bbbbbbbb', UnreadableReasons.notCard)];
  // Bbbbbbbb opened before: whatever keeps it closed now, a switch would lose it.
  expect(cardsLostByNewKey(opened(1, bad), ['Bbbbbbbb', 'Cccccccc'])).toEqual(['Bbbbbbbb']);
  // Cards that were unreadable before too cost the new key nothing.
  expect(cardsLostByNewKey(opened(1, bad), ['Cccccccc'])).toEqual([]);
});

test('without them, only cards the new key cannot decrypt count: a damaged card is damaged for every key', () => {
  const bad = [
    unreadable('Aaaaaaaa', UnreadableReasons.wrongKey),
    unreadable('Bbbbbbbb', UnreadableReasons.notCard),
    unreadable('Dddddddd', UnreadableReasons.damaged),
  ];
  expect(cardsLostByNewKey(opened(2, bad), null)).toEqual(['Aaaaaaaa']);
});
