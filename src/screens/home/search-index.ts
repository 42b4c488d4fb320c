/**
 * The home search's precomputed lower-case text, built once per list of cards and their details (each is replaced,
 * never mutated, on every change, so the pair's identities are a sound key): a card is found by words in its notes
 * too.
 *
 * Building it for 10,000 cards takes tens of milliseconds on a slow laptop (55 ms at 4× throttling, even when every
 * card keeps its entry), so it is not built in the render that first shows the list: it is built when the browser is
 * idle after that, a slice of time at a time, and a search typed sooner builds the rest then. After a change (a card
 * saved or deleted) the cards it did not touch are the same objects, and keep their entries.
 */
import type { PlainCard } from '../../domain/card';
import type { CardDetails } from '../../domain/card-details';
import { SLICE_MS, type SliceOptions } from '../../domain/next-task';
import { matchingEntries, type SearchEntry, searchNeedle, toSearchEntry } from '../../domain/search';

export type DetailsByCard = Readonly<Record<string, CardDetails>>;

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

/** The index for this pair, when it has been built. */
const builtIndex = (cards: readonly PlainCard[], details: DetailsByCard): SearchEntry[] | undefined =>
  indexes.get(cards)?.get(details);

/** Whether a search over this pair finds its index ready, rather than builds it first. */
export const hasSearchIndex = (cards: readonly PlainCard[], details: DetailsByCard): boolean =>
  builtIndex(cards, details) !== undefined;

function keepIndex(cards: readonly PlainCard[], details: DetailsByCard, index: SearchEntry[]): void {
  let byDetails = indexes.get(cards);
  if (!byDetails) {
    byDetails = new WeakMap();
    indexes.set(cards, byDetails);
  }
  byDetails.set(details, index);
}

/** Adds the entry of the next card of `cards` not yet in `index`. */
function addNextEntry(cards: readonly PlainCard[], details: DetailsByCard, index: SearchEntry[]): void {
  const card = cards[index.length] as PlainCard;
  index.push(entryOf(card, details[card.id]?.notes));
}

export function searchIndexOf(cards: readonly PlainCard[], details: DetailsByCard): SearchEntry[] {
  const built = builtIndex(cards, details);
  if (built) return built;
  const index: SearchEntry[] = [];
  while (index.length < cards.length) addNextEntry(cards, details, index);
  keepIndex(cards, details, index);
  return index;
}

/** Each index's last search: its needle and matches. */
const lastSearches = new WeakMap<readonly SearchEntry[], { needle: string; found: SearchEntry[] }>();

/**
 * The cards of `index` that match `query`, in its order. A query that holds the last one (the next letter typed)
 * is looked for among the last one's matches alone, not among every card again.
 */
export function searchIndex(index: readonly SearchEntry[], query: string): PlainCard[] {
  const needle = searchNeedle(query);
  const last = lastSearches.get(index);
  const found = matchingEntries(last && needle.includes(last.needle) ? last.found : index, query);
  lastSearches.set(index, { needle, found });
  return found.map((entry) => entry.card);
}

/** How long to wait for an idle moment before building a slice anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Builds the index for `cards` when the browser is next idle, a slice at a time; returns a function that stops it.
 * A slice adds cards until it has run `SLICE_MS` or the idle moment is over, whichever comes first (and at least
 * one card): at 4× throttling a new entry takes about 12 µs (`node bench/index-slices.mjs`), so a slice holds about
 * 800 cards there and more on a fast device, and is never near a long task however slow the device is. A
 * search typed before it is done (`searchIndexOf`) builds the rest at once, and the slices then stop.
 */
export function prepareSearchIndex(
  cards: readonly PlainCard[],
  details: DetailsByCard,
  { now = () => performance.now() }: Pick<SliceOptions, 'now'> = {},
): () => void {
  const index: SearchEntry[] = [];
  let cancel = () => {};
  const slice = (deadline?: IdleDeadline) => {
    if (builtIndex(cards, details)) return;
    // An idle callback run by its timeout has no idle time left, yet must build something.
    const budget = deadline && !deadline.didTimeout ? Math.min(SLICE_MS, deadline.timeRemaining()) : SLICE_MS;
    const start = now();
    while (index.length < cards.length) {
      addNextEntry(cards, details, index);
      if (now() - start >= budget) break;
    }
    if (index.length < cards.length) cancel = whenIdle(slice, 0);
    else keepIndex(cards, details, index);
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
