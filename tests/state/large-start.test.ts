/**
 * Starting a large wallet, whose stored cards are read ahead a piece at a time (src/storage/cards-read-ahead.ts):
 * the start shows what it showed before, the keypad and then every card, or the screen that says what cannot be read.
 */
import { beforeEach, expect, it } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { cardsState } from '../../src/state/cards';
import { appState, startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPin } from '../../src/state/secrets';
import { resetDevice } from '../../src/state/store';
import { READ_AHEAD_MIN_CHARS } from '../../src/storage/cards-read-ahead';
import { seedPlainCards } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';
let cards: PlainCard[];

beforeEach(async () => {
  await getEngine().lock();
  localStorage.clear();
  await resetDevice();
  cards = makeCards(53, 2_000);
  seedPlainCards(cards);
  await startApp();
  await createPin(PIN);
  // Stored anew, its cards in another order: a text this page has not read or written, as for a fresh page.
  const stored = JSON.parse(localStorage.getItem('sleeve/cards') ?? '') as { type: string; cards: object };
  const text = JSON.stringify({ type: stored.type, cards: Object.fromEntries(Object.entries(stored.cards).reverse()) });
  expect(text.length).toBeGreaterThan(READ_AHEAD_MIN_CHARS);
  localStorage.setItem('sleeve/cards', text);
  await resetDevice();
});

it('a locked wallet of 2,000 cards starts on its keypad and unlocks to every card', async () => {
  await startApp();
  expect(appState.phase).toBe('ready');
  expect(appState.locked).toBe(true);
  await unlockWithPin(PIN);
  expect(appState.locked).toBe(false);
  expect(cardsState.cards.map((card) => card.id).sort()).toEqual(cards.map((card) => card.id).sort());
});

it('a locked wallet of 2,000 cards with one damaged starts on the screen that says so, its text kept', async () => {
  const text = localStorage.getItem('sleeve/cards') ?? '';
  const [first] = cards.map((card) => card.id);
  const damaged = text.replace(`"${first}":{`, `"${first}":null,"${first}x":{`);
  localStorage.setItem('sleeve/cards', damaged);
  await startApp();
  expect(appState.phase).toBe('problem');
  expect(appState.problems).toEqual([{ name: 'cards', reason: `the value stored under "${first}" is not a card` }]);
  expect(localStorage.getItem('sleeve/cards')).toBe(damaged);
});
