/**
 * What merging two collections decided, and how it is applied. The worker decides (worker/vault/merge.ts); the
 * decision names only the cards the server's side contributes, so merging 10,000 cards into 10,000 sends back a list
 * of ids rather than 15,000 records the caller already holds.
 */
import type { CardCollection } from './card';

declare const side: unique symbol;
/** A collection as held on this device (branded where it is read from storage). */
export type Local<T> = T & { readonly [side]: 'local' };
/** A collection as received from the server (branded where it arrives). */
export type FromServer<T> = T & { readonly [side]: 'server' };

export const asLocal = <T>(value: T): Local<T> => value as Local<T>;
export const asFromServer = <T>(value: T): FromServer<T> => value as FromServer<T>;

export interface MergeDecision {
  /** The merged collection's kind. */
  type: CardCollection['type'];
  /** Ids whose server card is taken: new to the local side, or newer there. Every other card stays local. */
  fromServer: string[];
}

/** The merged collection: every local card, with the server's ones the decision took added or in their place. */
export function applyMerge(local: CardCollection, server: CardCollection, decision: MergeDecision): CardCollection {
  // A Map, then Object.fromEntries, which defines each key as its own: assigning a card stored under "__proto__"
  // would set the object's prototype instead of keeping the card.
  const cards = new Map<string, unknown>(Object.entries(local.cards));
  for (const id of decision.fromServer) {
    const card = Object.hasOwn(server.cards, id) ? server.cards[id] : undefined;
    if (card === undefined) throw new Error(`The merge took card ${id}, which the server's side does not have`);
    cards.set(id, card);
  }
  return { type: decision.type, cards: Object.fromEntries(cards) } as CardCollection;
}
