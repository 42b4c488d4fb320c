/**
 * The one path from a stored collection to the cards on screen. Plain cards are sorted out and shown at once (no
 * key, no worker); encrypted ones are opened card by card in the worker. Either way a card that cannot be opened is
 * listed, never a reason to show nothing.
 */
import type { CardCollection } from '../domain/card';
import { openPlainInSlices } from '../domain/stored-cards';
import { getEngine } from '../engine';
import { showOpened } from './shown-cards';
import { setStoredCollection, storedCollection, takeTicket } from './store';

/** What opening `collection` gives; encrypted collections need the key held in the worker. */
export async function openStored(collection: CardCollection) {
  // A plain collection needs no crypto, so it is shown without waiting for the worker's script to load and start.
  if (collection.type === 'UNENCRYPTED') return openPlainInSlices(collection);
  // The worker checks every entry's shape as it opens them and lists what is damaged: sorting them out here too
  // would only add main-thread work (tens of milliseconds for 10,000 cards on a slow phone).
  return getEngine().openCollection(collection);
}

export async function openAndShow(collection: CardCollection): Promise<void> {
  const ticket = takeTicket();
  let opened: Awaited<ReturnType<typeof openStored>>;
  try {
    opened = await openStored(collection);
  } catch (error) {
    // Not opened (the key went meanwhile), but it is what storage holds: the next unlock opens this, not an older one.
    setStoredCollection(collection);
    throw error;
  }
  // A change read after this one is on screen already (this tab's own save, say): open what is stored now instead.
  if (!showOpened(collection, opened, ticket)) await openAndShow(storedCollection());
}
