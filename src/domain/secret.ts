/**
 * A password or PIN record: the data key wrapped by a key derived from the secret. Note the lower-case t.
 * `encryptedDek.ciphertext` holds the key in one of two forms (worker/crypto/wrapped-key.ts), both opened: the seed's,
 * the UTF-8 text of the key's base64 (60 bytes with the tag), in which the account's password record is written; or
 * Sleeve's raw 32 bytes (48), in which the PIN record is written and which older password records hold.
 */
export interface SecretRecord {
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  modifiedAt: number;
}

/** The same record: the same salt, wrapped key, IV and date (a record put back newly dated is another one). */
export const sameRecord = (a: SecretRecord | null, b: SecretRecord | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.salt === b.salt &&
    a.encryptedDek.ciphertext === b.encryptedDek.ciphertext &&
    a.encryptedDek.iv === b.encryptedDek.iv &&
    a.modifiedAt === b.modifiedAt);

/**
 * A passkey record, this device's only: the data key wrapped by a key derived (HKDF-SHA-256) from what the passkey's
 * PRF extension gives for `salt`. Every field is standard base64 with padding, like the other records.
 * - `credentialId`: the passkey's raw credential id, the one credential the unlock ceremony allows.
 * - `salt`: the PRF input (32 random bytes); the authenticator turns it into the 32-byte secret the key comes from.
 * - `encryptedDek`: the raw 32-byte data key, AES-GCM encrypted (48 bytes with the tag), and its 12-byte IV. The
 *   seed's text form (60 bytes) opens too, as in any record; Sleeve writes the raw one.
 * Nothing in it allows a guess offline: the PRF secret never leaves the authenticator, which asks for its own user
 * verification and keeps its own limit on attempts.
 */
export interface PasskeyRecord {
  credentialId: string;
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  modifiedAt: number;
}

/**
 * The layer that binds a PIN record to this device: the record's `encryptedDek.ciphertext` is not the PIN-wrapped key
 * itself but that key sealed once more (AES-GCM, tag appended, so 64 bytes; 76 for a PIN layer in the seed's text
 * form) under a non-extractable key that only this origin's IndexedDB holds (worker/crypto/device-key.ts). `iv` is
 * that outer encryption's IV; `encryptedDek.iv` stays the PIN layer's. `version` 2 (`DEVICE_LAYER_VERSION`) seals
 * with the record's salt and PIN-layer IV as additional data (worker/crypto/device-layer.ts), so neither can be
 * changed and the record still open; a layer without `version` is the first, which binds only the ciphertext, and is
 * bound again at version 2 at its next right unlock. A record without `device` is an older, plain PIN record.
 */
export interface DeviceLayer {
  iv: string;
  version?: number;
}

/** The device layer's version Sleeve writes. */
export const DEVICE_LAYER_VERSION = 2;

/** A PIN record: plain (older) or bound to this device by a `device` layer. */
export interface PinRecord extends SecretRecord {
  device?: DeviceLayer;
}

/** Whether `record` is bound to this device as Sleeve binds a PIN now; plain and first-version records are bound anew. */
export const boundNow = (record: PinRecord): boolean => record.device?.version === DEVICE_LAYER_VERSION;

/**
 * What `sleeve/auth` holds. A passkey record is an extra way in: it exists only beside a PIN or password record
 * (src/storage/protection.ts), and goes with the last of them.
 */
export interface AuthRecords {
  password: SecretRecord | null;
  pin: PinRecord | null;
  passkey: PasskeyRecord | null;
}

/**
 * The account's retired data keys (`{uid}/auth/retiredKeys`), newest first: each 32-byte key a replacement put aside
 * (worker/vault/replace-key.ts), joined and sealed with AES-GCM under the account's current data key. Whoever holds
 * the current key opens them, so a card a late device still sealed under an old key opens and is sealed again; the
 * old keys open nothing newer. Standard base64 with padding; `ciphertext` carries the 16-byte tag.
 */
export interface RetiredKeys {
  ciphertext: string;
  iv: string;
}

/** How many retired keys the account keeps: the oldest goes once a replacement would keep more. */
export const RETIRED_KEYS_KEPT = 16;

export const emptyAuthRecords = (): AuthRecords => ({ password: null, pin: null, passkey: null });

export const PIN_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 12;

/** Characters of a password as a person counts them on the keyboard: code points. */
export const passwordLength = (password: string): number => [...password].length;

/**
 * Long enough to be a password at all (SPEC.md §5): what the unlock and verify fields check before a derivation, so a
 * slip of the finger costs no second of waiting. Kept here, beside the length, so those fields need none of the new
 * password's rules (src/domain/password-rules.ts).
 */
export const isLongEnough = (password: string): boolean => passwordLength(password) >= MIN_PASSWORD_LENGTH;

/** Bytes of the PRF input stored as a passkey record's salt, and of the PRF output a key is derived from. */
export const PASSKEY_PRF_LENGTH = 32;
