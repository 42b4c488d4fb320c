/**
 * The stored cards' text, both ways, so that a change to a large wallet is no long task on a slow phone. With 10,000
 * cards, `JSON.stringify` of the collection and `JSON.parse` of its text each take ~100 ms at 4× CPU throttling, and
 * every change made both (every write reads every key afresh, inside the lock).
 *
 * - Written: the very text `JSON.stringify` makes of a collection, a slice of cards at a time, each slice a task of
 *   its own. Each card's text is kept beside the card object, so a change makes the text of the cards it touched
 *   and joins the rest.
 * - Read: the text this tab last read or wrote, with the collection it holds; the same text read again is that
 *   collection, not parsed and checked again.
 *
 * Both hold because a stored value is never changed in place (a change builds a new collection, and new cards for
 * those it changes: src/domain/card.ts, stored-cards.ts) and cards are plain JSON data, so a collection written is
 * the one its text reads as.
 */
import type { CardCollection } from '../domain/card';
import { nextTask } from '../domain/next-task';

/** Cards whose text is made in one task: 1,000 new ones take ~10 ms at 4× CPU throttling. */
export const CARDS_PER_TEXT_SLICE = 1_000;

/** Each card's member of the record (`"id":{…}`), with the key it was made under. */
const cardMembers = new WeakMap<object, { key: string; text: string }>();

/** A member's text, as `JSON.stringify` writes it inside an object; undefined when it leaves the member out. */
function memberText(key: string, value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : `${JSON.stringify(key)}:${text}`;
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
  for (let start = 0; start < keys.length; start += CARDS_PER_TEXT_SLICE) {
    if (start > 0) await nextTask();
    for (const key of keys.slice(start, start + CARDS_PER_TEXT_SLICE)) {
      const text = cardMember(key, cards[key]);
      if (text !== undefined) members.push(text);
    }
  }
  return `{${members.join(',')}}`;
}

/** `JSON.stringify(collection)`, made in tasks of a slice of cards each. */
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
