/** A password or PIN record: the data key wrapped by a key derived from the secret. Note the lower-case t. */
export interface SecretRecord {
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  modifiedAt: number;
}

/**
 * A passkey record, this device's only: the data key wrapped by a key derived (HKDF-SHA-256) from what the passkey's
 * PRF extension gives for `salt`. Every field is standard base64 with padding, like the other records.
 * - `credentialId`: the passkey's raw credential id, the one credential the unlock ceremony allows.
 * - `salt`: the PRF input (32 random bytes); the authenticator turns it into the 32-byte secret the key comes from.
 * - `encryptedDek`: the raw 32-byte data key, AES-GCM encrypted (48 bytes with the tag), and its 12-byte IV.
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
 * What `sleeve/auth` holds. A passkey record is an extra way in: it exists only beside a PIN or password record
 * (src/storage/protection.ts), and goes with the last of them.
 */
export interface AuthRecords {
  password: SecretRecord | null;
  pin: SecretRecord | null;
  passkey: PasskeyRecord | null;
}

export const emptyAuthRecords = (): AuthRecords => ({ password: null, pin: null, passkey: null });

export const PIN_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 12;

/** Bytes of the PRF input stored as a passkey record's salt, and of the PRF output a key is derived from. */
export const PASSKEY_PRF_LENGTH = 32;
