/**
 * The account's cards' details (`{uid}/details/{cardId}`, docs/formats.md, Card details) where they are read or
 * removed on their own: the sign-in's merge reads them, and records left behind by a card another client removed are
 * removed. Writing them goes with their cards, in the card writes of cards.ts.
 */
import { ref, update } from 'firebase/database';
import { parseServerDetails, type ServerDetails } from '../../domain/synced-details';
import { DatabaseMessages } from '../wire';
import { answered, readOnce } from './answers';
import { database } from './connection';

/** The account's details records as the server holds them now, read once (the sign-in's merge). */
export async function readDetails(uid: string): Promise<ServerDetails> {
  return parseServerDetails(await readOnce(ref(database, `${uid}/details`), DatabaseMessages.readCardsFailed));
}

/**
 * Removes details records the account keeps for cards it no longer holds (src/domain/synced-details.ts,
 * `orphanDetails`); the rules take a removal of details always.
 */
export async function removeDetails(uid: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const paths = Object.fromEntries(ids.map((id) => [`details/${id}`, null]));
  await answered(update(ref(database, uid), paths), DatabaseMessages.deleteCardFailed);
}
