/**
 * The engine's calls for the account's retired keys (worker/vault/retired.ts): part of `EngineApi` (worker/api.ts),
 * kept here because they make one rule: a retired key opens only what the replacement that retired it knew.
 */
import type { EncryptedCard } from '../src/domain/card';
import type { RetiredKeys } from '../src/domain/secret';

export interface RetiredKeyCalls {
  /**
   * The account's retired keys as the server holds them now (null: none, or signed out). Ciphertext: kept through a
   * lock, and opened under the held key when a card does not open under it (`openCollection`, whose result then
   * names the cards in `underRetiredKey`); a list the held key does not open is ignored. Whether the held key opens
   * it now (false when locked), so the page opens its cards again only when that can change what shows.
   */
  setRetiredKeys(retired: RetiredKeys | null): Promise<boolean>;

  /**
   * The cards of `cards` that open only under a retired key that knew them, sealed again under the held key, with
   * their ids and `modifiedAt` unchanged (the server takes a write as new as the card it holds). Cards that open under
   * the held key, or not at all, are left out. Needs the held key (keyMissingEncrypt).
   */
  sealAgain(cards: EncryptedCard[]): Promise<EncryptedCard[]>;

  /**
   * The cards of `cards` that a retired key opens but did not know (saved with it after the key was replaced; listed
   * as unreadable, `SAVED_WITH_OLD_KEY`), sealed again under the held key as `sealAgain` seals: the
   * person chose to keep them. Any other card is left out. Needs the held key (keyMissingEncrypt).
   */
  keepSavedWithOldKey(cards: EncryptedCard[]): Promise<EncryptedCard[]>;
}
