/**
 * The stored cards' text, both ways, so that a change to a large wallet is no long task on a slow phone. With 10,000
 * cards, `JSON.stringify` of the collection and `JSON.parse` of its text each take ~100 ms at 4× CPU throttling, and
 * every change made both (every write reads every key afresh, inside the lock).
 *
 * - Written: the text `JSON.stringify` makes of a collection, a slice of cards at a time, each slice a task of its
 *   own, with every character beyond Latin-1 written as its `\uXXXX` escape (`latin1Json`: the same JSON value). Each
 *   card's text is kept beside the card object, so a change makes the text of the cards it touched and joins the
 *   rest.
 * - Read: the text this tab last read or wrote, with the collection it holds; the same text read again is that
 *   collection, not parsed and checked again.
 *
 * Both hold because a stored value is never changed in place (a change builds a new collection, and new cards for
 * those it changes: src/domain/card.ts, stored-cards.ts) and cards are plain JSON data, so a collection written is
 * the one its text reads as.
 */
import type { CardCollection } from '../domain/card';
import { inSlices } from '../domain/next-task';

/** Each card's member of the record (`"id":{…}`), with the key it was made under. */
const cardMembers = new WeakMap<object, { key: string; text: string }>();

/** Any character beyond Latin-1 (U+0100 on, each half of a pair outside the Basic Multilingual Plane included). */
const WIDE = /[\u0100-\uffff]/;
const WIDE_ALL = /[\u0100-\uffff]/g;
const escaped = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every character beyond Latin-1 written as its `\uXXXX` escape: the same JSON value, but a string of
 * one byte a character. A single 'ō' or '’' among a wallet's cards made the whole stored text two bytes a character,
 * and the browser took twice as long to store it: `localStorage.setItem` of 4.1 million characters at 4× CPU
 * throttling, 128–182 ms with such a character and 56–71 ms without. Such characters only ever stand inside JSON's
 * strings, where an escape means the same.
 */
export const latin1Json = (text: string): string => (WIDE.test(text) ? text.replace(WIDE_ALL, escaped) : text);

/** A member's text, as `JSON.stringify` writes it inside an object (`latin1Json`); undefined when it leaves the member out. */
function memberText(key: string, value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : latin1Json(`${JSON.stringify(key)}:${text}`);
}

function cardMember(key: string, card: unknown): string | undefined {
  if (typeof card !== 'object' || card === null) return memberText(key, card);
  const known = cardMembers.get(card);
  if (known?.key === key) return known.text;
  const text = memberText(key, card);
  if (text !== undefined) cardMembers.set(card, { key, text });
  return text;
}

async function cardsText(cards: Readonly<Record<string, unknown>>): Promise<string> {
  // Object.keys gives the order JSON.stringify writes: integer-like keys first, then the rest as they were added.
  const keys = Object.keys(cards);
  const members: string[] = [];
  // In timed slices: 1,000 new cards' texts took ~10 ms at 4× CPU throttling here, 40 ms at 8×.
  await inSlices(keys, (key) => {
    const text = cardMember(key, cards[key]);
    if (text !== undefined) members.push(text);
  });
  return `{${members.join(',')}}`;
}

/** `JSON.stringify(collection)` as `latin1Json` writes it, made in tasks of a slice of cards each. */
export async function collectionText(collection: CardCollection): Promise<string> {
  const members: string[] = [];
  for (const [key, value] of Object.entries(collection)) {
    const text =
      key === 'cards' && typeof value === 'object' && value !== null
        ? `${JSON.stringify(key)}:${await cardsText(value as Record<string, unknown>)}`
        : memberText(key, value);
    if (text !== undefined) members.push(text);
  }
  return `{${members.join(',')}}`;
}

let known: { raw: string; collection: CardCollection } | null = null;

/** The collection `raw` holds, when it is the text this tab last read or wrote. */
export const knownCollection = (raw: string): CardCollection | undefined =>
  raw === known?.raw ? known.collection : undefined;

/** `raw` was read and checked as `collection`, or written from it. */
export function rememberText(raw: string, collection: CardCollection): void {
  known = { raw, collection };
}
