/**
 * Opening is slow (the worker), so an open may come back after a change read later is on screen; it is then dropped,
 * and what is stored is opened again (src/state/view.ts). That second open is as old as what is on screen: an open
 * read after it, still in the worker, must still show. It did not: the second open took a new ticket, and with it
 * dropped the newer one (a tab signing in showed no cards while the server held some, its sync session's render
 * dropped behind the sign-in's open and another tab's change). Real worker, real storage: the newer open is taken in
 * its two halves (its ticket when the cards are read, the show when they return) so the older one answers between.
 */
import { beforeEach, expect, it } from 'vitest';
import type { EncryptedCollection } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { cardsState } from '../../src/state/cards';
import { startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { showOpened, showWithout } from '../../src/state/shown-cards';
import { storedCollection, takeTicket } from '../../src/state/store';
import { openAndShow } from '../../src/state/view';
import { seedPlainCards } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';

const shownIds = () => cardsState.cards.map((card) => card.id).sort();

beforeEach(async () => {
  await getEngine().lock();
  seedPlainCards(makeCards(47, 3));
  await startApp();
  await createPin(PIN);
});

it('shows an open read after a change made here, though an older open came back meanwhile', async () => {
  const stored = storedCollection() as EncryptedCollection;
  const ids = Object.keys(stored.cards).sort();
  const [first, second, third] = ids as [string, string, string];
  const only = (...kept: string[]): EncryptedCollection => ({
    type: 'ENCRYPTED',
    cards: Object.fromEntries(kept.map((id) => [id, stored.cards[id]!])),
  });
  // An older reading, of one card only, still in the worker.
  const older = openAndShow(only(first));
  // A deletion made here: on screen and stored at once.
  showWithout(only(first, second), [third]);
  // Read after it: the three cards again (the server's, say, as a sync session renders them).
  const newer = takeTicket();
  // The older open comes back: dropped, and what is stored (the deletion's two cards) opened again.
  await older;
  expect(shownIds()).toEqual([first, second].sort());
  const opened = await getEngine().openCollection(stored);
  expect(showOpened(stored, opened, newer)).toBe(true);
  expect(shownIds()).toEqual(ids);
  expect(storedCollection()).toBe(stored);
});
