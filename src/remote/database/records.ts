/**
 * The account's password record at `{uid}/auth/password` (SPEC.md §7). Every write of it is a compare-and-set against
 * the record it replaces (a transaction: the server takes it only while it holds exactly that record), so no write
 * decided on an older record can land over a newer one, however late it reaches the server: a password changed over
 * a key another device has since replaced would otherwise wrap the old key in the account's only record.
 */
import { onValue, ref, remove, runTransaction } from 'firebase/database';
import { SleeveError } from '../../domain/errors';
import { type SecretRecord, sameRecord } from '../../domain/secret';
import { isSecretRecord } from '../../domain/stored-shapes';
import { DatabaseMessages, type RecordSwap, wireRecord } from '../wire';
import { answered, readOnce } from './answers';
import { database } from './connection';

const passwordRef = (uid: string) => ref(database, `${uid}/auth/password`);

export async function readPasswordRecord(uid: string): Promise<SecretRecord | null> {
  const value = await readOnce(passwordRef(uid), DatabaseMessages.readPasswordFailed);
  return isSecretRecord(value) ? value : null;
}

/**
 * Writes `record` only while the server holds `replaces` (`null`: no record). Not bounded in time: the page decides
 * how long a person waits before being told the outcome is not known yet, and keeps waiting for this answer, which
 * is the outcome. While the connection is down the SDK holds the transaction and sends it when it is back; it can
 * only land on `replaces`, so it is safe to land late, and it is gone with the page if the page closes first.
 */
export async function swapPasswordRecord(
  uid: string,
  replaces: SecretRecord | null,
  record: SecretRecord,
): Promise<RecordSwap> {
  const wire = wireRecord(record);
  const target = passwordRef(uid);
  // Listened to while the transaction runs, and heard once first, so its first try starts from the record the server
  // last sent: from nothing, it would take the cache's empty value for the server's and give up on a record it replaces.
  let stop = () => {};
  await new Promise<void>((heard, failed) => {
    stop = onValue(target, () => heard(), failed);
  }).catch((error: unknown) => {
    stop();
    throw new SleeveError(DatabaseMessages.setPasswordFailed, { cause: error });
  });
  try {
    const result = await runTransaction(
      target,
      (current: unknown) => {
        const held = current === null ? null : isSecretRecord(current) ? current : undefined;
        // Returning undefined leaves the node as it is: the server holds another record, or something not a record.
        return held !== undefined && sameRecord(held, replaces) ? wire : undefined;
      },
      // Listeners hear the record once the server has it, never a write that may still be refused.
      { applyLocally: false },
    );
    if (result.committed) return { written: true };
    const held: unknown = result.snapshot.val();
    if (held === null || isSecretRecord(held)) return { written: false, held };
    // Something that is not a record stands there (another client's damage): it must not be overwritten blindly.
    throw new SleeveError(DatabaseMessages.setPasswordFailed, {
      cause: new Error('the password path holds no record'),
    });
  } catch (error) {
    if (error instanceof SleeveError) throw error;
    throw new SleeveError(DatabaseMessages.setPasswordFailed, { cause: error });
  } finally {
    stop();
  }
}

/**
 * Writes an account's first password record, only if it has none: of two devices creating the first password at the
 * same moment exactly one writes its record, and the other learns of it instead of replacing it with a record over
 * another key (which would leave the first device's cards unreadable). Resolves with `null` when this record was
 * written, or with the record the account already holds.
 */
export async function createPasswordRecord(uid: string, record: SecretRecord): Promise<SecretRecord | null> {
  // Not bounded in time either: the page tells the person when the answer is late (src/state/sign-in.ts).
  const swap = await swapPasswordRecord(uid, null, record);
  if (swap.written) return null;
  if (swap.held) return swap.held;
  // Refused though the account holds no record: what stood there a moment ago went again. Nothing was written.
  throw new SleeveError(DatabaseMessages.setPasswordFailed, { cause: new Error('the record changed meanwhile') });
}

/** Removes the password record, and the retired keys sealed under the key it wrapped: all of `{uid}/auth`. */
export async function removePasswordRecord(uid: string): Promise<void> {
  await answered(remove(ref(database, `${uid}/auth`)), DatabaseMessages.removePasswordFailed);
}
