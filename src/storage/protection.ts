/**
 * The stored states that lose protection or data, refused before any write (DESIGN.md invariant 7): a plain card
 * beside a password or PIN record would sit unprotected on a device whose owner believes it locked; encrypted cards
 * with no record that opens them could never be read again; a passkey record with no PIN or password beside it would
 * leave no way in once the passkey is gone.
 */
import type { CardCollection } from '../domain/card';
import type { AuthRecords } from '../domain/secret';

export const ProtectionMessages = {
  plainBesideSecret:
    'Sleeve refused to store cards unprotected while a PIN or password exists, so nothing was changed. Reload and try again.',
  encryptedWithoutSecret:
    'Sleeve refused to store encrypted cards without the PIN or password that opens them, so nothing was changed.',
  passkeyWithoutSecret:
    'Sleeve refused to keep a passkey without a PIN or password beside it, so nothing was changed. Reload and try again.',
} as const;

/** Why `cards` may not be stored beside `auth`, or `null` when they may. Empty collections hold no card of either kind. */
export function protectionProblem(cards: CardCollection, auth: AuthRecords): string | null {
  const hasSecret = auth.password !== null || auth.pin !== null;
  // A passkey is an extra way in, never the only one: the password stays the account's recovery, and a PIN or
  // password is what a person falls back on when the passkey is lost or its authenticator refuses.
  if (auth.passkey !== null && !hasSecret) return ProtectionMessages.passkeyWithoutSecret;
  const hasCards = Object.keys(cards.cards).length > 0;
  if (!hasCards) return null;
  if (cards.type === 'UNENCRYPTED' && hasSecret) return ProtectionMessages.plainBesideSecret;
  if (cards.type === 'ENCRYPTED' && !hasSecret) return ProtectionMessages.encryptedWithoutSecret;
  return null;
}
