/** A password or PIN record: the data key wrapped by a key derived from the secret. Note the lower-case t. */
export interface SecretRecord {
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  modifiedAt: number;
}

/**
 * The layer that binds a PIN record to this device: the record's `encryptedDek.ciphertext` is not the PIN-wrapped key
 * itself but that key sealed once more (AES-GCM, tag appended, so 64 bytes) under a non-extractable key that only this
 * origin's IndexedDB holds (worker/crypto/device-key.ts). `iv` is that outer encryption's IV; `encryptedDek.iv`
 * stays the PIN layer's. A record without `device` is an older, plain PIN record.
 */
export interface DeviceLayer {
  iv: string;
}

/** A PIN record: plain (older) or bound to this device by a `device` layer. */
export interface PinRecord extends SecretRecord {
  device?: DeviceLayer;
}

/** What `sleeve/auth` holds. */
export interface AuthRecords {
  password: SecretRecord | null;
  pin: PinRecord | null;
}

export const emptyAuthRecords = (): AuthRecords => ({ password: null, pin: null });

export const PIN_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 12;
