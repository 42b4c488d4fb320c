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
 *
 * Beside the text, which of the letters a-z and digits 0-9 it holds, one bit each: a card without every letter and
 * digit of the query cannot match it, so most cards are passed over without a string search, and a query of one
 * letter or digit (the first key typed, which every card is searched for) is answered by the bits alone.
 */
export interface SearchEntry {
  card: PlainCard;
  /** The notes `text` was made with: a card's notes change without the card, and its entry with them. */
  notes: string;
  text: string;
  digits: string;
  /** Bit n: `text` holds the letter n after 'a' (a-z). */
  letters: number;
  /** Bit n: `text` holds the digit n; bit 10 + n: `digits` does. */
  numerals: number;
}

/** Which letters a-z and digits 0-9 a text holds, one bit each, as a `SearchEntry` keeps them. */
type CharacterBits = Pick<SearchEntry, 'letters' | 'numerals'>;

/** Adds the bits of the letters a-z and the digits 0-9 (from bit `digitShift` on) of `text` to `bits`. */
function addCharacters(bits: CharacterBits, text: string, digitShift: number): void {
  let { letters, numerals } = bits;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 97 && code <= 122) letters |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) numerals |= 1 << (code - 48 + digitShift);
  }
  bits.letters = letters;
  bits.numerals = numerals;
}

/** Where the card number's digits are in `numerals`. */
const NUMBER_DIGITS = 10;

export function toSearchEntry(card: PlainCard, notes = ''): SearchEntry {
  const { issuer, cardholder, number, network } = card.data;
  const parts = [issuer, cardholder];
  if (network !== 'OTHER') parts.push(network);
  if (notes !== '') parts.push(notes);
  const text = parts.join('\n').toLowerCase();
  // Made with every field it will hold, so each entry has the same shape from the start.
  const entry: SearchEntry = { card, notes, text, digits: number, letters: 0, numerals: 0 };
  addCharacters(entry, text, 0);
  addCharacters(entry, number, NUMBER_DIGITS);
  return entry;
}

/** The query as it is matched: trimmed and lower-case ('' matches every card). */
export const searchNeedle = (query: string): string => query.trim().toLowerCase();

/**
 * The character bits of an index's entries by position, each kind in one typed array: a keystroke reads 8 bytes a
 * card from two blocks of memory rather than one object a card from wherever the page made it, and looks at an
 * entry's text only when its bits could match.
 */
export interface CharacterColumns {
  letters: Int32Array;
  numerals: Int32Array;
}

/** Columns for `entries`, made from them (an index that kept none as it was built). */
export function columnsOf(entries: readonly SearchEntry[]): CharacterColumns {
  const letters = new Int32Array(entries.length);
  const numerals = new Int32Array(entries.length);
  entries.forEach((entry, position) => {
    letters[position] = entry.letters;
    numerals[position] = entry.numerals;
  });
  return { letters, numerals };
}

/**
 * The positions in `entries` of those that match `query`, in order: among `among` only, when given (the positions
 * of a search that `query` extends), else among all. Whatever matches a needle also matches any part of it, so the
 * matches for 'ada' may be looked for among those for 'ad' alone (src/screens/home/search-index.ts does).
 */
export function matchingPositions(
  entries: readonly SearchEntry[],
  { letters, numerals }: CharacterColumns,
  among: Int32Array | null,
  query: string,
): Int32Array {
  const count = among ? among.length : entries.length;
  const found = new Int32Array(count);
  const needle = searchNeedle(query);
  if (needle === '') {
    for (let at = 0; at < count; at++) found[at] = among ? (among[at] as number) : at;
    return found;
  }
  const compact = needle.replace(/\s+/g, '');
  const numeric = /^\d+$/.test(compact);
  const inText: CharacterBits = { letters: 0, numerals: 0 };
  addCharacters(inText, needle, 0);
  const inNumber: CharacterBits = { letters: 0, numerals: 0 };
  if (numeric) addCharacters(inNumber, compact, NUMBER_DIGITS);
  // What a card must hold to match: every letter and digit of the needle in its text, or (a needle of digits)
  // every digit in its number. Only a card that holds them is searched; for a needle of one letter or digit,
  // holding it is matching it.
  const single = /^[a-z0-9]$/.test(needle);
  // One plain loop: this runs over every card on a keystroke, where a filter's callback per card shows.
  let size = 0;
  for (let at = 0; at < count; at++) {
    const position = among ? (among[at] as number) : at;
    const cardLetters = letters[position] as number;
    const cardNumerals = numerals[position] as number;
    if (
      (cardLetters & inText.letters) === inText.letters &&
      (cardNumerals & inText.numerals) === inText.numerals &&
      (single || (entries[position] as SearchEntry).text.includes(needle))
    ) {
      found[size++] = position;
    } else if (
      numeric &&
      (cardNumerals & inNumber.numerals) === inNumber.numerals &&
      (single || (entries[position] as SearchEntry).digits.includes(compact))
    ) {
      found[size++] = position;
    }
  }
  return found.subarray(0, size);
}

export function searchCards(entries: readonly SearchEntry[], query: string): PlainCard[] {
  const found = matchingPositions(entries, columnsOf(entries), null, query);
  return Array.from(found, (position) => (entries[position] as SearchEntry).card);
}

/** Newest first (SPEC.md §2). */
export const byModifiedDesc = (a: PlainCard, b: PlainCard): number => b.modifiedAt - a.modifiedAt;
