/**
 * The stored cards read with their text parsed and checked elsewhere (the worker), for a value another tab wrote:
 * this tab takes it in whole, and for 10,000 plain cards at 4× CPU throttling the page's parse and check took
 * 100–120 ms in one task. What `loadCards` decides stays the same: the same reasons, the same blocked key, the same
 * text remembered.
 */
import type { CardCollection } from '../domain/card';
import type { Local } from '../domain/merge-decision';
import type { StoredCardsRead } from '../domain/stored-shapes';
import { knownCollection, rememberText } from './cards-text';
import { type Loaded, loadCards, markUnreadable, STORAGE_KEYS } from './local-storage';

/**
 * Below this much text the page reads it itself: a few milliseconds even at 4× CPU throttling (about 250 cards),
 * less than a round trip to the worker, which a wallet without a PIN may not even have started.
 */
export const READ_ELSEWHERE_MIN_CHARS = 65_536;

/**
 * `loadCards`, with a large text parsed and checked by `read`; a `read` that fails leaves it to the page. What it
 * resolves with is what is stored as it resolves, so keys read right after it are of the same moment: a text stored
 * anew while it was read (this tab's own write, known without a parse, or another tab's, whose event follows) is
 * read by the page instead.
 */
export async function loadCardsWith(
  read: (text: string) => Promise<StoredCardsRead>,
): Promise<Loaded<Local<CardCollection>>> {
  const raw = localStorage.getItem(STORAGE_KEYS.cards);
  if (raw === null || raw.length < READ_ELSEWHERE_MIN_CHARS || knownCollection(raw)) return loadCards();
  let answer: StoredCardsRead;
  try {
    answer = await read(raw);
  } catch {
    return loadCards();
  }
  if (localStorage.getItem(STORAGE_KEYS.cards) !== raw) return loadCards();
  if (!answer.ok) {
    markUnreadable('cards');
    return answer;
  }
  rememberText(raw, answer.collection);
  return { ok: true, value: answer.collection as Local<CardCollection> };
}
