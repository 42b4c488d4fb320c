/**
 * The stored cards read ahead of `loadCards` at a start, a piece of the text at a time: with 10,000 cards `JSON.parse`
 * of the whole text was one task of 84–134 ms at 4× CPU throttling, behind the splash, before a locked wallet's keypad
 * could show. Read on the page rather than in the worker (as another tab's change is: cards-read-elsewhere.ts): the
 * keypad waits for it, and a round trip to a worker that is only starting made the keypad show about 100 ms later.
 */
import { parseCollectionInPieces } from '../domain/collection-pieces';
import { nextTask } from '../domain/next-task';
import { checkCollection } from '../domain/stored-shapes';
import { knownCollection, rememberText } from './cards-text';
import { rawValue } from './local-storage';

/**
 * From how many characters the stored cards are read ahead: two pieces' worth (`PIECE_CHARS`,
 * src/domain/collection-pieces.ts), about 1,700 encrypted cards; below, `loadCards`' whole parse is as fast.
 */
export const READ_AHEAD_MIN_CHARS = 524_288;

/**
 * Parses the stored cards a piece a task (src/domain/collection-pieces.ts) and checks them in a task of their own:
 * `loadCards` then finds the text known and reads it at once, in the same task as the other keys. A text the pieces
 * cannot read, or whose cards are not cards, is left to `loadCards`, which says why.
 */
export async function readCardsAhead(): Promise<void> {
  const raw = rawValue('cards');
  if (raw === null || raw.length < READ_AHEAD_MIN_CHARS || knownCollection(raw)) return;
  const parsed = await parseCollectionInPieces(raw);
  if (parsed === null) return;
  await nextTask();
  const checked = checkCollection(parsed);
  if (checked.ok) rememberText(raw, checked.value);
}
