/**
 * How large card values cross the worker boundary: in parts (card-parts.ts), so that the page makes and reads them a
 * part at a time. The page's bridge (src/engine/) makes the parts of what it sends beforehand and reads those it
 * receives afterwards, in slices of time of whole parts; the worker (worker/index.ts) does both in one go. Both
 * sides register the handler through transfers.ts.
 */
import { type CardParts, carriesManyCards, partBuffers, partsNow } from './card-parts';

/**
 * A large card value on its way across, as parts: what the page's bridge sends (made in tasks beforehand) and what
 * either side receives, read there (src/engine/, worker/index.ts) rather than inside the message handler, where the
 * page could not pause between parts.
 */
export class PartedValue {
  constructor(readonly parts: CardParts) {}
}

/** The Comlink transfer handler, registered under `COLLECTION_TRANSFER`. */
export const COLLECTION_TRANSFER = 'sleeve-cards-json';
export const collectionTransferHandler = {
  canHandle: ((value: unknown) => value instanceof PartedValue || carriesManyCards(value)) as (
    value: unknown,
  ) => value is unknown,
  // A large value not parted beforehand (the worker's results) is parted here, in one go.
  serialize(value: unknown): [CardParts, Transferable[]] {
    const parts = value instanceof PartedValue ? value.parts : (partsNow.make(value) as CardParts);
    return [parts, partBuffers(parts)];
  },
  deserialize(parts: unknown): PartedValue {
    return new PartedValue(parts as CardParts);
  },
};

/** The worker's side: the API with every argument that came as parts read back before the call. */
export function readingParts<Api extends object>(api: Api): Api {
  const read = (value: unknown) => (value instanceof PartedValue ? partsNow.read(value.parts) : value);
  const members = Object.entries(api).map(([name, member]) => [
    name,
    typeof member === 'function' ? (...values: unknown[]) => member(...values.map(read)) : member,
  ]);
  return Object.fromEntries(members) as Api;
}
