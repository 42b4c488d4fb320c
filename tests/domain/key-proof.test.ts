import { expect, test } from 'vitest';
import type { OpenedCards, UnreadableCard } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import { cardsLostByNewKey } from '../../src/domain/key-proof';
import { makeCards } from '../support/seeded';

const unreadable = (id: string, reason: string): UnreadableCard => ({ id, modifiedAt: 1, reason });
const opened = (cards: number, bad: UnreadableCard[]): OpenedCards => ({ cards: makeCards(5, cards), unreadable: bad });

const before = (readable: string[], unreadable: string[] = []) => ({ readable, unreadable });

test('a key that opens every card loses none, whatever was known before', () => {
  expect(cardsLostByNewKey(opened(3, []), before(['a', 'b']))).toEqual([]);
  expect(cardsLostByNewKey(opened(3, []), null)).toEqual([]);
});

test('with the cards opened before known, the new key loses those of them it cannot open, whatever the reason', () => {
  const bad = [unreadable('Bbbbbbbb', UnreadableReasons.notCard), unreadable('Eeeeeeee', UnreadableReasons.damaged)];
  // Bbbbbbbb opened before: whatever keeps it closed now, a switch would lose it. Eeeeeeee was damaged before too.
  expect(cardsLostByNewKey(opened(1, bad), before(['Bbbbbbbb', 'Cccccccc'], ['Eeeeeeee']))).toEqual(['Bbbbbbbb']);
});

test('a card the new key cannot decrypt is lost even if it was never on screen, unless the old key could not either', () => {
  const bad = [unreadable('Aaaaaaaa', UnreadableReasons.wrongKey), unreadable('Ffffffff', UnreadableReasons.wrongKey)];
  // Aaaaaaaa arrived while the tab was locked (or before the server answered); Ffffffff was under some other key.
  expect(cardsLostByNewKey(opened(1, bad), before([], ['Ffffffff']))).toEqual(['Aaaaaaaa']);
});

test('in a tab that started locked, every card the new key cannot decrypt counts; a damaged card is damaged for every key', () => {
  const bad = [
    unreadable('Aaaaaaaa', UnreadableReasons.wrongKey),
    unreadable('Bbbbbbbb', UnreadableReasons.notCard),
    unreadable('Dddddddd', UnreadableReasons.damaged),
  ];
  expect(cardsLostByNewKey(opened(2, bad), null)).toEqual(['Aaaaaaaa']);
});
