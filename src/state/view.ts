/**
 * The one path from a stored collection to the cards on screen. Plain cards are sorted out and shown at once (no
 * key, no worker); encrypted ones are opened card by card in the worker. Either way a card that cannot be opened is
 * listed, never a reason to show nothing.
 */
import type { CardCollection } from '../domain/card';
import { openPlainInSlices } from '../domain/stored-cards';
import { getEngine } from '../engine';
import { showOpened } from './shown-cards';
import { screenTicket, setStoredCollection, storedCollection, takeTicket } from './store';

/** What opening `collection` gives; encrypted collections need the key held in the worker. */
export async function openStored(collection: CardCollection) {
  // A plain collection needs no crypto, so it is shown without waiting for the worker's script to load and start.
  if (collection.type === 'UNENCRYPTED') return openPlainInSlices(collection);
  // The worker checks every entry's shape as it opens them and lists what is damaged: sorting them out here too
  // would only add main-thread work (tens of milliseconds for 10,000 cards on a slow phone).
  return getEngine().openCollection(collection);
}

export function openAndShow(collection: CardCollection): Promise<void> {
  return openAndShowAs(collection, takeTicket());
}

/**
 * What is stored now, opened again under the ticket of what is on screen (the show that stored it), so it ranks no
 * newer than that show. Under a new ticket it outranked opens read since and still in the worker: they were dropped
 * and opened the same older collection in turn (a tab signing in showed no cards while its session's render of the
 * server's held some).
 */
export function showStoredAgain(): Promise<void> {
  return openAndShowAs(storedCollection(), screenTicket());
}

async function openAndShowAs(collection: CardCollection, ticket: number): Promise<void> {
  let opened: Awaited<ReturnType<typeof openStored>>;
  try {
    opened = await openStored(collection);
  } catch (error) {
    // Not opened (the key went meanwhile), but it is what storage holds: the next unlock opens this, not an older one.
    setStoredCollection(collection);
    throw error;
  }
  // A change read after this one is on screen already (this tab's own save, say): open what is stored now instead.
  if (!showOpened(collection, opened, ticket)) await showStoredAgain();
}
