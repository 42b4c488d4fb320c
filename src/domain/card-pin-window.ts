/**
 * 'Ask before showing PINs' (Security): a verification lets the person reveal or copy card PINs for a minute, so
 * revealing a PIN and then copying it asks once, not twice.
 */

/** How long one verification counts for revealing or copying card PINs. */
export const CARD_PIN_VERIFIED_MS = 60_000;

/**
 * Whether a verification made at `verifiedAt` still counts at `now`. A clock that went back (the device's time was
 * changed) ends it: the time since cannot be told, so the person is asked again.
 */
export function stillVerified(verifiedAt: number | null, now: number): boolean {
  return verifiedAt !== null && now >= verifiedAt && now - verifiedAt < CARD_PIN_VERIFIED_MS;
}
