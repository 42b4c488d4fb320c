/**
 * Why a card is kept apart (src/domain/card.ts, `UnreadableCard.seen`): one of the account's retired keys opens it, but
 * the replacement that retired the key did not know it (worker/vault/retired.ts). Beyond SPEC.md; kept out of
 * `UnreadableReasons`, which the first scripts carry, since only an account that replaced its key ever needs it.
 */
export const SAVED_WITH_OLD_KEY = 'saved with your old key after the key was replaced';
