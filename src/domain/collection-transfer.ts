/**
 * How large card values cross the worker boundary: in parts (card-parts.ts), so that the page makes and reads them a
 * part at a time. The page's bridge (src/engine/) makes the parts of what it sends beforehand and reads those it
 * receives afterwards, in slices of time of whole parts; the worker (worker/index.ts) does both in one go. Both
 * sides register the handler through transfers.ts.
 */
import { type CardParts, carriesManyCards, partBuffers, partsInSlices, partsNow } from './card-parts';

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

/**
 * The page's side of a worker (a Comlink proxy): every call with large card values made in parts, those it sends made
 * into parts and those it gets back read from theirs, in slices of time, so a wallet of thousands of cards crosses
 * the boundary without a long task on the page.
 */
export function inParts<Remote extends object>(remote: Remote): Remote {
  return new Proxy(remote, {
    get(target, name, receiver) {
      const member: unknown = Reflect.get(target, name, receiver);
      // Comlink's own members (its symbols, and `then`, which awaiting a proxy looks for) stay as they are.
      if (typeof name !== 'string' || name === 'then' || typeof member !== 'function') return member;
      return async (...values: unknown[]) => {
        const sent: unknown[] = [];
        for (const value of values) {
          const parts = await partsInSlices.make(value);
          sent.push(parts ? new PartedValue(parts) : value);
        }
        const result: unknown = await member(...sent);
        return result instanceof PartedValue ? partsInSlices.read(result.parts) : result;
      };
    },
  });
}

/** A value a worker sent, as its receiver's callback gets it: read from its parts in slices of time, when parted. */
export const readInSlices = async (value: unknown): Promise<unknown> =>
  value instanceof PartedValue ? partsInSlices.read(value.parts) : value;
