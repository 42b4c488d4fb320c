/**
 * The lock's transitions: the only code that changes whether this tab is locked, or waits for a password changed
 * on another device. Locking drops the key in the worker and the cards on screen together; unlocking shows what the
 * key opened in the same step, so the list never shows cards while locked nor an empty list while open.
 */
import type { CardCollection, OpenedCards } from '../domain/card';
import type { SecretRecord } from '../domain/secret';
import { getEngine } from '../engine';
import { forgetCardPinVerification } from './card-pin';
import { forgetVerified } from './gate';
import { hideCards, showOpened } from './shown-cards';
import {
  appState,
  cardsState,
  hasSecret,
  newerPasswordRecord,
  setCardsBeforeLock,
  setNewerPasswordRecord,
  setStoredCollection,
} from './store';

/** The unlock screens take over; `collection`, what is stored now, waits unopened for the key. */
export function showLocked(collection?: CardCollection): void {
  hideCards();
  forgetCardPinVerification();
  if (collection) setStoredCollection(collection);
  appState.locked = true;
}

/**
 * Drops the key, the secret the gate holds and the cards on screen, and locks. With no secret left to unlock with
 * (the account left in another tab while the engine answered), the cards are plain and stay on screen: `false`.
 */
export async function lockDevice(collection?: CardCollection): Promise<boolean> {
  // What this key opened, remembered by id: a newer password record must open these too (newer-password.ts).
  if (!appState.locked) {
    setCardsBeforeLock({
      readable: cardsState.cards.map((card) => card.id),
      unreadable: cardsState.unreadable.map((card) => card.id),
    });
  }
  forgetVerified();
  forgetCardPinVerification();
  await getEngine().lock();
  if (!hasSecret()) return false;
  showLocked(collection);
  return true;
}

/** The key is held, or none is needed any more: `opened` (what `collection` opened to) shows, and the lock lifts. */
export function showUnlocked(opened?: { collection: CardCollection; cards: OpenedCards }): void {
  if (opened) showOpened(opened.collection, opened.cards);
  appState.locked = false;
}

/**
 * The server holds a newer password record than this device's: locked until the new password opens it here. The
 * PIN stays: anyone who can write the server can write a record, and one no password opens must not cost this
 * device its way in; it goes only once the new password has opened the new record (src/state/newer-password.ts).
 */
export async function markPasswordStale(record: SecretRecord): Promise<void> {
  setNewerPasswordRecord(record);
  const locked = await lockDevice();
  // While the key was dropped, the record may have been adopted or the account left (`clearPasswordStale`): then
  // nothing newer waits to be entered, and the screen must not ask for it.
  if (locked && newerPasswordRecord() === record) appState.passwordStale = true;
}

/** The newer record was adopted, or the account left this device: nothing newer waits to be entered. */
export function clearPasswordStale(): void {
  setNewerPasswordRecord(null);
  appState.passwordStale = false;
  appState.keyConflict = false;
}

/**
 * The newer password opened, but its key cannot open the cards this device could open: still locked and still
 * waiting for a password, with every record kept, and the way back to this device's own key offered.
 */
export function markKeyConflict(): void {
  appState.keyConflict = true;
}
