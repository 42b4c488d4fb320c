/**
 * Replacing the account's data key on the server (src/state/replace-key.ts): the new password record, the retired
 * keys sealed under the new key, and every card and its details encrypted again, in one multi-path update of `{uid}`, which the
 * server applies whole or refuses whole. A card changed on another device meanwhile (newer than the copy sent) makes
 * the rules refuse it all, and nothing changes: the person tries again with the cards as they now are.
 */
import { onValue, ref, update } from 'firebase/database';
import type { EncryptedCard } from '../../domain/card';
import type { EncryptedDetails } from '../../domain/card-details';
import { SleeveError } from '../../domain/errors';
import type { RetiredKeys, SecretRecord } from '../../domain/secret';
import { isRetiredKeys } from '../../domain/stored-shapes';
import { wireDetails } from '../../domain/synced-details';
import { AccountKeyMessages, DatabaseMessages, wireCards, wireRecord } from '../wire';
import { readOnce } from './answers';
import { database } from './connection';

/**
 * `replaces` is the record the new one replaces, as this device read it: the retired keys name its wrapped key
 * (`replaced`), and the rules take the update only while it is still the account's record. Two devices replacing the
 * key at once from the same record: the first lands, the second is refused whole, so no key is left out of the list.
 * `previous` is the account's retired keys as read before the new list was sealed (which holds every key of it).
 */
export async function replaceAccountKey(
  uid: string,
  record: SecretRecord,
  retired: RetiredKeys,
  cards: readonly EncryptedCard[],
  replaces: SecretRecord,
  previous: RetiredKeys | null,
  details: readonly EncryptedDetails[] = [],
): Promise<void> {
  const list = { ciphertext: retired.ciphertext, iv: retired.iv, replaced: replaces.encryptedDek.ciphertext };
  const paths: Record<string, unknown> = {
    'auth/password': wireRecord(record),
    // The list it replaces, as read: the rules take the new one only over exactly that list, so a device that had not
    // read it (and would leave its keys out) is refused.
    'auth/retiredKeys': previous ? { ...list, previous: { ciphertext: previous.ciphertext, iv: previous.iv } } : list,
  };
  for (const card of wireCards(cards, AccountKeyMessages.replaceFailed)) paths[`cards/${card.id}`] = card;
  const records = details.map((record) => ({ id: record.id, details: record }));
  for (const record of wireDetails(records, AccountKeyMessages.replaceFailed)) paths[`details/${record.id}`] = record;
  // Not bounded in time: the page tells the person when the outcome is not known yet, and keeps waiting for this
  // answer, which is the outcome (the SDK sends the update when the connection is back, and the rules take it only
  // over the record it replaces).
  try {
    await update(ref(database, uid), paths);
  } catch (error) {
    throw new SleeveError(AccountKeyMessages.replaceFailed, { cause: error });
  }
}

/** The account's retired keys as the server holds them now, or `null`. */
export async function readRetiredKeys(uid: string): Promise<RetiredKeys | null> {
  const value = await readOnce(ref(database, `${uid}/auth/retiredKeys`), DatabaseMessages.readPasswordFailed);
  return isRetiredKeys(value) ? value : null;
}

/** Whether this client is connected to the server now (one answer from its `.info/connected`). */
export function connectedNow(): Promise<boolean> {
  return new Promise((resolve) => {
    onValue(ref(database, '.info/connected'), (snapshot) => resolve(snapshot.val() === true), { onlyOnce: true });
  });
}
