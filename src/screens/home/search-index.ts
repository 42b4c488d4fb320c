/**
 * The home search's precomputed lower-case text, built once per list of cards and their details (each is replaced,
 * never mutated, on every change, so the pair's identities are a sound key): a card is found by words in its notes
 * too.
 *
 * Building it for 10,000 cards takes tens of milliseconds on a slow laptop, so it is not built in the render that
 * first shows the list: it waits until the browser is idle after that, and a search typed sooner builds it then.
 * After a change (a card saved or deleted) the cards it did not touch are the same objects, and keep their entries.
 */
import type { PlainCard } from '../../domain/card';
import type { CardDetails } from '../../domain/card-details';
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

export function searchIndexOf(cards: readonly PlainCard[], details: DetailsByCard): SearchEntry[] {
  let byDetails = indexes.get(cards);
  if (!byDetails) {
    byDetails = new WeakMap();
    indexes.set(cards, byDetails);
  }
  let index = byDetails.get(details);
  if (!index) {
    index = cards.map((card) => entryOf(card, details[card.id]?.notes));
    byDetails.set(details, index);
  }
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

/** How long to wait for an idle moment before building anyway. */
const IDLE_TIMEOUT_MS = 1000;

/** Builds the index for `cards` when the browser is next idle; returns a function that cancels it. */
export function prepareSearchIndex(cards: readonly PlainCard[], details: DetailsByCard): () => void {
  const build = () => void searchIndexOf(cards, details);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(build, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  // Without idle callbacks (Safari): soon after the list is shown, in a task of its own.
  const timer = setTimeout(build, 200);
  return () => clearTimeout(timer);
}
