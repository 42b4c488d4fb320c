/** A password or PIN record: the data key wrapped by a key derived from the secret. Note the lower-case t. */
export interface SecretRecord {
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  modifiedAt: number;
}

/** What `sleeve/auth` holds. */
export interface AuthRecords {
  password: SecretRecord | null;
  pin: SecretRecord | null;
}

export const emptyAuthRecords = (): AuthRecords => ({ password: null, pin: null });

export const PIN_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 12;
