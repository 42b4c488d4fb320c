/**
 * The engine's whole surface: everything the app may ask of the worker.
 *
 * The app imports only this file's *types*. Nothing that crosses this boundary is, contains or wraps a key:
 * secrets go in as strings, and out come view cards, stored (encrypted or plain) collections, records and flags.
 * The data key (DEK) and every key-encryption key (KEK) live only inside the worker as non-extractable-where-possible
 * `CryptoKey`s; `lock()` drops the DEK.
 */
import type { CardCollection, CardData, EncryptedCollection, PlainCard, PlainCollection } from '../src/domain/card';
import type { MergeDecision } from '../src/domain/merge-decision';
import type { SecretRecord } from '../src/domain/secret';

export interface PutCardResult {
  /** The stored collection with the card added or replaced, ready to persist. */
  collection: CardCollection;
  /** The card as the app shows it. */
  card: PlainCard;
}

export interface CreateSecretResult {
  /** The new password or PIN record: the DEK wrapped under a key derived from the secret with a fresh salt. */
  record: SecretRecord;
  /** The collection, now stored encrypted under the DEK. */
  collection: EncryptedCollection;
}

export interface EngineApi {
  // ---- cards ----

  /**
   * Turns a stored collection into view cards, newest first, in one round trip; decrypts when it is encrypted. Cards opened
   * before under the held DEK with the same id, IV and ciphertext come from a cache in the worker, so a live update
   * that changes one card decrypts one card. The cache is emptied when the DEK is dropped or replaced.
   */
  openCollection(collection: CardCollection): Promise<PlainCard[]>;

  /**
   * Adds (no `id`) or replaces (`id` given) a card and stamps `modifiedAt = now`. The worker decides how it is
   * stored: encrypted when the DEK is held, plain otherwise. New ids are 8 unbiased `[A-Za-z0-9]` characters,
   * regenerated on collision with an id already in the collection.
   */
  putCard(collection: CardCollection, input: { id?: string; data: CardData }, now: number): Promise<PutCardResult>;

  /**
   * Merges two collections of the same kind card by card (the newer `modifiedAt` wins) and says which remote cards
   * the result takes; `applyMerge` (src/domain/merge-decision.ts) builds the merged collection from the two the
   * caller already holds, so only ids come back across the boundary.
   */
  mergeCollections(local: CardCollection, remote: CardCollection): Promise<MergeDecision>;

  // ---- key custody ----

  /** Whether the DEK is held (the app is unlocked, or no secret exists yet and one was just created). */
  hasKey(): Promise<boolean>;

  /** Drops the DEK. */
  lock(): Promise<void>;

  /**
   * Derives the KEK from `secret` and unwraps the DEK from `record`, keeping it. One derivation.
   * A wrong secret rejects with an error whose message is empty and whose cause is 'Failed to decrypt data'.
   *
   * Given the locked wallet's `collection`, it is opened with the key in the same round trip and its view cards
   * are returned (as `openCollection` would); if it cannot be opened, the key is dropped again and the open's error
   * rejects, so no half-open wallet remains. Without one, the result is empty.
   */
  unlock(secret: string, record: SecretRecord, collection?: CardCollection): Promise<PlainCard[]>;

  /** Whether `secret` opens `record`. One derivation; the held key is not changed. */
  verify(secret: string, record: SecretRecord): Promise<boolean>;

  /**
   * Wraps the DEK under a new secret with a fresh salt. When no DEK is held, one is generated first and every
   * card of a plain `collection` is encrypted under it. All or nothing: on any failure nothing is kept (no new
   * DEK stays held) and the caller's stored data is untouched. One derivation.
   */
  createSecret(secret: string, collection: CardCollection, now: number): Promise<CreateSecretResult>;

  /**
   * Joins an existing account on this device. Derives the KEK from `secret` and unwraps the account's DEK from
   * `record` (one derivation; a wrong secret rejects exactly as `unlock` does), then re-encrypts every card of
   * `local` (plain, or encrypted under the DEK held now) under the account's DEK and returns them. All or nothing:
   * the account's DEK becomes the held key only after every card is re-encrypted; on any failure the key held
   * before stays held and nothing is returned.
   */
  joinAccount(secret: string, record: SecretRecord, local: CardCollection): Promise<EncryptedCollection>;

  /** Decrypts every card with the held DEK, for removing the last secret. */
  decryptCollection(collection: CardCollection): Promise<PlainCollection>;

  /** How many PBKDF2 derivations this worker has run since it started, so tests can count them. */
  derivationCount(): Promise<number>;

  /** How many cards this worker has decrypted since it started, so tests can see the cache at work. */
  decryptionCount(): Promise<number>;
}
