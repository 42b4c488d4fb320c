/**
 * src/state/newer-password.ts and lock.ts `markPasswordStale`: a password record newer than this device's, heard
 * from the server, locks the tab until its password is entered; the record is adopted (and the PIN dropped for it)
 * only once its key opens the cards this device's key opened, else every record stays and the person may keep this
 * device's key, whose record goes back to the account. And the other client that writes such a record.
 */
import type { OpenedCards } from '../../../src/domain/card';
import { SleeveError } from '../../../src/domain/errors';
import { cardsLostByNewKey } from '../../../src/domain/key-proof';
import type { SecretRecord } from '../../../src/domain/secret';
import { assertUnchanged, CHANGED_ELSEWHERE, sameRecord } from '../../../src/state/device-records';
import type { Flow } from './core';
import { STEP, UID } from './core';
import type { Tab } from './device';
import { writePasswordRecord } from './network';
import { lockDevice } from './secrets';
import { setRecords } from './store';
import { keyOfCard, keyOfRecord } from './tokens';
import { secretRecord } from './worker';
import type { World } from './world';

/** lock.ts `markPasswordStale`: the PIN stays; the tab locks and waits for the new password. */
export function* markPasswordStale(world: World, tab: Tab, record: SecretRecord): Flow {
  world.note(`${tab.name} hears a newer password record (${record.encryptedDek.ciphertext})`);
  tab.newerPassword = record;
  yield* lockDevice(tab);
  // Adopted, or the account left, while the key was dropped: nothing newer waits.
  if (tab.locked && tab.newerPassword === record) tab.passwordStale = true;
}

export function clearPasswordStale(tab: Tab): void {
  tab.newerPassword = null;
  tab.passwordStale = false;
  tab.keyConflict = false;
}

/** newer-password.ts `adoptNewerPassword`, in the unlock with the new password (`opened`: what its key opened). */
export function* adoptNewerPassword(world: World, tab: Tab, record: SecretRecord, opened: OpenedCards): Flow {
  // The opened collection, and the account's cards as the server holds them this moment, read once (offline,
  // nothing is adopted): each card the new key cannot decrypt counts, unless this tab's key could not either.
  const lost = cardsLostByNewKey(opened, tab.cardsBeforeLock);
  if (!tab.device.online) throw new SleeveError('Failed to get cards from server');
  const newKey = keyOfRecord(record);
  const couldNot = new Set(tab.cardsBeforeLock?.unreadable);
  lost.push(
    ...Object.values(world.server.cards).flatMap((card) =>
      keyOfCard(card) === newKey || couldNot.has(card.id) ? [] : [card.id],
    ),
  );
  if (lost.length > 0) {
    world.note(`${tab.name} refuses the newer record: its key cannot open ${lost.join(', ')}`);
    tab.keyConflict = true;
    throw new SleeveError('This password opens a key that cannot open your cards.');
  }
  const before = tab.cardsBeforeLock;
  const remembered = before === null ? 'none: it started locked' : `[${before.readable.join(' ')}]`;
  world.note(`${tab.name} adopts the newer record: its key opens the cards it remembered, ${remembered}`);
  const known = tab.records;
  const stored = yield* world.updateStorage(tab, (current) => {
    assertUnchanged(current.auth, known);
    return { auth: { ...current.auth, password: record, pin: null, passkey: null } };
  });
  setRecords(tab, stored.auth);
  clearPasswordStale(tab);
}

/** newer-password.ts `keepDeviceKey`: this device's record goes back to the account, dated after the refused one. */
export function* keepDeviceKey(world: World, tab: Tab): Flow {
  const local = tab.records.password;
  const refused = tab.newerPassword;
  if (!tab.session || !local || !refused) return clearPasswordStale(tab);
  const record: SecretRecord = { ...local, modifiedAt: Math.max(world.now(tab.device), refused.modifiedAt + 1) };
  yield STEP; // the sync session's setPasswordRecord
  if (!tab.device.online || tab.device.google !== UID) throw new SleeveError('Failed to set password on server');
  writePasswordRecord(world, record);
  world.note(`${tab.name} keeps this device's key: its record goes back to the account`);
  world.stats.keysKept += 1;
  const stored = yield* world.updateStorage(tab, (current) => {
    if (!sameRecord(current.auth.password, local)) throw new SleeveError(CHANGED_ELSEWHERE);
    return { auth: { ...current.auth, password: record } };
  });
  setRecords(tab, stored.auth);
  clearPasswordStale(tab);
}

/**
 * Another client of the account (or whoever can write the server) writes a newer password record over a key of its
 * own, under a password the person is given.
 */
export function writeForeignRecord(world: World): boolean {
  const held = world.server.password;
  // One per sequence: a second record before the first is settled is a race of two other clients, left out.
  if (!held || world.foreignRecords > 0) return false;
  const record = secretRecord(world, world.next('key'), Math.max(world.time, held.modifiedAt) + 1);
  world.note(`another client writes a password record over ${record.encryptedDek.ciphertext}`);
  writePasswordRecord(world, record);
  world.foreignRecords += 1;
  return true;
}
