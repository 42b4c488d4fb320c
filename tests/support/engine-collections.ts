/**
 * Cards and wallets for the engine's collection tests: seeded cards with distinct dates, a wallet under a password
 * whose stored collection holds good cards and every kind of bad one, and what a person is shown after an open.
 */
import { expect } from 'vitest';
import type {
  CardData,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
  UnreadableCard,
} from '../../src/domain/card';
import { type BadCard, badCards, encryptedCollection, keyOf } from './crafted-cards';
import type { startEngine } from './engine-worker';
import { makeCards } from './seeded';

export type Engine = ReturnType<typeof startEngine>;

export const NOW = 1_722_000_000_000;
export const PASSWORD = 'correct horse battery staple';
export const [one, two, three] = makeCards(7, 3).map((card) => card.data) as [CardData, CardData, CardData];
export const ID = /^[A-Za-z0-9]{8}$/;

export const plainOf = (cards: readonly PlainCard[]): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

/** `count` seeded cards with distinct dates, stored in an order that is not the order of their dates. */
export function datedCards(seed: number, count: number): PlainCard[] {
  return makeCards(seed, count).map((card, index) => ({ ...card, modifiedAt: NOW - ((index * 7) % count) * 1000 }));
}

export const newestFirst = (cards: readonly PlainCard[]): PlainCard[] =>
  [...cards].sort((a, b) => b.modifiedAt - a.modifiedAt);
export const byId = <T extends { id: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.id.localeCompare(b.id));
export const listed = (bad: readonly BadCard[]): UnreadableCard[] =>
  byId(bad.map(({ card, reason }) => ({ id: card.id, modifiedAt: card.modifiedAt, reason })));

export async function decryptionsOf(engine: Engine, action: () => Promise<unknown>): Promise<number> {
  const before = await engine.decryptionCount();
  await action();
  return (await engine.decryptionCount()) - before;
}

/** What a person is shown after an open: the cards in order, and each unreadable card once. */
export function expectOpened(opened: OpenedCards, good: readonly PlainCard[], bad: readonly BadCard[]): void {
  expect(opened.cards).toEqual(newestFirst(good));
  expect(byId(opened.unreadable)).toEqual(listed(bad));
  for (const card of opened.unreadable) expect(card.reason.trim()).not.toBe('');
}

/** A wallet under PASSWORD whose stored collection holds `count` good cards and one of each kind of bad card. */
export async function walletWithBadCards(engine: Engine, count: number) {
  const good = datedCards(31, count);
  const { record, collection } = await engine.createSecret(PASSWORD, plainOf(good), NOW);
  const bad = await badCards(await keyOf(PASSWORD, record), one, NOW - 500);
  // The bad cards stand among the good ones, not after them.
  const entries = Object.values(collection.cards);
  const mixed: EncryptedCollection = encryptedCollection([
    ...entries.slice(0, 1),
    ...bad.slice(0, 4).map((each) => each.card),
    ...entries.slice(1),
    ...bad.slice(4).map((each) => each.card),
  ]);
  return { good, bad, record, collection, mixed };
}
