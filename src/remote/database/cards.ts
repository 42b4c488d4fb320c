/**
 * The realtime database, under the signed-in user's uid (SPEC.md §7): `{uid}/cards/{cardId}` holds encrypted
 * cards. Only ciphertext is ever written: every card is checked to be an encrypted card, and re-built in exactly the
 * wire shape, before it leaves.
 *
 * Writes of cards are multi-path updates of `{uid}`, so several cards (or a save and a deletion) land at once, and
 * leave in the order they are made. Beside the cards, Sleeve writes one thing more: a deletion is dated at
 * `{uid}/deleted/{cardId}` in the same update that removes the card (src/domain/deletions.ts), which the rules hold
 * every later write of that id to. The seed's clients neither write nor need these records.
 *
 * Reads use a one-time listener (`onValue(…, {onlyOnce: true})`), which every server answers. Writes that get no
 * answer (offline) fail after a while instead of leaving the person waiting forever.
 */
import { ref, update } from 'firebase/database';
import type { EncryptedCard, EncryptedCollection } from '../../domain/card';
import { serverAccepts } from '../../domain/card-dates';
import type { EncryptedDetails } from '../../domain/card-details';
import { type Deletions, parseDeletions } from '../../domain/deletions';
import { SleeveError } from '../../domain/errors';
import { asFromServer, type FromServer } from '../../domain/merge-decision';
import { type Deletion, isDeletion, type OutboxEntry } from '../../domain/outbox';
import { parseServerCards } from '../../domain/server-shapes';
import { wireDetails } from '../../domain/synced-details';
import { DatabaseMessages, wireCards } from '../wire';
import { answered, readOnce } from './answers';
import { database, serverNow } from './connection';

const cardsPath = (uid: string) => `${uid}/cards`;
const deletionsPath = (uid: string) => `${uid}/deleted`;

/** The user's well-formed cards; entries that are not are left on the server (and reported by the subscription). */
export async function readCards(uid: string): Promise<FromServer<EncryptedCollection>> {
  const value = await readOnce(ref(database, cardsPath(uid)), DatabaseMessages.readCardsFailed);
  return asFromServer(parseServerCards(value).collection);
}

/** The user's deletion records (a malformed one is left out), read for the sign-in's merge. */
export async function readDeletions(uid: string): Promise<FromServer<Deletions>> {
  return asFromServer(
    parseDeletions(await readOnce(ref(database, deletionsPath(uid)), DatabaseMessages.readCardsFailed)),
  );
}

/**
 * Sets `cards` and their `details`, and removes the cards of `deletions` with their details, each dated at
 * `{uid}/deleted/{id}` when the server accepts its date, in one write of `{uid}`, which the server takes or refuses
 * whole (a deletion older than the card there, a card not newer than its id's deletion, details older than theirs).
 */
function writeCards(
  uid: string,
  cards: readonly EncryptedCard[],
  deletions: readonly Deletion[],
  details: readonly EncryptedDetails[] = [],
) {
  const paths: Record<string, EncryptedCard | EncryptedDetails | number | null> = {};
  for (const card of cards) paths[`cards/${card.id}`] = card;
  for (const record of details) paths[`details/${record.id}`] = record;
  for (const { id, modifiedAt } of deletions) {
    paths[`cards/${id}`] = null;
    paths[`details/${id}`] = null;
    // No record the rules take can follow a card dated further ahead than the server accepts: it goes without one.
    if (serverAccepts(modifiedAt, serverNow())) paths[`deleted/${id}`] = modifiedAt;
  }
  return update(ref(database, uid), paths);
}

/**
 * Adds or replaces cards, and details records of cards the account holds after the write, in one write (signing in
 * moves a device's cards and details up so). Only encrypted cards and records.
 */
export async function putCards(
  uid: string,
  values: readonly unknown[],
  details: readonly EncryptedDetails[] = [],
): Promise<void> {
  const cards = wireCards(values, DatabaseMessages.unencryptedCard);
  const records = wireDetails(
    details.map((record) => ({ id: record.id, details: record })),
    DatabaseMessages.unencryptedCard,
  );
  if (cards.length + records.length === 0) return;
  await answered(writeCards(uid, cards, [], records), DatabaseMessages.setCardFailed);
}

/**
 * The outbox's writes: several waiting changes (cards to set, deletions) in one multi-path update, which the server
 * applies whole or refuses whole. No time limit, because the SDK keeps a write queued while the connection is down
 * and sends it when it returns; it settles when the server answers and rejects when the server refuses (or the SDK
 * fails before sending: `refusedByServer` tells the two apart). A single change keeps the message of its kind.
 */
export async function sendChanges(uid: string, changes: readonly OutboxEntry[]): Promise<void> {
  const removed = changes.filter(isDeletion);
  const set = changes.filter((change) => !isDeletion(change));
  const cards = wireCards(set, DatabaseMessages.unencryptedCard);
  const details = wireDetails(set, DatabaseMessages.unencryptedCard);
  if (cards.length + removed.length === 0) return;
  await writeCards(uid, cards, removed, details).catch((cause: unknown) => {
    const message = cards.length === 0 ? DatabaseMessages.deleteCardFailed : DatabaseMessages.setCardFailed;
    throw new SleeveError(message, { cause });
  });
}

/**
 * Removes every card, every card's details and every deletion record of the user, in one write (deleting the account:
 * nothing of it may stay, and no device of it can write any more once the user is deleted).
 */
export async function removeAllCards(uid: string): Promise<void> {
  await answered(
    update(ref(database, uid), { cards: null, details: null, deleted: null }),
    DatabaseMessages.deleteCardFailed,
  );
}

/** Removes deletion records that have been kept long enough (src/domain/deletions.ts, `DELETIONS_KEPT_DAYS`). */
export async function pruneDeletions(uid: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const paths = Object.fromEntries(ids.map((id) => [id, null]));
  await answered(update(ref(database, deletionsPath(uid)), paths), DatabaseMessages.deleteCardFailed);
}

/** Whether anything at all is stored under `{uid}/cards`, cards or not. */
export async function holdsCards(uid: string): Promise<boolean> {
  const value = await readOnce(ref(database, cardsPath(uid)), DatabaseMessages.readCardsFailed);
  return value !== null && value !== undefined;
}
