/**
 * Home's search index as its search box uses it: built while the browser is idle once the list shows, and hurried
 * (a slice of time a task, not waiting for idle moments) once the person turns to the search. A key typed before the
 * index is whole is not filtered in its own task, which would build the rest in one go: a task of 157–218 ms for
 * 10,000 cards at 4× CPU throttling (`node bench/early-search.mjs`, a key typed as the first card shows). The box
 * takes the key at once, and the list and its summary follow once the index is whole.
 */
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
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
    // Once the list has changed meanwhile, `then` still runs: the search then filters the list shown
    // (`useSearchedList`).
    whenWhole: (then) => {
      if (hasSearchIndex(cards, details)) then();
      else finishSearchIndex(cards, details).then(then, reportError);
    },
  };
}

/** One state of Home's list: its cards newest first (the index's order), in the order shown, and their details. */
export interface CardList {
  cards: readonly PlainCard[];
  ordered: readonly PlainCard[];
  details: DetailsByCard;
}

/**
 * The list a search filters: `latest`, unless a search is under way and `latest`'s index is not whole. A list that
 * changes in the middle of a search (a sync, another tab's change) would otherwise have its index built in the render
 * that shows it: 55 ms for 10,000 cards at 4× CPU throttling, even when every card keeps its entry. Instead the
 * list shown before stays, with its matches, while the new index is built in slices, and the new list follows once
 * it is whole: a moment later, never a stutter. Without a search nothing is filtered, so `latest` shows at once.
 */
export function useSearchedList(latest: CardList, searching: boolean): CardList {
  const { cards, details } = latest;
  const shown = useRef(latest);
  const [, indexBuilt] = useReducer((count: number) => count + 1, 0);
  const waiting = searching && !hasSearchIndex(cards, details);
  const list = waiting ? shown.current : latest;
  // Kept after the commit, not in render: a render React throws away must not change what the next one shows.
  useLayoutEffect(() => {
    shown.current = list;
  });
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    finishSearchIndex(cards, details).then(() => {
      if (current) indexBuilt();
    }, reportError);
    return () => {
      current = false;
    };
  }, [waiting, cards, details]);
  return list;
}
