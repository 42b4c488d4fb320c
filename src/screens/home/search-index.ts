/**
 * The home search's precomputed lower-case text, built once per list of cards and their details (each is replaced,
 * never mutated, on every change, so the pair's identities are a sound key): a card is found by words in its notes
 * too.
 *
 * Building it for 10,000 cards takes tens of milliseconds on a slow laptop (55 ms at 4× throttling, even when every
 * card keeps its entry), so it is not built in the render that first shows the list: it is built when the browser is
 * idle after that, a slice of time at a time, and a search begun sooner builds the rest in slices of its own before
 * the list is filtered (use-search-index.ts). After a change (a card saved or deleted) the cards it did not touch
 * are the same objects, and keep their entries, so the index of the changed list is built at once by a search that
 * needs it.
 */
import type { PlainCard } from '../../domain/card';
import type { CardDetails } from '../../domain/card-details';
import { SLICE_MS, type SliceOptions, sliceClock } from '../../domain/next-task';
import {
  type CharacterColumns,
  columnsOf,
  matchingPositions,
  type SearchEntry,
  searchNeedle,
  toSearchEntry,
} from '../../domain/search';

export type DetailsByCard = Readonly<Record<string, CardDetails>>;

/**
 * Each pair's index, whole or still being built: the idle slices, a search's hurried slices and a search typed in
 * the meantime all add to the same entries, so none of them makes an entry another has made.
 */
const indexes = new WeakMap<readonly PlainCard[], WeakMap<DetailsByCard, SearchEntry[]>>();

/** Each card's last entry, kept while its notes are the ones it was made with. */
const entries = new WeakMap<PlainCard, SearchEntry>();

function entryOf(card: PlainCard, notes = ''): SearchEntry {
  const known = entries.get(card);
  if (known?.notes === notes) return known;
  const entry = toSearchEntry(card, notes);
  entries.set(card, entry);
  return entry;
}

/** Each index's character bits by position (`CharacterColumns`), and its cards in the same order. */
interface IndexColumns extends CharacterColumns {
  cards: readonly PlainCard[];
}

/** The columns of each index: filled as its entries are made, or, for one made elsewhere, on its first search. */
const indexColumns = new WeakMap<readonly SearchEntry[], IndexColumns>();

/** This pair's index as far as it is built, made empty the first time it is asked for. */
function indexFor(cards: readonly PlainCard[], details: DetailsByCard): SearchEntry[] {
  let byDetails = indexes.get(cards);
  if (!byDetails) {
    byDetails = new WeakMap();
    indexes.set(cards, byDetails);
  }
  let index = byDetails.get(details);
  if (!index) {
    index = [];
    byDetails.set(details, index);
    const size = cards.length;
    indexColumns.set(index, { letters: new Int32Array(size), numerals: new Int32Array(size), cards });
  }
  return index;
}

/** Whether a search over this pair finds its index whole, rather than builds the rest of it first. */
export const hasSearchIndex = (cards: readonly PlainCard[], details: DetailsByCard): boolean =>
  indexes.get(cards)?.get(details)?.length === cards.length;

/** Adds the entry of the next card of `cards` not yet in `index`; false once every card has one. */
function addNextEntry(cards: readonly PlainCard[], details: DetailsByCard, index: SearchEntry[]): boolean {
  const card = cards[index.length];
  if (!card) return false;
  const entry = entryOf(card, details[card.id]?.notes);
  const columns = indexColumns.get(index);
  if (columns) {
    columns.letters[index.length] = entry.letters;
    columns.numerals[index.length] = entry.numerals;
  }
  index.push(entry);
  return true;
}

/** This pair's whole index, the rest of it built now if it is not yet. */
export function searchIndexOf(cards: readonly PlainCard[], details: DetailsByCard): SearchEntry[] {
  const index = indexFor(cards, details);
  while (addNextEntry(cards, details, index));
  return index;
}

/** The builds `finishSearchIndex` has begun, by index: one per index, whoever asks. */
const finishing = new WeakMap<SearchEntry[], Promise<void>>();

/**
 * Builds the rest of this pair's index in slices of time, a task after each, rather than in the browser's idle
 * moments: for a search the person has begun. Resolves once the index is whole (at once if it is).
 */
export function finishSearchIndex(
  cards: readonly PlainCard[],
  details: DetailsByCard,
  { now }: Pick<SliceOptions, 'now'> = {},
): Promise<void> {
  const index = indexFor(cards, details);
  let build = finishing.get(index);
  if (!build) {
    build = (async () => {
      const slice = sliceClock(now);
      while (addNextEntry(cards, details, index)) if (slice.due()) await slice.next();
    })();
    finishing.set(index, build);
  }
  return build;
}

/** Each index's last search: its needle and the positions of its matches. */
const lastSearches = new WeakMap<readonly SearchEntry[], { needle: string; found: Int32Array }>();

/**
 * The cards of `index` that match `query`, in its order. A query that holds the last one (the next letter typed)
 * is looked for among the last one's matches alone, not among every card again.
 */
export function searchIndex(index: readonly SearchEntry[], query: string): PlainCard[] {
  let columns = indexColumns.get(index);
  if (!columns) {
    columns = { ...columnsOf(index), cards: index.map((entry) => entry.card) };
    indexColumns.set(index, columns);
  }
  const needle = searchNeedle(query);
  const last = lastSearches.get(index);
  const found = matchingPositions(index, columns, last && needle.includes(last.needle) ? last.found : null, query);
  lastSearches.set(index, { needle, found });
  const { cards } = columns;
  const shown: PlainCard[] = [];
  for (const position of found) shown.push(cards[position] as PlainCard);
  return shown;
}

/** How long to wait for an idle moment before building a slice anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Builds the index for `cards` when the browser is next idle, a slice at a time; returns a function that stops it.
 * A slice adds cards until it has run `SLICE_MS` or the idle moment is over, whichever comes first (and at least
 * one card): at 4× throttling a new entry takes about 12 µs (`node bench/index-slices.mjs`), so a slice holds about
 * 800 cards there and more on a fast device, and is never near a long task however slow the device is. A search
 * begun before it is done builds the rest itself (`finishSearchIndex`, or `searchIndexOf` at once), and the next
 * slice finds nothing left to build.
 */
export function prepareSearchIndex(
  cards: readonly PlainCard[],
  details: DetailsByCard,
  { now = () => performance.now() }: Pick<SliceOptions, 'now'> = {},
): () => void {
  const index = indexFor(cards, details);
  let cancel = () => {};
  const slice = (deadline?: IdleDeadline) => {
    // An idle callback run by its timeout has no idle time left, yet must build something.
    const budget = deadline && !deadline.didTimeout ? Math.min(SLICE_MS, deadline.timeRemaining()) : SLICE_MS;
    const start = now();
    while (addNextEntry(cards, details, index)) {
      if (index.length < cards.length && now() - start >= budget) {
        cancel = whenIdle(slice, 0);
        return;
      }
    }
  };
  cancel = whenIdle(slice, 200);
  return () => cancel();
}

/**
 * Calls `run` when the browser is next idle, with its deadline; returns a function that cancels it. Without idle
 * callbacks (Safari), in a task of its own after `fallbackMs`: the first slice waits for the list to be shown, the
 * rest follow at once.
 */
function whenIdle(run: (deadline?: IdleDeadline) => void, fallbackMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => run(), fallbackMs);
  return () => clearTimeout(timer);
}
