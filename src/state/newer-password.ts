/**
 * A password record newer than this device's, written on another device: adopted once its key is proven to open the
 * cards this device could open (DESIGN.md invariant 11), and otherwise refused with every record kept, leaving the
 * person the choice to keep this device's key, whose record then goes back to the account.
 */
import type { OpenedCards } from '../domain/card';
import { SleeveError } from '../domain/errors';
import { cardsLostByNewKey } from '../domain/key-proof';
import type { SecretRecord } from '../domain/secret';
import { getEngine } from '../engine';
import { updateStorage } from '../storage/local-storage';
import { assertUnchanged, CHANGED_ELSEWHERE, sameRecord } from './device-records';
import { clearPasswordStale, markKeyConflict } from './lock';
import { KeepKeyMessages, writeAccountRecord } from './record-writes';
import { cardsBeforeLock, newerPasswordRecord, records, session, setRecords, storedCollection } from './store';
import { openStored } from './view';

// Beyond SPEC.md: the account's newer password record wraps a key that cannot open this device's cards.
export const NewerPasswordMessages = {
  newKeyLosesCards: 'This password opens a key that cannot open your cards, so nothing was changed on this device.',
  keptDeviceKey: "This device's key is the account's key again. Your other devices ask for this device's password.",
} as const;

/**
 * The new password opened the key: its record replaces the old one here, and the PIN and passkey go with it, but only
 * once its key is proven to open the cards this device could open. Otherwise nothing is dropped, the key it opened
 * is dropped again (by `unlockStored`, src/state/secrets.ts), and the conflict is shown.
 */
export async function adoptNewerPassword(record: SecretRecord, unlocked: OpenedCards): Promise<OpenedCards> {
  const known = records();
  const before = cardsBeforeLock();
  // What this device holds, and the account's cards as the server holds them this moment: a card another device
  // added a moment ago may be sealed under the key that would be dropped (read once; offline, nothing is adopted).
  // A replaced key (src/state/replace-key.ts) keeps the one it replaced among the account's retired keys, which the
  // new key opens: read with the cards, so this device's cards, sealed under the old key, open through them.
  const account = session();
  const engine = getEngine();
  let opened = unlocked;
  let now: OpenedCards | null = null;
  if (account) {
    const [cards, retired] = await Promise.all([account.readServerCards(), account.readRetiredKeys()]);
    await engine.setRetiredKeys(retired);
    opened = await openStored(storedCollection());
    now = await engine.openCollection(cards);
  }
  if (cardsLostByNewKey(opened, before).length > 0 || (now && cardsLostByNewKey(now, before).length > 0)) {
    markKeyConflict();
    throw new SleeveError(NewerPasswordMessages.newKeyLosesCards);
  }
  const stored = await updateStorage((current) => {
    // While the key was proven, a newer record came (the tab locked for it) or the account left this device (another
    // tab signed out): this record is no longer what the tab waits for, and storing it would undo that.
    if (newerPasswordRecord() !== record) throw new SleeveError(CHANGED_ELSEWHERE);
    // Another tab changed the records meanwhile (a PIN made, this device's key kept): what it stored stands.
    assertUnchanged(current.auth, known);
    return { auth: { ...current.auth, password: record, pin: null, passkey: null } };
  });
  setRecords(stored.auth);
  clearPasswordStale();
  return opened;
}

/** The same key wrapped under the same password: the same salt, wrapped key and IV, whatever its date. */
const sameWrappedKey = (a: SecretRecord, b: SecretRecord): boolean =>
  a.salt === b.salt &&
  a.encryptedDek.ciphertext === b.encryptedDek.ciphertext &&
  a.encryptedDek.iv === b.encryptedDek.iv;

/**
 * The person keeps this device's key: its password record goes back to the account, dated after the refused one so
 * the server and every device take it as the newest, and this device unlocks as before (PIN, passkey or its
 * password). Nothing is re-encrypted: the record is the same wrapped key, newly dated.
 */
export async function keepDeviceKey(): Promise<void> {
  const account = session();
  const local = records().password;
  const refused = newerPasswordRecord();
  if (!account || !local || !refused) {
    clearPasswordStale();
    return;
  }
  // By the server's clock, which refuses a record dated ahead of it, and after the record it replaces.
  const record: SecretRecord = { ...local, modifiedAt: Math.max(account.now(), refused.modifiedAt + 1) };
  // Over the refused record only: another record written since (a password changed, the key replaced) is heard
  // and weighed in its turn rather than overwritten. Another device or tab that held this record and kept its key
  // first put back this very key (the same salt and wrapped key, dated by it): then the keep is done here too.
  const kept = await writeAccountRecord(account, {
    replaces: refused,
    record,
    held: local,
    messages: KeepKeyMessages,
    asGood: (held) => sameWrappedKey(held, local),
  });
  if (!sameRecord(records().password, kept)) throw new SleeveError(CHANGED_ELSEWHERE);
  clearPasswordStale();
}
