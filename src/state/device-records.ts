/**
 * The rule every write of records follows: it is made against the records this tab knows. If another tab changed
 * them in the meantime (created or removed a PIN, signed in or out), this tab's change was decided on a state that
 * no longer exists, so it is refused with a plain message, and the `storage` event brings this tab up to date.
 */
import { SleeveError } from '../domain/errors';
import { type AuthRecords, type PasskeyRecord, type SecretRecord, sameRecord } from '../domain/secret';

export const CHANGED_ELSEWHERE = 'Sleeve was changed in another tab, so nothing was changed here. Check and try again.';

// The rule itself is the domain's: the database worker compares the account's record with it too.
export { sameRecord };

export const samePasskey = (a: PasskeyRecord | null, b: PasskeyRecord | null): boolean =>
  a === b || (a !== null && b !== null && a.credentialId === b.credentialId && sameRecord(a, b));

/** A passkey added or removed counts too: a tab then follows it, and a change decided without it is refused. */
/**
 * The same wrapped key, whatever its date: a record put back newly dated ('Keep using this device's key') is the same
 * record; one with another salt or wrapped key is another password, and perhaps another key.
 */
export const sameWrappedKey = (a: SecretRecord | null, b: SecretRecord | null): boolean =>
  a === b || (a !== null && b !== null && a.salt === b.salt && a.encryptedDek.ciphertext === b.encryptedDek.ciphertext);

export const sameRecords = (a: AuthRecords, b: AuthRecords): boolean =>
  sameRecord(a.password, b.password) && sameRecord(a.pin, b.pin) && samePasskey(a.passkey, b.passkey);

export function assertUnchanged(stored: AuthRecords, known: AuthRecords): void {
  if (!sameRecords(stored, known)) throw new SleeveError(CHANGED_ELSEWHERE);
}

/**
 * The same PIN under the same key: the same record, or that record bound to this device since, or bound again at a
 * newer version of the device layer (its PIN layer, salt, IV and date, unchanged). A PIN created or changed always
 * has a new salt.
 */
export const samePinLayer = (a: SecretRecord | null, b: SecretRecord | null): boolean =>
  a !== null &&
  b !== null &&
  a.salt === b.salt &&
  a.encryptedDek.iv === b.encryptedDek.iv &&
  a.modifiedAt === b.modifiedAt;

/** Whether `record` is one of `known`'s records (a PIN record bound to this device since counts as itself). */
export const holdsRecord = (known: AuthRecords, record: SecretRecord): boolean =>
  samePinLayer(known.pin, record) || sameRecord(known.password, record);
