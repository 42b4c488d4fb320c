/**
 * The engine's whole surface: everything the app may ask of the worker.
 *
 * The app imports only this file's *types*. Nothing that crosses this boundary is, contains or wraps a key:
 * secrets go in as strings, and out come view cards, stored (encrypted or plain) collections, records and flags.
 * The data key (DEK) and every key-encryption key (KEK) live only inside the worker as non-extractable-where-possible
 * `CryptoKey`s; `lock()` drops the DEK.
 */
import type {
  CardCollection,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
  StoredCard,
  UnreadableCard,
} from '../src/domain/card';
import type { CardDetails, DetailsOutcome, DetailsPlain, EncryptedDetails } from '../src/domain/card-details';
import type { FromServer, Local, MergeDecision } from '../src/domain/merge-decision';
import type { PinAttempts } from '../src/domain/pin-attempts';
import type { PasskeyRecord, PinRecord, RetiredKeys, SecretRecord } from '../src/domain/secret';
import type { StoredCardsRead } from '../src/domain/stored-shapes';
import type { BackupOpening } from '../src/domain/transfer/sleeve-backup';
import type { RetiredKeyCalls } from './api-retired-keys';

export interface CreateSecretResult {
  /**
   * The new password or PIN record: the DEK wrapped under a key derived from the secret with a fresh salt. A password
   * record holds the DEK's base64 text (the seed's form, which every client of the project opens); a PIN record holds
   * its raw bytes and is sealed once more under this device's key (src/domain/secret.ts, `PinRecord`).
   */
  record: PinRecord;
  /** The collection, now stored encrypted under the DEK. */
  collection: EncryptedCollection;
}

/** What replacing the data key gives the page to write to the server (`replaceKey`). */
export interface ReplacedKey {
  /** The new password's record over the new key, in the seed's form (the account's record). */
  record: SecretRecord;
  /** Every card that opened, encrypted under the new key, with its id and `modifiedAt` unchanged. */
  collection: EncryptedCollection;
  /** The cards the held key could not open: left as they are stored, and listed as before. */
  unreadable: UnreadableCard[];
  /** The account's retired keys, the replaced one first, sealed under the new key (`{uid}/auth/retiredKeys`). */
  retired: RetiredKeys;
  /** The details records given that opened, sealed under the new key, each with its date unchanged. */
  details: EncryptedDetails[];
}

/** A caller's proof that it knows a secret: the secret and the existing record it opens. */
export interface SecretProof {
  secret: string;
  record: SecretRecord;
}

export interface CreateSecretOptions {
  /**
   * 'pin': the record is bound to this device (raw form). 'password' (the default): a plain record in the seed's
   * form, as the server keeps it and every client of the project reads it.
   */
  kind?: 'pin' | 'password';
  /**
   * The current secret and the record it opens. Required while a key is held (a record exists): the held key is
   * wrapped under a new secret only for someone who knows a current one. Given with no key held, the call is refused
   * rather than wrap a new key beside the one the caller's record holds.
   */
  current?: SecretProof;
}

export interface EngineApi extends RetiredKeyCalls {
  // ---- cards ----

  /**
   * Opens a stored collection card by card in one round trip, decrypting when it is encrypted: the cards that open,
   * newest first, and those that do not, each with its reason (bad base64, another key, not card data, an unknown
   * network or theme). One bad card never fails the open. Cards opened before under the held DEK with the same id,
   * IV and ciphertext come from a cache in the worker, so a live update that changes one card decrypts one card.
   * The cache is emptied when the DEK is dropped or replaced. Encrypted without the DEK: keyMissingDecrypt.
   */
  openCollection(collection: CardCollection): Promise<OpenedCards>;

  /** The stored cards' text parsed and checked as the page's own read checks it; nothing opened or decrypted. */
  readStoredCards(text: string): Promise<StoredCardsRead>;

  /**
   * One card as it is to be stored, and nothing else: the page chose its id (src/domain/card-id.ts) and time and
   * puts the result into storage itself. ENCRYPTED needs the held DEK (else keyMissingEncrypt); UNENCRYPTED while a
   * DEK is held is refused as mixing, since a secret then exists that the page has not seen yet.
   */
  sealCard(card: PlainCard, type: CardCollection['type']): Promise<StoredCard>;

  /**
   * Merges two collections of the same kind card by card (the newer `modifiedAt` wins) and says which server cards
   * the result takes; `applyMerge` (src/domain/merge-decision.ts) builds the merged collection from the two the
   * caller already holds, so only ids come back across the boundary. Each side is branded where it was read.
   */
  mergeCollections(local: Local<CardCollection>, server: FromServer<CardCollection>): Promise<MergeDecision>;

  // ---- key custody ----

  /** Whether the DEK is held (the app is unlocked, or no secret exists yet and one was just created). */
  hasKey(): Promise<boolean>;

  /** Drops the DEK. */
  lock(): Promise<void>;

  /**
   * Whether the key held now is the one `record` wraps, told without its secret: every record a worker of this device
   * opened or wrapped is noted with a check value of its key (worker/vault/record-keys.ts). Null when no key is held
   * or no worker of this device has opened or wrapped that record (one another client wrote, not yet unlocked here).
   */
  heldKeyWraps(record: SecretRecord): Promise<boolean | null>;

  /**
   * Derives the KEK from `secret` and unwraps the DEK from `record`, keeping it. One derivation. Either form of
   * wrapped key opens (worker/crypto/wrapped-key.ts): the seed's base64 text, or Sleeve's raw bytes.
   * A wrong secret rejects with an error whose message is empty and whose cause is 'Failed to decrypt data'. A PIN
   * record bound to this device is first taken out of its device layer; without this device's key (or without the
   * count kept beside it) that rejects with pinKeyMissing (invalid-state) and nothing is derived. Such a PIN is tried
   * under its attempt limit (`pinAttempts`): while a wait runs it rejects with 'Try again in 30 s' (the seconds left),
   * once ten were wrong in a row with PinLimitMessages.stopped, both invalid-state and before any derivation; each
   * try is counted as wrong before the derivation and the count cleared when the PIN proves right.
   *
   * Given the locked wallet's `collection`, it is opened with the key in the same round trip, card by card as
   * `openCollection` opens it; if the open itself fails, the key is dropped again and its error rejects, so no
   * half-open wallet remains. Without one, the result is empty.
   */
  unlock(secret: string, record: SecretRecord, collection?: CardCollection): Promise<OpenedCards>;

  /**
   * Whether `secret` opens `record`. One derivation; the held key is not changed. A success leaves a one-use proof
   * (five minutes, dropped by lock or the next verify) that `changeSecret` and `createSecret` can spend. A bound PIN
   * record without this device's key rejects with pinKeyMissing, and is tried under the attempt limit, as `unlock`
   * does.
   */
  verify(secret: string, record: SecretRecord): Promise<boolean>;

  /**
   * A new record wrapping the held DEK under `next`, for someone who knows `current`: proven by the proof of a
   * `verify` of the same secret and record (no derivation) or by opening `record` (one). One derivation for `next`.
   * A wrong `current` rejects as `unlock` does; a record whose key is not the held one, or no held key, rejects with
   * refreshAndUnlock. A record bound to this device (a PIN) gives a bound one, in the raw form; any other record (the
   * account's password) gives one in the seed's form, whichever form `record` was in. Custody does not change.
   */
  changeSecret(current: string, record: SecretRecord, next: string, now: number): Promise<SecretRecord>;

  /**
   * Replaces the data key (vault/replace-key.ts), for someone who knows `current` (proven as `changeSecret` proves
   * it): a new DEK, every card of `collection` the held key opens encrypted again under it (ids and `modifiedAt`
   * unchanged; the cards that do not open come back as unreadable and are left as stored), and a record for `next`
   * in the seed's form. The held key stays until `keepReplacedKey(record)`, called once the server holds the new
   * record and cards; `lock()` drops the waiting key. One derivation, plus one without a verify's proof.
   */
  replaceKey(
    current: string,
    record: SecretRecord,
    next: string,
    collection: EncryptedCollection,
    now: number,
    details?: EncryptedDetails[],
  ): Promise<ReplacedKey>;

  /**
   * The key `replaceKey` made for `record` becomes the held key, and the retired keys it sealed the account's list;
   * refused (refreshAndUnlock) when none waits for it.
   */
  keepReplacedKey(record: SecretRecord): Promise<void>;

  /**
   * Wraps the DEK under a new secret with a fresh salt. With no DEK held, one is generated first and every card of a
   * plain `collection` is encrypted under it: a new wallet, so nothing existing is wrapped. With a DEK held (a record
   * exists), only for a caller who proves `options.current` as `changeSecret` proves it (no proof: verifyFirst);
   * merely holding the key is never enough. One derivation, plus one when `current` has no proof from a `verify`.
   * All or nothing: on any failure nothing is kept (no new DEK stays held) and the caller's stored data is
   * untouched. A PIN record is bound to this device (no IndexedDB to keep the device key: deviceKeyUnavailable).
   * Both start the PIN's count again (a new DEK gets a new device key: worker/crypto/device-key.ts).
   */
  createSecret(
    secret: string,
    collection: CardCollection,
    now: number,
    options?: CreateSecretOptions,
  ): Promise<CreateSecretResult>;

  /**
   * An older PIN record (plain, or of the device layer's first version) bound at the current one, no derivation; only
   * the record whose `unlock` gave the key held now (else refreshAndUnlock). One bound so already comes back as is.
   */
  bindPin(record: PinRecord): Promise<PinRecord>;

  /**
   * The wrong PINs in a row counted against `record` and when the next try may start, as this device's worker keeps
   * them beside the device key (IndexedDB `sleeve-keys`, shared by every tab), whatever the record's salt: the count
   * the screens show. None for a record not bound here.
   */
  pinAttempts(record: PinRecord): Promise<PinAttempts>;

  /**
   * The password proved right: the PIN's count starts again from none, but only while the key held is the key the
   * PIN wraps (one a page made up with a record of its own clears nothing).
   */
  forgetPinAttempts(): Promise<void>;

  /**
   * Joins an existing account on this device. Derives the KEK from `secret` and unwraps the account's DEK from
   * `record` (one derivation; a wrong secret rejects exactly as `unlock` does), then re-encrypts every card of
   * `local` (plain, or encrypted under the DEK held now) under the account's DEK and returns them. All or nothing:
   * the account's DEK becomes the held key only after every card is re-encrypted; on any failure the key held
   * before stays held and nothing is returned. A local card that does not open refuses the join
   * (unreadableBeforeJoin): no card is left behind unread.
   */
  joinAccount(secret: string, record: SecretRecord, local: CardCollection): Promise<EncryptedCollection>;

  // ---- passkey (WebAuthn PRF), worker/vault/passkey.ts ----

  /**
   * A passkey record wrapping the held DEK under a key derived (HKDF-SHA-256) from the passkey's 32-byte PRF output
   * for the PRF input `salt`. Needs the one-use proof of a `verify` of `proven` (this device's password record, else
   * its PIN record) made a moment ago, and spends it; no derivation. Refused without that proof
   * (PasskeyMessages.verifyAgain), and without a held key or when `proven` holds another key (refreshAndUnlock).
   * `prfOutput` is meant to be transferred (src/engine/passkey.ts), so the page's copy is detached; the worker wipes
   * its bytes once imported. `credentialId` and `salt` are standard base64 and go into the record as given.
   */
  createPasskeyRecord(
    prfOutput: ArrayBuffer,
    credentialId: string,
    salt: string,
    proven: SecretRecord,
    now: number,
  ): Promise<PasskeyRecord>;

  /**
   * Opens `record` with the passkey's PRF output (transferred, then wiped) and keeps the DEK; no derivation beyond
   * HKDF. Given the locked wallet's `collection`, opens it in the same round trip, as `unlock` does. A PRF output
   * that does not open the record rejects as a wrong secret does: an empty message caused by 'Failed to decrypt data'.
   */
  unlockWithPasskey(prfOutput: ArrayBuffer, record: PasskeyRecord, collection?: CardCollection): Promise<OpenedCards>;

  /** Decrypts every card with the held DEK, for removing the last secret; refused (unreadableKeepPin) while one does not open. */
  decryptCollection(collection: CardCollection): Promise<PlainCollection>;

  /** How many PBKDF2 derivations this worker has run since it started, so tests can count them. */
  derivationCount(): Promise<number>;

  /** How many cards this worker has decrypted since it started, so tests can see the cache at work. */
  decryptionCount(): Promise<number>;

  // ---- a card's details (worker/vault/details.ts) ----

  /**
   * A card's details sealed under the held key, bound to the card's id (docs/formats.md, 'Card details'). Rejects
   * while no key is held; the page keeps an unencrypted wallet's details as they are.
   */
  sealDetails(id: string, modifiedAt: number, plain: DetailsPlain): Promise<EncryptedDetails>;

  /**
   * Details records opened under the held key, record by record (one it does not open is tried under the account's
   * retired keys): each its plaintext, or why it did not open.
   */
  openDetails(records: EncryptedDetails[]): Promise<DetailsOutcome[]>;

  // ---- import and export (worker/vault/backup.ts, worker/vault/seal-many.ts) ----

  /**
   * Many cards sealed as `sealCard` seals one, in one round trip, for an import. All or nothing: one card that cannot
   * be sealed rejects the call.
   */
  sealCards(cards: PlainCard[], type: CardCollection['type']): Promise<StoredCard[]>;

  /**
   * A backup file's text for `cards` and their `details` (by card id): a key derived from `passphrase` (PBKDF2-SHA-512, a fresh salt; one derivation)
   * encrypts them with AES-GCM. The key stays in the worker; the passphrase's strength is checked on the page.
   */
  sealBackup(passphrase: string, cards: PlainCard[], details?: Map<string, CardDetails>): Promise<string>;

  /**
   * The cards of a backup file, row by row (a card that is not card data comes with its reason), or
   * `wrong-passphrase` when the passphrase does not open it (or the ciphertext was changed). A file that is not a
   * backup, a newer version, a damaged header or contents that are not cards reject with a plain message, before
   * any derivation where the header is at fault.
   */
  openBackup(passphrase: string, fileText: string): Promise<BackupOpening>;
}
