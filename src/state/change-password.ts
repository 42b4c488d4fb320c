/**
 * Changing the account password (You → Security → Change password, without replacing the key): the key stays, only
 * the record that wraps it changes, on the server first and then on this device.
 */
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { getEngine } from '../engine';
import { writeAccountRecord } from './record-writes';
import { SecretMessages, withSecret } from './secrets';
import { appState, records, session } from './store';

/**
 * Changes the account password: the worker wraps the held key under `next` only if `current` opens the record.
 * From the screen that is two derivations in all: the screen's verification of `current` leaves a one-use proof in
 * the worker, so only `next` is derived here. The new record goes to the server first, only over the record this
 * device holds (src/state/record-writes.ts), then here; other devices then see a newer record and ask for the new
 * password.
 */
export async function changePassword(current: string, next: string): Promise<void> {
  if (current === next) throw new SleeveError(SecretMessages.passwordEqual);
  const account = session();
  if (!appState.user || !account) throw new InvalidStateError(SecretMessages.mustBeSignedIn);
  const before = records();
  if (!before.password) throw new InvalidStateError(Messages.createPasswordFirstToVerify);
  // Dated by the server's clock, which refuses a record dated ahead of it, and always after the record it replaces
  // (the server keeps only a newer one), even when that one came from a device whose clock ran ahead.
  const now = Math.max(account.now(), before.password.modifiedAt + 1);
  const record = await withSecret(getEngine().changeSecret(current, before.password, next, now), 'password');
  await writeAccountRecord(account, { replaces: before.password, record });
}
