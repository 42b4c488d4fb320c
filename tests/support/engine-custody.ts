/**
 * The key-custody tests' wallet: three seeded cards, each sealed by the engine as the page saves a card, and how many
 * derivations an action costs inside the worker.
 */
import type { PlainCard, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import type { Engine } from './engine-collections';
import { makeCards } from './seeded';

export const cards = makeCards(11, 3);

/** The seeded cards as a plain collection, each sealed by the engine as the page saves a card. */
export async function plainCollection(engine: Engine): Promise<PlainCollection> {
  const collection: PlainCollection = emptyPlainCollection();
  for (const card of cards) collection.cards[card.id] = (await engine.sealCard(card, 'UNENCRYPTED')) as PlainCard;
  return collection;
}

export const dataOf = (opened: { cards: PlainCard[] }) => opened.cards.map((card) => card.data);

/** Runs `action` and returns how many derivations it cost inside the worker. */
export async function derivationsOf(engine: Engine, action: () => Promise<unknown>) {
  const before = await engine.derivationCount();
  await action();
  return (await engine.derivationCount()) - before;
}
