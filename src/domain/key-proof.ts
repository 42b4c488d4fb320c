/**
 * Whether a newer password record may replace this device's records (DESIGN.md invariant 11: no device drops the
 * last key that opens its cards). Its key has opened the cards this device holds; the cards it could not open, of
 * those this device could open with its own key, are the ones a switch would lose.
 *
 * A password changed on another device wraps the same key, so every card still opens. A record that wraps another
 * key (written by a client that replaced it, or by anyone who can write the server) opens none of the cards sealed
 * under this device's key: a switch would leave them unreadable on every device.
 */
import type { OpenedCards } from './card';
import { UnreadableReasons } from './card';

/**
 * The ids of the cards the new key loses. `readableBefore`: the ids this tab opened when it was last unlocked;
 * without them (the tab started locked), every card the new key cannot decrypt counts, while a card that decrypts
 * but is damaged inside was damaged for every key.
 */
export function cardsLostByNewKey(opened: OpenedCards, readableBefore: readonly string[] | null): string[] {
  if (readableBefore === null) {
    return opened.unreadable.filter((card) => card.reason === UnreadableReasons.wrongKey).map((card) => card.id);
  }
  const before = new Set(readableBefore);
  return opened.unreadable.filter((card) => before.has(card.id)).map((card) => card.id);
}
