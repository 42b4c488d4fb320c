/**
 * The cards on screen, and the stored collection they come from, changed together (their details follow each open). Every change takes a ticket, so
 * an older reading (opening is slow) never replaces a newer change on screen.
 */
import { ref } from 'valtio';
import type { CardCollection, OpenedCards, PlainCard } from '../domain/card';
import { byModifiedDesc } from '../domain/search';
import { hideDetails, refreshStoredDetails } from './details';
import { cardsState, claimScreen, session, setStoredCollection, takeTicket } from './store';

/**
 * The stored collection and what opening it gave, shown; `false` (and nothing shown) when cards read after
 * `ticket` are already on screen: opening is slow, and an older open must not undo a newer change.
 */
export function showOpened(collection: CardCollection, opened: OpenedCards, ticket = takeTicket()): boolean {
  if (!claimScreen(ticket)) return false;
  setStoredCollection(collection);
  // Opened in the worker or in slices (view.ts), the cards come newest first, and this sort only walks them once.
  cardsState.cards = ref([...opened.cards].sort(byModifiedDesc));
  cardsState.unreadable = ref(opened.unreadable);
  cardsState.kept = ref(cardsState.kept.filter((id) => opened.unreadable.some((card) => card.id === id)));
  // Cards a device sealed under a key the account has since replaced: shown, and sealed again under the current one.
  const underRetiredKey = opened.underRetiredKey ?? [];
  if (underRetiredKey.length > 0 && collection.type === 'ENCRYPTED') session()?.sealAgain(collection, underRetiredKey);
  refreshStoredDetails();
  return true;
}

/** A change made here, stored: it is on screen from now, whatever was read before it. */
function showChange(collection: CardCollection): void {
  claimScreen(takeTicket());
  setStoredCollection(collection);
}

/** One card changed on screen, the rest as they were (no need to open the whole collection again). */
export function showCard(collection: CardCollection, card: PlainCard): void {
  showChange(collection);
  cardsState.cards = ref([card, ...cardsState.cards.filter((other) => other.id !== card.id)].sort(byModifiedDesc));
}

/** Many cards added to the screen at once (an import), the rest as they were. */
export function showCards(collection: CardCollection, cards: readonly PlainCard[]): void {
  showChange(collection);
  const shown = cardsState.cards;
  // Into an empty wallet (the first import), nothing shown can be replaced: no set of thousands of ids to make.
  const added = shown.length === 0 ? null : new Set(cards.map((card) => card.id));
  const rest = added ? shown.filter((card) => !added.has(card.id)) : [];
  cardsState.cards = ref([...cards, ...rest].sort(byModifiedDesc));
}

/** Cards gone from the stored collection, and from the screen. */
export function showWithout(collection: CardCollection, ids: readonly string[]): void {
  showChange(collection);
  const gone = new Set(ids);
  cardsState.cards = ref(cardsState.cards.filter((card) => !gone.has(card.id)));
  cardsState.unreadable = ref(cardsState.unreadable.filter((card) => !gone.has(card.id)));
}

/** The person chose to keep a card that could not be opened: it stays stored and is no longer counted on Home. */
export function keepUnreadable(id: string): void {
  if (!cardsState.kept.includes(id)) cardsState.kept = ref([...cardsState.kept, id]);
}

/** Forgets every card on screen (locking, leaving); storage is not touched. */
export function hideCards(): void {
  hideDetails();
  cardsState.cards = ref([]);
  cardsState.unreadable = ref([]);
  cardsState.kept = ref([]);
}
