/** What the server holds under `{uid}/cards`, checked entry by entry: good cards are used, the rest are reported. */
import type { EncryptedCard, EncryptedCollection } from './card';
import type { Deletions } from './deletions';
import type { FromServer } from './merge-decision';
import type { ServerDetails } from './synced-details';

/** A server entry under {uid}/cards that is not a well-formed encrypted card: kept on the server, reported to the person. */
export interface MalformedEntry {
  key: string;
  reason: string;
}

export interface ServerCards {
  collection: EncryptedCollection;
  malformed: MalformedEntry[];
}

/**
 * What the account holds, as a subscription hears it: its cards, the entries that are not, its deletion records and
 * its cards' details records.
 */
export interface HeardCards extends ServerCards {
  collection: FromServer<EncryptedCollection>;
  deletions: FromServer<Deletions>;
  details: ServerDetails;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function asEncryptedCard(value: unknown): EncryptedCard | undefined {
  if (!isObject(value) || !isObject(value.data)) return undefined;
  const { id, modifiedAt, data } = value;
  const { cipherText, iv } = data;
  if (typeof id !== 'string' || id === '' || typeof modifiedAt !== 'number' || !Number.isFinite(modifiedAt)) {
    return undefined;
  }
  if (typeof cipherText !== 'string' || typeof iv !== 'string' || Object.keys(data).length !== 2) return undefined;
  return { id, data: { cipherText, iv }, modifiedAt };
}

/**
 * Takes the entries of `{uid}/cards` one at a time, so a large account can be read a slice at a time; `result` gives
 * the well-formed cards and the entries that are not. The map of cards is built with `Object.fromEntries`, so every
 * key is its own property: assigning a card stored under "__proto__" would set the map's prototype instead.
 */
export function serverCardsCollector() {
  const cards: [string, EncryptedCard][] = [];
  const malformed: MalformedEntry[] = [];
  return {
    add(key: string, entry: unknown): void {
      const card = asEncryptedCard(entry);
      if (card && card.id === key) cards.push([key, card]);
      else malformed.push({ key, reason: 'it is not an encrypted card' });
    },
    result: (): ServerCards => ({ collection: { type: 'ENCRYPTED', cards: Object.fromEntries(cards) }, malformed }),
  };
}

/** The well-formed cards and the entries that are not, of `{uid}/cards` read whole. */
export function parseServerCards(value: unknown): ServerCards {
  if (value === null || value === undefined) return { collection: { type: 'ENCRYPTED', cards: {} }, malformed: [] };
  if (!isObject(value))
    return { collection: { type: 'ENCRYPTED', cards: {} }, malformed: [{ key: '', reason: 'not a map of cards' }] };
  const collector = serverCardsCollector();
  for (const [key, entry] of Object.entries(value)) collector.add(key, entry);
  return collector.result();
}
