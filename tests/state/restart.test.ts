/**
 * Starting again while an open is still in the worker. A sync session disposed by a restart (another tab's change,
 * a sign-out, a fresh page in these tests) may have cards in the worker; when they come back they belong to what was
 * forgotten. They must neither show on the lock screen nor keep the next unlock's cards off the screen. Real worker,
 * real storage: the open is taken in its two halves (its ticket when the cards are read, the show when they return)
 * so that the restart lands between them every time.
 */
import { beforeEach, expect, it } from 'vitest';
import type { EncryptedCollection, PlainCard } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { cardsState } from '../../src/state/cards';
import { appState, startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPin } from '../../src/state/secrets';
import { showOpened } from '../../src/state/shown-cards';
import { resetDevice, storedCollection, takeTicket } from '../../src/state/store';
import { seedPlainCards } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';
let cards: PlainCard[];

const shownIds = () => cardsState.cards.map((card) => card.id).sort();

beforeEach(async () => {
  await getEngine().lock();
  cards = makeCards(29, 3);
  seedPlainCards(cards);
  await startApp();
  await createPin(PIN);
});

/** An open of some of the wallet's cards (as an older server answer would be), read now and answered by `show`. */
async function openStarted() {
  const stored = storedCollection() as EncryptedCollection;
  const [first] = Object.keys(stored.cards);
  const older: EncryptedCollection = { type: 'ENCRYPTED', cards: { [String(first)]: stored.cards[String(first)]! } };
  const ticket = takeTicket();
  const opened = await getEngine().openCollection(older);
  expect(opened.cards).toHaveLength(1);
  return { show: () => showOpened(older, opened, ticket) };
}

it('an open answered after the app starts again shows nothing on the lock screen; the unlock shows every card', async () => {
  const open = await openStarted();
  await startApp();
  expect(appState.locked).toBe(true);
  expect(open.show()).toBe(false);
  expect(cardsState.cards).toEqual([]);
  await unlockWithPin(PIN);
  expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
});

it('an open answered after the device is reset as a fresh page does not keep the unlocked cards off the screen', async () => {
  const open = await openStarted();
  await resetDevice();
  await startApp();
  expect(open.show()).toBe(false);
  expect(cardsState.cards).toEqual([]);
  await unlockWithPin(PIN);
  expect(appState.locked).toBe(false);
  expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
});
