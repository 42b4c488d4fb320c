/** /home: every card, newest first or expiring first, with search (SPEC.md §2). */
import type { ReactNode } from 'react';
import { memo, startTransition, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Page } from '../../app/Page';
import { CardPreview } from '../../components/CardPreview';
import { LockNowButton } from '../../components/LockNowButton';
import { Spinner } from '../../components/Spinner';
import { WindowedList } from '../../components/WindowedList';
import type { PlainCard } from '../../domain/card';
import { byExpiry } from '../../domain/card-checks';
import { cardsState } from '../../state/cards';
import { preferencesState } from '../../state/preferences';
import { appState, detailsState, screenState } from '../../state/store';
import { CardNotices } from './CardNotices';
import { cardName } from './card-name';
import { EmptyHome } from './EmptyHome';
import { toggleExpiringFirst } from './list-order';
import { type DetailsByCard, searchIndex, searchIndexOf } from './search-index';
import { useSearchedList, useSearchIndex } from './use-search-index';

/** A list row: the card (12rem at the root font size) and the gap below it. */
export const CARD_ROW_HEIGHT = 208;
const CARD_HEIGHT = 192;
/**
 * Above the list at the least: the header, the title and the search box, 158 px at the default text size (the list
 * itself starts at 222, below the sort button). Home's first frame then renders only the rows that can show.
 */
export const LIST_TOP_AT_LEAST = 158;

export function CardListScreen() {
  const { user, pinCreated, passwordCreated } = useSnapshot(appState);
  const { cards, merging } = useSnapshot(cardsState);
  // Held by reference (src/state/store.ts): a new object on every change of any card's details, never mutated.
  const { byCard } = useSnapshot(detailsState);
  const { maskCardNumber } = useSnapshot(preferencesState).userInterface;
  const { expiringFirst } = useSnapshot(screenState);
  // The button shows the choice in the tap's own render and the list takes its order a render behind, as a
  // transition: with 10,000 cards, ordering them and rendering every row in view anew in the tap's task was a task
  // of 50 ms or more on a slow phone in some taps.
  const listExpiringFirst = useDeferredValue(expiringFirst);
  // `cards` is replaced, never mutated, on every change, so its identity is a sound memo key.
  const ordered = useMemo(
    () => (listExpiringFirst ? byExpiry(cards as PlainCard[]) : (cards as PlainCard[])),
    [cards, listExpiringFirst],
  );

  return (
    <Page
      title={user ? `Hey, ${user.name}` : 'Home'}
      name="Home"
      actions={(pinCreated || passwordCreated) && <LockNowButton className="header-action" />}
    >
      <SearchableCards cards={cards as PlainCard[]} ordered={ordered} byCard={byCard} masked={maskCardNumber}>
        {cards.length > 1 && (
          <div className="list-tools">
            <button
              type="button"
              className="button toggle-button"
              aria-pressed={expiringFirst}
              onClick={toggleExpiringFirst}
            >
              Expiring first
            </button>
          </div>
        )}
        <CardNotices />
        {merging && <Spinner label="Loading cards" />}
        {cards.length === 0 && !merging && <EmptyHome />}
      </SearchableCards>
    </Page>
  );
}

interface SearchableCardsProps {
  /** Newest first, the search index's order. */
  cards: readonly PlainCard[];
  /** In the order chosen (newest or expiring first). */
  ordered: readonly PlainCard[];
  byCard: DetailsByCard;
  masked: boolean;
  /** What shows between the search and the list; made by the screen, so a keystroke leaves it as it is. */
  children: ReactNode;
}

/**
 * The search box, its summary and the list. The query is this part's own state, so a keystroke re-renders only
 * it, not the screen's header and notices (nor reads the stores again).
 */
function SearchableCards({ cards, ordered, byCard, masked, children }: SearchableCardsProps) {
  // What the box holds, and what the list is filtered by: the same text, except for a moment after the search is
  // emptied (below).
  const [query, setQuery] = useState('');
  const [listQuery, setListQuery] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  const searching = query.trim() !== '';
  const listSearching = listQuery.trim() !== '';
  // The list as the search finds it: while a list changed mid-search has its index built, the one before it.
  const list = useSearchedList({ cards, ordered, details: byCard }, listSearching);
  // Filtered in the keystroke's own render: over precomputed lower-case text this takes ~1 ms for 10,000 cards, so
  // deferring it (useDeferredValue) would only cost a second render and, often, a second frame before the list shows.
  // The index is the newest-first list's; in the other order the matches are picked out of the ordered list.
  const shown = useMemo(() => {
    if (!listSearching) return list.ordered;
    const found = searchIndex(searchIndexOf(list.cards, list.details), listQuery);
    if (list.ordered === list.cards) return found;
    const matched = new Set(found);
    return list.ordered.filter((card) => matched.has(card));
  }, [list.cards, list.details, list.ordered, listQuery, listSearching]);

  const index = useSearchIndex(cards, byCard);
  // The box's latest text, for a list that follows it once the index is whole.
  const latest = useRef('');
  // A search emptied brings back every row in view at once, each with a new card: the box and its summary change in
  // the keystroke's task and the whole list follows as a transition, so that one task is not all of it (on a slow
  // phone, more than 50 ms). A key typed meanwhile still filters at once: React applies the two in order.
  const search = (next: string) => {
    latest.current = next;
    setQuery(next);
    if (next.trim() === '') startTransition(() => setListQuery(next));
    // Typed before the index is whole (a search begun as Home shows): the list follows once it is, built a slice at
    // a time, rather than in this key's task (use-search-index.ts). Its summary shows with it.
    else index.whenWhole(() => setListQuery(latest.current));
  };
  const clear = () => {
    search('');
    searchBox.current?.focus();
  };

  return (
    <>
      <div className="search">
        <input
          ref={searchBox}
          type="search"
          className="field-input search-input"
          placeholder="Enter card number, bank or network"
          aria-label="Search cards"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => search(event.target.value)}
          onFocus={index.hurry}
        />
        {searching && listSearching && (
          <p className="search-summary">
            <span aria-live="polite">
              Showing {shown.length} out of {list.cards.length} card(s)
            </span>
            <button type="button" className="link-button" onClick={clear}>
              Clear
            </button>
          </p>
        )}
      </div>
      {children}
      {cards.length > 0 && searching && shown.length === 0 && <p className="empty-state">No cards match your search</p>}
      <WindowedList
        items={shown}
        rowHeight={CARD_ROW_HEIGHT}
        topAtLeast={LIST_TOP_AT_LEAST}
        label="Cards"
        getKey={(card) => card.id}
        renderItem={(card) => <CardRow card={card} masked={masked} />}
      />
    </>
  );
}

/**
 * One row: the card's picture, and over it a link named for what the picture shows ('HDFC Visa ending 1111, Ada
 * Lovelace, expires 12/29'). The link holds no
 * text of its own, so its name is all a screen reader says and the picture (which would read out every digit) is
 * hidden from it; a link wrapping the picture would have a name that leaves out the text it shows. Memoised, so a
 * keystroke re-renders only the rows that change.
 */
const CardRow = memo(function CardRow({ card, masked }: { card: PlainCard; masked: boolean }) {
  return (
    <div className="card-row">
      <CardPreview data={card.data} masked={masked} height={CARD_HEIGHT} decorative />
      <Link href={`/cards/${card.id}`} className="card-link" aria-label={cardName(card, new Date())} />
    </div>
  );
});
