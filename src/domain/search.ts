/**
 * Home search (SPEC.md §2): trimmed, case-insensitive, over issuer, cardholder, number and network, and the card's
 * notes (its details, src/domain/card-details.ts) under the same rules.
 */
import type { PlainCard } from './card';

/**
 * A card's searchable text, built once per card rather than per keystroke. The number is kept without spaces so
 * a query typed in groups ('4111 1111') matches once its own spaces are removed. OTHER means "no network", so it
 * is never searchable.
 */
export interface SearchEntry {
  card: PlainCard;
  text: string;
  digits: string;
}

export function toSearchEntry(card: PlainCard, notes = ''): SearchEntry {
  const { issuer, cardholder, number, network } = card.data;
  const parts = [issuer, cardholder, number];
  if (network !== 'OTHER') parts.push(network);
  if (notes !== '') parts.push(notes);
  return { card, text: parts.join('\n').toLowerCase(), digits: number };
}

export function searchCards(entries: readonly SearchEntry[], query: string): PlainCard[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return entries.map((entry) => entry.card);
  const compact = needle.replace(/\s+/g, '');
  const numeric = /^\d+$/.test(compact);
  return entries
    .filter((entry) => entry.text.includes(needle) || (numeric && entry.digits.includes(compact)))
    .map((entry) => entry.card);
}

/** Newest first (SPEC.md §2). */
export const byModifiedDesc = (a: PlainCard, b: PlainCard): number => b.modifiedAt - a.modifiedAt;
