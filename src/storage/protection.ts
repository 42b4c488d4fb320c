/**
 * The stored states that lose protection or data, refused before any write (DESIGN.md invariant 7): a plain card (or
 * a card's plain details) beside a password or PIN record would sit unprotected on a device whose owner believes it locked; encrypted cards
 * with no record that opens them could never be read again; a passkey record with no PIN or password beside it would
 * leave no way in once the passkey is gone.
 */
import type { CardCollection } from '../domain/card';
import { hasAtLeast } from '../domain/counts';
import type { AuthRecords } from '../domain/secret';
import type { DetailsCollection } from '../domain/stored-details';

export const ProtectionMessages = {
  plainBesideSecret:
    'Sleeve refused to store cards unprotected while a PIN or password exists, so nothing was changed. Reload and try again.',
  encryptedWithoutSecret:
    'Sleeve refused to store encrypted cards without the PIN or password that opens them, so nothing was changed.',
  plainDetailsBesideSecret:
    "Sleeve refused to store cards' details unprotected while a PIN or password exists, so nothing was changed. Reload and try again.",
  encryptedDetailsWithoutSecret:
    "Sleeve refused to store encrypted cards' details without the PIN or password that opens them, so nothing was changed.",
  passkeyWithoutSecret:
    'Sleeve refused to keep a passkey without a PIN or password beside it, so nothing was changed. Reload and try again.',
} as const;

/**
 * Why `cards` and their `details` may not be stored beside `auth`, or `null` when they may. Empty collections hold
 * nothing of either kind. The details follow the cards' rule: encrypted exactly when a secret exists.
 */
export function protectionProblem(
  cards: CardCollection,
  auth: AuthRecords,
  details?: DetailsCollection,
): string | null {
  const hasSecret = auth.password !== null || auth.pin !== null;
  // A passkey is an extra way in, never the only one: the password stays the account's recovery, and a PIN or
  // password is what a person falls back on when the passkey is lost or its authenticator refuses.
  if (auth.passkey !== null && !hasSecret) return ProtectionMessages.passkeyWithoutSecret;
  // Whether a collection is empty is asked only when its kind is the wrong one: V8 lists every key of a large record
  // before a for-in loop's first step (~14 ms for 10,000 cards at 4× CPU throttling), and a write's kind is
  // nearly always the right one.
  if (details && details.type !== (hasSecret ? 'ENCRYPTED' : 'UNENCRYPTED') && hasAtLeast(details.details, 1)) {
    return hasSecret ? ProtectionMessages.plainDetailsBesideSecret : ProtectionMessages.encryptedDetailsWithoutSecret;
  }
  if (cards.type !== (hasSecret ? 'ENCRYPTED' : 'UNENCRYPTED') && hasAtLeast(cards.cards, 1)) {
    return hasSecret ? ProtectionMessages.plainBesideSecret : ProtectionMessages.encryptedWithoutSecret;
  }
  return null;
}
