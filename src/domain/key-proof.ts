/**
 * Whether a newer password record may replace this device's records (DESIGN.md invariant 11: no device drops the
 * last key that opens its cards). Its key has opened the cards this device holds, the server's as they are now; the
 * cards it could not open, of those this device's own key opens, are the ones a switch would lose.
 *
 * A password changed on another device wraps the same key, so every card still opens. A record that wraps another
 * key (written by a client that replaced it, or by anyone who can write the server) opens none of the cards sealed
 * under this device's key: a switch would leave them unreadable on every device.
 */
import type { OpenedCards } from './card';
import { UnreadableReasons } from './card';

/** The ids of the cards a tab's key opened, and of those it could not, when the tab last locked. */
export interface OpenedBefore {
  readable: readonly string[];
  unreadable: readonly string[];
}

/**
 * The ids of the cards the new key loses: every card it cannot decrypt, unless this tab's own key could not open it
 * either (a card of some other key, listed as unreadable before), and every card this tab's key opened that the new
 * key does not open, for whatever reason. Cards this tab never had on screen count too (added by another device
 * while it was locked, or before the server's cards arrived): that they cannot be decrypted is enough. `before`:
 * what the tab opened when it last locked; `null` in a tab that started locked.
 */
export function cardsLostByNewKey(opened: OpenedCards, before: OpenedBefore | null): string[] {
  const readable = new Set(before?.readable);
  const unreadable = new Set(before?.unreadable);
  return opened.unreadable
    .filter(
      (card) =>
        // Opened under a retired key the new key's list holds: the new key is the account's, and the card is kept
        // apart for the person to keep or delete, not lost (this device may have saved it before hearing of it).
        card.seen === undefined &&
        (readable.has(card.id) || (card.reason === UnreadableReasons.wrongKey && !unreadable.has(card.id))),
    )
    .map((card) => card.id);
}
