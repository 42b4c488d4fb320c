/**
 * Signed in, card changes wait in an outbox on this device until the server has them: edits made offline survive a
 * reload or a browser restart, and a write that has not landed yet is shown as waiting, never as failed. Each entry
 * is the newest change of one card: the encrypted card to set, or a deletion with its time. Only ciphertext and ids.
 */
import type { EncryptedCard, EncryptedCollection } from './card';
import type { EncryptedDetails } from './card-details';
import { type Deletions, deletedAt, deletedSince, noDeletions } from './deletions';

/** A card deleted while its deletion had not reached the server yet. */
export interface Deletion {
  id: string;
  deleted: true;
  /** When it was deleted: a card edited on another device after this moment stays (newer wins). */
  modifiedAt: number;
}

/**
 * A card to set, with its details record when the change made them (src/domain/card-details.ts): both go in one
 * write, since the server takes a card's details only beside the card, and a card's change never lands without its
 * details' or the other way round. A change that leaves the details as they were carries none.
 */
export type CardChange = EncryptedCard & { details?: EncryptedDetails };

export type OutboxEntry = CardChange | Deletion;

export interface Outbox {
  /** Whose changes these are; an outbox never crosses from one account to another. */
  uid: string | null;
  cards: Record<string, OutboxEntry>;
}

export const emptyOutbox = (): Outbox => ({ uid: null, cards: {} });

export const isDeletion = (entry: OutboxEntry): entry is Deletion => (entry as Partial<Deletion>).deleted === true;

/** The card a change sets, without the details it carries: what a collection of cards holds. */
export const cardOf = (change: CardChange): EncryptedCard => {
  if (change.details === undefined) return change;
  const { id, data, modifiedAt } = change;
  return { id, data, modifiedAt };
};

/** The account's outbox, or an empty one for `uid` when the stored one belongs to nobody or someone else. */
export const outboxOf = (outbox: Outbox, uid: string): Outbox => (outbox.uid === uid ? outbox : { uid, cards: {} });

/** The outbox with one change recorded; a card's newest change replaces any earlier one. */
export function withEntry(outbox: Outbox, entry: OutboxEntry): Outbox {
  return { uid: outbox.uid, cards: { ...outbox.cards, [entry.id]: entry } };
}

/** The outbox without `entry`, if that exact change is still the one waiting (a newer change of the card stays). */
export function withoutEntry(outbox: Outbox, entry: OutboxEntry): Outbox {
  const waiting = Object.hasOwn(outbox.cards, entry.id) ? outbox.cards[entry.id] : undefined;
  if (!waiting || !sameEntry(waiting, entry)) return outbox;
  const cards = { ...outbox.cards };
  delete cards[entry.id];
  return { uid: outbox.uid, cards };
}

export function sameEntry(a: OutboxEntry, b: OutboxEntry): boolean {
  if (a.id !== b.id || a.modifiedAt !== b.modifiedAt) return false;
  if (isDeletion(a) || isDeletion(b)) return isDeletion(a) && isDeletion(b);
  return a.data.cipherText === b.data.cipherText && a.data.iv === b.data.iv;
}

/**
 * A new card as an import brings it (a card's change, or the card shown): a backup's card keeps its date, unless the
 * account deleted it at or after that date. Bringing it back is then the newer action, dated `now` (its date is not
 * part of the ciphertext, nor its details'), so it is shown and sent rather than lost to the deletion.
 */
export function broughtBack<T extends { id: string; modifiedAt: number; details?: EncryptedDetails }>(
  card: T,
  deletions: Deletions,
  now: number,
): T {
  if (!deletedSince(deletions, card.id, card.modifiedAt)) return card;
  return card.details
    ? { ...card, modifiedAt: now, details: { ...card.details, modifiedAt: now } }
    : { ...card, modifiedAt: now };
}

/**
 * What this device shows while signed in: the server's cards with the waiting changes laid over them. A waiting
 * change wins over the server's copy unless the server's is newer (another device changed the card later), and a
 * waiting edit does not show when the account deleted the card at or after it (`deletions`, the server's records).
 */
export function overlay(
  server: EncryptedCollection,
  outbox: Outbox,
  deletions: Deletions = noDeletions,
): EncryptedCollection {
  const entries = Object.values(outbox.cards);
  if (entries.length === 0) return server;
  // A Map, not an object: a card under "__proto__" would otherwise be read from and written to the prototype.
  const cards = new Map(Object.entries(server.cards));
  for (const entry of entries) {
    const there = cards.get(entry.id);
    if (there && there.modifiedAt > entry.modifiedAt) continue;
    if (isDeletion(entry)) cards.delete(entry.id);
    else if (!deletedSince(deletions, entry.id, entry.modifiedAt)) cards.set(entry.id, cardOf(entry));
  }
  return { type: 'ENCRYPTED', cards: Object.fromEntries(cards) };
}

/**
 * Whether a waiting change still has to be sent, given what the server holds: not when the server already has it,
 * nor when the server's copy is newer, nor when the account deleted the card at or after the change (the newer
 * action wins, deletions included; the server would refuse it).
 */
export function stillToSend(
  entry: OutboxEntry,
  server: EncryptedCollection,
  deletions: Deletions = noDeletions,
): boolean {
  const there = Object.hasOwn(server.cards, entry.id) ? server.cards[entry.id] : undefined;
  if (isDeletion(entry)) {
    if (there) return there.modifiedAt <= entry.modifiedAt;
    // No card here: the deletion still goes, to date it (a plain removal by another client left no record), unless
    // a deletion as new is recorded already. A write of the card may also still be on its way on another
    // connection (the other tab's), which the dated deletion then refuses or loses to.
    return !deletedSince(deletions, entry.id, entry.modifiedAt);
  }
  if (deletedSince(deletions, entry.id, entry.modifiedAt)) return false;
  if (!there) return true;
  if (there.modifiedAt > entry.modifiedAt) return false;
  return !sameEntry(there, entry);
}

/**
 * Whether the server holds something at least as new as `entry` that is not it: a newer copy of the card, or its
 * deletion at or after the change. A refusal of the change is then newer-wins doing its work.
 */
export function serverHoldsNewer(entry: OutboxEntry, server: EncryptedCollection, deletions: Deletions): boolean {
  const there = Object.hasOwn(server.cards, entry.id) ? server.cards[entry.id] : undefined;
  if (isDeletion(entry)) {
    // A deletion as new as one recorded is taken (the rules let it through), so only a newer one refuses it.
    const deleted = deletedAt(deletions, entry.id);
    return (there !== undefined && there.modifiedAt > entry.modifiedAt) || (deleted ?? -1) > entry.modifiedAt;
  }
  if (deletedSince(deletions, entry.id, entry.modifiedAt)) return true;
  return there !== undefined && there.modifiedAt >= entry.modifiedAt && !sameEntry(there, entry);
}
