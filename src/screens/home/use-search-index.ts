/**
 * Home's search index as its search box uses it: built while the browser is idle once the list shows, and hurried
 * (a slice of time a task, not waiting for idle moments) once the person turns to the search. A key typed before the
 * index is whole is not filtered in its own task, which would build the rest in one go: a task of 157–218 ms for
 * 10,000 cards at 4× CPU throttling (`node bench/early-search.mjs`, a key typed as the first card shows). The box
 * takes the key at once, and the list and its summary follow once the index is whole.
 */
import { useEffect } from 'react';
import type { PlainCard } from '../../domain/card';
import { reportError } from '../../state/report';
import { type DetailsByCard, finishSearchIndex, hasSearchIndex, prepareSearchIndex } from './search-index';

export interface SearchIndexHandle {
  /** Builds the rest of the index now, in slices (the search box focused), so the first key may find it whole. */
  hurry(): void;
  /** Calls `then` once the index is whole: at once if it is, else once the rest is built. */
  whenWhole(then: () => void): void;
}

export function useSearchIndex(cards: readonly PlainCard[], details: DetailsByCard): SearchIndexHandle {
  useEffect(() => prepareSearchIndex(cards, details), [cards, details]);
  return {
    hurry: () => {
      if (!hasSearchIndex(cards, details)) finishSearchIndex(cards, details).catch(reportError);
    },
    // Once the list has changed meanwhile, `then` still runs: the search then filters the list shown, whose index
    // is built in that render (its cards mostly keep their entries).
    whenWhole: (then) => {
      if (hasSearchIndex(cards, details)) then();
      else finishSearchIndex(cards, details).then(then, reportError);
    },
  };
}
