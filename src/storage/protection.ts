/**
 * The stored states that lose protection or data, refused before any write (DESIGN.md invariant 7): a plain card
 * beside a password or PIN record would sit unprotected on a device whose owner believes it locked; encrypted cards
 * with no record that opens them could never be read again.
 */
import type { CardCollection } from '../domain/card';
import type { AuthRecords } from '../domain/secret';

export const ProtectionMessages = {
  plainBesideSecret:
    'Sleeve refused to store cards unprotected while a PIN or password exists, so nothing was changed. Reload and try again.',
  encryptedWithoutSecret:
    'Sleeve refused to store encrypted cards without the PIN or password that opens them, so nothing was changed.',
} as const;

/** Why `cards` may not be stored beside `auth`, or `null` when they may. Empty collections hold no card of either kind. */
export function protectionProblem(cards: CardCollection, auth: AuthRecords): string | null {
  const hasCards = Object.keys(cards.cards).length > 0;
  if (!hasCards) return null;
  const hasSecret = auth.password !== null || auth.pin !== null;
  if (cards.type === 'UNENCRYPTED' && hasSecret) return ProtectionMessages.plainBesideSecret;
  if (cards.type === 'ENCRYPTED' && !hasSecret) return ProtectionMessages.encryptedWithoutSecret;
  return null;
}
