/**
 * A large card collection's text parsed a piece of its cards at a time, each piece in a task of its own. `JSON.parse`
 * of the 3.16 million characters 10,000 encrypted cards are stored as is one task whatever calls it: at 4× CPU
 * throttling, 84–134 ms of a locked wallet's start, behind the splash, before the PIN keypad could show.
 *
 * The text is split only where a card's member ends and the next card's begins (`},"` and an id whose value is an
 * object), and each piece is parsed as an object of its own: if every piece parses, the pieces joined are the whole
 * text's members, so the result is the whole text's value (see `parseCollectionInPieces`). Anything else, a layout
 * other than the one both Sleeve and the seed's clients write, or a piece that does not parse, gives `null`, and the
 * caller parses the text whole, as before, with its own messages for a text that cannot be read.
 */
import { nextTask } from './next-task';

const PREFIXES = {
  ENCRYPTED: '{"type":"ENCRYPTED","cards":{',
  UNENCRYPTED: '{"type":"UNENCRYPTED","cards":{',
} as const;

/** After a card's closing brace: the comma, then the next card's id (as DESIGN.md makes ids) and its object's brace. */
const NEXT_CARD = /\},"[A-Za-z0-9]{8}":\{/y;

/**
 * About how many characters a piece holds: `JSON.parse` of this many took under 10 ms at 4× CPU throttling here (a
 * fifth of a long task, as `SLICE_MS`), so 10,000 encrypted cards are 13 pieces.
 */
export const PIECE_CHARS = 262_144;

export interface ParsedCollection {
  type: keyof typeof PREFIXES;
  cards: Record<string, unknown>;
}

/**
 * Where the members of `text` between `from` and `to` split: the index of each closing brace that ends a piece. The
 * `},"` found is never inside a string: a `"` inside one is escaped, and this one is followed by an id rather than
 * by what may follow a string's closing quote. Which depth it is at is not known here: a split inside a card leaves
 * pieces whose braces do not balance, which do not parse.
 */
function splitPoints(text: string, from: number, to: number, pieceChars: number): number[] {
  const points: number[] = [];
  let at = from + pieceChars;
  while (at < to) {
    const found = text.indexOf('},"', at);
    if (found < 0 || found >= to) break;
    NEXT_CARD.lastIndex = found;
    if (NEXT_CARD.test(text)) {
      points.push(found);
      at = found + pieceChars;
    } else {
      at = found + 1;
    }
  }
  return points;
}

/**
 * `JSON.parse(text)` of a card collection's text, `{"type":…,"cards":{…}}` with nothing between its tokens, its
 * cards parsed a piece at a time with a new task after each; `null` when the text is not of that layout or a piece
 * does not parse. The same value as the whole parse, members in the same order: each piece's members are laid over
 * the pieces' before it, as the whole parse lays a repeated key's value over the first (in the first one's place).
 * A card keyed `__proto__`, which assignment would not make a member, gives `null`.
 */
export async function parseCollectionInPieces(
  text: string,
  pieceChars = PIECE_CHARS,
): Promise<ParsedCollection | null> {
  const type = (Object.keys(PREFIXES) as (keyof typeof PREFIXES)[]).find((name) => text.startsWith(PREFIXES[name]));
  if (type === undefined || !text.endsWith('}}')) return null;
  // The cards' members: between the prefix, which ends with their object's opening brace, and its closing one.
  const from = PREFIXES[type].length;
  const to = text.length - 2;
  if (to < from) return null;
  let cards: Record<string, unknown> | null = null;
  let start = from;
  for (const end of [...splitPoints(text, from, to, pieceChars).map((point) => point + 1), to]) {
    // Empty, a piece would parse where the whole, with two commas together, would not.
    if (end <= start && (start !== from || end !== to)) return null;
    let piece: Record<string, unknown>;
    try {
      piece = JSON.parse(`{${text.slice(start, end)}}`) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (cards === null) cards = piece;
    else {
      for (const key of Object.keys(piece)) {
        if (key === '__proto__') return null;
        cards[key] = piece[key];
      }
    }
    // Past the comma between two cards.
    start = end + 1;
    if (end < to) await nextTask();
  }
  return cards === null ? null : { type, cards };
}
