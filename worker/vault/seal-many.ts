/**
 * Many cards sealed in one round trip, for an import: each exactly as `sealCard` seals one (checked, in wire order,
 * encrypted under the held key when the collection is encrypted). All or nothing: one card that cannot be sealed
 * fails the call, and the page stores none of them.
 */
import type { CardCollection, PlainCard, StoredCard } from '../../src/domain/card';
import { sealCard } from './collections';

export async function sealCards(cards: readonly PlainCard[], type: CardCollection['type']): Promise<StoredCard[]> {
  return Promise.all(cards.map((card) => sealCard(card, type)));
}
