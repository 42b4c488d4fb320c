/** The account's password record at `{uid}/auth/password` (SPEC.md §7), and the retired keys beside it. */
import { ref, remove, runTransaction, set } from 'firebase/database';
import { SleeveError } from '../../domain/errors';
import type { SecretRecord } from '../../domain/secret';
import { isSecretRecord } from '../../domain/stored-shapes';
import { DatabaseMessages, wireRecord } from '../wire';
import { answered, readOnce } from './answers';
import { database } from './connection';

const passwordRef = (uid: string) => ref(database, `${uid}/auth/password`);

export async function readPasswordRecord(uid: string): Promise<SecretRecord | null> {
  const value = await readOnce(passwordRef(uid), DatabaseMessages.readPasswordFailed);
  return isSecretRecord(value) ? value : null;
}

export async function setPasswordRecord(uid: string, record: SecretRecord): Promise<void> {
  await answered(set(passwordRef(uid), wireRecord(record)), DatabaseMessages.setPasswordFailed);
}

/**
 * Writes an account's first password record, only if it has none: a transaction, so when two devices create the
 * first password at the same moment exactly one record is written, and the other device learns of it instead of
 * replacing it with a record over another key (which would leave the first device's cards unreadable). Resolves with
 * `null` when this record was written, or with the record the account already holds.
 */
export async function createPasswordRecord(uid: string, record: SecretRecord): Promise<SecretRecord | null> {
  const wire = wireRecord(record);
  // The function may first see this client's cached value (null when nothing was read yet); the server then answers
  // with what it holds and the function runs again on that. Returning undefined leaves the node as it is.
  const result = await answered(
    runTransaction(passwordRef(uid), (current: unknown) => (current === null ? wire : undefined), {
      applyLocally: false,
    }),
    DatabaseMessages.setPasswordFailed,
  );
  if (result.committed) return null;
  const held: unknown = result.snapshot.val();
  if (isSecretRecord(held)) return held;
  // Something that is not a record stands there (another client's damage): it must not be overwritten blindly.
  throw new SleeveError(DatabaseMessages.setPasswordFailed, { cause: new Error('the password path holds no record') });
}

/** Removes the password record, and the retired keys sealed under the key it wrapped: all of `{uid}/auth`. */
export async function removePasswordRecord(uid: string): Promise<void> {
  await answered(remove(ref(database, `${uid}/auth`)), DatabaseMessages.removePasswordFailed);
}
