/**
 * How large card collections cross the worker boundary: as one JSON string instead of structured clone.
 *
 * Structured clone walks every one of the thousands of small card objects on both sides, and for that shape it is
 * about three times slower than JSON.stringify plus JSON.parse of the same data (measured in Chromium with 10,000
 * cards: ~75 ms against ~21 ms for the round trip). A string is copied in one piece. Card data is only strings and
 * finite numbers, so the JSON round trip is exact. Small values keep structured clone: below the threshold there is
 * nothing to win. Both sides register it through transfers.ts.
 */

/** Below this many cards a value goes by structured clone as before. */
export const JSON_TRANSFER_MIN_CARDS = 64;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function hasAtLeast(cards: object, count: number): boolean {
  let seen = 0;
  for (const _ in cards) if (++seen >= count) return true;
  return false;
}

/** A stored collection of many cards: `{type, cards}`. */
const isLargeCollection = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.type === 'string' &&
  isObject(value.cards) &&
  hasAtLeast(value.cards, JSON_TRANSFER_MIN_CARDS);

/** Many view cards. */
const isLargeCardList = (value: unknown): boolean =>
  Array.isArray(value) && value.length >= JSON_TRANSFER_MIN_CARDS && isObject(value[0]) && 'modifiedAt' in value[0];

/** Opened cards, as openCollection and unlock return them: `{cards, unreadable}`, either list large. */
const isLargeOpen = (value: unknown): boolean =>
  isObject(value) && Array.isArray(value.cards) && (isLargeCardList(value.cards) || isLargeCardList(value.unreadable));

/** A large collection, card list or open, or a result that carries a large collection (createSecret). */
function carriesManyCards(value: unknown): boolean {
  return (
    isLargeCollection(value) ||
    isLargeCardList(value) ||
    isLargeOpen(value) ||
    (isObject(value) && isLargeCollection(value.collection))
  );
}

/** The Comlink transfer handler, registered under `COLLECTION_TRANSFER`. */
export const COLLECTION_TRANSFER = 'sleeve-cards-json';
export const collectionTransferHandler = {
  canHandle: carriesManyCards as (value: unknown) => value is unknown,
  serialize(value: unknown): [string, Transferable[]] {
    return [JSON.stringify(value), []];
  },
  deserialize(serialized: unknown): unknown {
    return JSON.parse(serialized as string);
  },
};
