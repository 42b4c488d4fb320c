/**
 * Home search (SPEC.md §2): trimmed, case-insensitive, over issuer, cardholder, number and network, and the card's
 * notes (its details, src/domain/card-details.ts) under the same rules.
 */
import type { PlainCard } from './card';

/**
 * A card's searchable text, built once per card rather than per keystroke. The number is kept apart, without
 * spaces, so a query typed in groups ('4111 1111') matches once its own spaces are removed; it is not in `text` as
 * well, since only a query of digits can match it and those are looked for in `digits` (ten thousand cards' index is
 * smaller by their numbers). OTHER means "no network", so it is never searchable.
 */
export interface SearchEntry {
  card: PlainCard;
  /** The notes `text` was made with: a card's notes change without the card, and its entry with them. */
  notes: string;
  text: string;
  digits: string;
}

export function toSearchEntry(card: PlainCard, notes = ''): SearchEntry {
  const { issuer, cardholder, number, network } = card.data;
  const parts = [issuer, cardholder];
  if (network !== 'OTHER') parts.push(network);
  if (notes !== '') parts.push(notes);
  return { card, notes, text: parts.join('\n').toLowerCase(), digits: number };
}

/** The query as it is matched: trimmed and lower-case ('' matches every card). */
export const searchNeedle = (query: string): string => query.trim().toLowerCase();

/**
 * The entries that match `query`, in their order. Whatever matches a needle also matches any part of it, so the
 * matches for 'ada' may be looked for among those for 'ad' alone (src/screens/home/search-index.ts does).
 */
export function matchingEntries(entries: readonly SearchEntry[], query: string): SearchEntry[] {
  const needle = searchNeedle(query);
  if (needle === '') return entries.slice();
  const compact = needle.replace(/\s+/g, '');
  const numeric = /^\d+$/.test(compact);
  // One plain loop: this runs over every card on a keystroke, where a filter's callback per card shows.
  const found: SearchEntry[] = [];
  for (const entry of entries) {
    if (entry.text.includes(needle) || (numeric && entry.digits.includes(compact))) found.push(entry);
  }
  return found;
}

export function searchCards(entries: readonly SearchEntry[], query: string): PlainCard[] {
  return matchingEntries(entries, query).map((entry) => entry.card);
}

/** Newest first (SPEC.md §2). */
export const byModifiedDesc = (a: PlainCard, b: PlainCard): number => b.modifiedAt - a.modifiedAt;
