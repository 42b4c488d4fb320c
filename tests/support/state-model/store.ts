/** src/state/store.ts (what a tab holds and shows) and view.ts (from a stored collection to the cards on screen). */
import type { CardCollection, OpenedCards, PlainCard } from '../../../src/domain/card';
import { emptyPlainCollection } from '../../../src/domain/card';
import { byModifiedDesc } from '../../../src/domain/search';
import type { AuthRecords } from '../../../src/domain/secret';
import { emptyAuthRecords } from '../../../src/domain/secret';
import { openPlain } from '../../../src/domain/stored-cards';
import type { Flow } from './core';
import type { Tab } from './device';
import type { Session } from './sync-session';
import { storedSummary } from './tokens';
import { engine, openCollection } from './worker';
import type { World } from './world';

export function setRecords(tab: Tab, next: AuthRecords): void {
  tab.records = next;
}

export function hasSecret(tab: Tab): boolean {
  return tab.records.password !== null || tab.records.pin !== null;
}

/** store.ts `takeTicket`: each show takes a number when its cards are read. */
export function startShow(tab: Tab): number {
  tab.showsStarted += 1;
  return tab.showsStarted;
}

/** store.ts `claimScreen`: cards read before those on screen are not shown; read with them, they are. */
export function madeShow(tab: Tab, ticket: number): boolean {
  if (ticket < tab.showsMade) return false;
  tab.showsMade = ticket;
  return true;
}

export function showOpened(
  world: World,
  tab: Tab,
  collection: CardCollection,
  opened: OpenedCards,
  ticket = startShow(tab),
): boolean {
  if (!madeShow(tab, ticket)) {
    if (world.verbose) world.note(`${tab.name} drops an older show [${storedSummary(collection)}]`);
    return false;
  }
  tab.collection = collection;
  tab.shown = [...opened.cards].sort(byModifiedDesc);
  tab.unreadable = opened.unreadable;
  // shown-cards.ts: cards a device sealed under a key the account has since replaced are sealed again under this one.
  const underRetiredKey = opened.underRetiredKey ?? [];
  if (underRetiredKey.length > 0 && collection.type === 'ENCRYPTED')
    tab.session?.sealAgain(collection, underRetiredKey);
  return true;
}

/** store.ts `setStoredCollection`. */
export function setStored(tab: Tab, collection: CardCollection, ticket = startShow(tab)): void {
  if (madeShow(tab, ticket)) tab.collection = collection;
}

export function showCard(tab: Tab, collection: CardCollection, card: PlainCard): void {
  madeShow(tab, startShow(tab));
  tab.collection = collection;
  tab.shown = [card, ...tab.shown.filter((other) => other.id !== card.id)].sort(byModifiedDesc);
}

export function showWithout(tab: Tab, collection: CardCollection, ids: readonly string[]): void {
  madeShow(tab, startShow(tab));
  tab.collection = collection;
  const gone = new Set(ids);
  tab.shown = tab.shown.filter((card) => !gone.has(card.id));
  tab.unreadable = tab.unreadable.filter((card) => !gone.has(card.id));
}

export function hideCards(tab: Tab): void {
  tab.shown = [];
  tab.unreadable = [];
}

export function setSession(tab: Tab, next: Session | null): void {
  if (tab.session && tab.session !== next) tab.session.dispose();
  tab.session = next;
}

export function resetDevice(tab: Tab): void {
  setSession(tab, null);
  // store.ts `forgetStorageReading`: an open of the disposed session, answered later, is older than what shows now.
  madeShow(tab, startShow(tab));
  setRecords(tab, emptyAuthRecords());
  // store.ts `forgetStorageReading`: what the lock remembered goes with what was read.
  tab.cardsBeforeLock = null;
  tab.newerPassword = null;
  tab.passwordStale = false;
  tab.keyConflict = false;
  tab.collection = emptyPlainCollection();
  hideCards(tab);
  tab.phase = 'loading';
  tab.locked = false;
  tab.user = null;
}

/** view.ts `openAndShow`. */
export function* openAndShow(world: World, tab: Tab, first: CardCollection, firstTicket = startShow(tab)): Flow {
  let collection = first;
  let ticket = firstTicket;
  for (;;) {
    let opened: OpenedCards;
    if (collection.type === 'UNENCRYPTED') opened = openPlain(collection);
    else {
      try {
        opened = yield* engine(tab, () => openCollection(tab, collection));
      } catch (error) {
        // Not opened (the key went meanwhile), but it is what storage holds: the next unlock opens this one.
        setStored(tab, collection, ticket);
        throw error;
      }
    }
    if (showOpened(world, tab, collection, opened, ticket)) return;
    // Shown meanwhile: a newer collection, or one card changed on the list. Open what the tab holds now instead,
    // view.ts `showStoredAgain`: as old as the show that stored it. A new ticket ranked it above opens read since,
    // still in the worker, which it then dropped (a session's render of the server's cards, seed 2467154704).
    collection = tab.collection;
    ticket = tab.showsMade;
  }
}

/** view.ts `showStoredAgain`: what the tab holds now, opened again under the ticket of what shows. */
export function* showStoredAgain(world: World, tab: Tab): Flow {
  yield* openAndShow(world, tab, tab.collection, tab.showsMade);
}
