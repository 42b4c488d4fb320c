/**
 * src/state/newer-password.ts and lock.ts `markPasswordStale`: a password record newer than this device's, heard
 * from the server, locks the tab until its password is entered; the record is adopted (and the PIN dropped for it)
 * only once its key opens the cards this device's key opened, else every record stays and the person may keep this
 * device's key, whose record goes back to the account. And the other client that writes such a record.
 */
import type { EncryptedCard, EncryptedCollection, OpenedCards } from '../../../src/domain/card';
import { SleeveError } from '../../../src/domain/errors';
import { cardsLostByNewKey } from '../../../src/domain/key-proof';
import type { SecretRecord } from '../../../src/domain/secret';
import { openPlain } from '../../../src/domain/stored-cards';
import { assertUnchanged, CHANGED_ELSEWHERE, sameRecord } from '../../../src/state/device-records';
import type { Flow } from './core';
import { STEP } from './core';
import type { Tab } from './device';
import { writePasswordRecord } from './network';
import { writeAccountRecord } from './record-writes';
import { lockDevice } from './secrets';
import { setRecords } from './store';
import { recordKey } from './sync-session';
import { keyOfCard, keyOfRecord } from './tokens';
import { engine, openCollection, secretRecord } from './worker';
import { setRetiredKeys } from './worker-retired';
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

/**
 * newer-password.ts `adoptNewerPassword`, in the unlock with the new password (`unlocked`: what its key opened): what
 * the new key opens, with the account's retired keys, is what shows.
 */
export function* adoptNewerPassword(
  world: World,
  tab: Tab,
  record: SecretRecord,
  unlocked: OpenedCards,
): Flow<OpenedCards> {
  const known = tab.records;
  const before = tab.cardsBeforeLock;
  // The opened collection, and the account's cards as the server holds them this moment, read once with its retired
  // keys (offline, nothing is adopted): each card the new key cannot decrypt, even through the retired keys, counts,
  // unless this tab's key could not either.
  let opened = unlocked;
  let now: OpenedCards | null = null;
  if (tab.session && world.closer) {
    yield STEP; // the server's cards and retired keys, read together
    if (!tab.device.online) throw new SleeveError('Failed to get cards from server');
    const cards: EncryptedCollection = { type: 'ENCRYPTED', cards: { ...world.server.cards } };
    const retired = world.server.retiredKeys;
    yield* engine(tab, () => setRetiredKeys(tab, retired));
    const stored = tab.collection;
    opened = stored.type === 'UNENCRYPTED' ? openPlain(stored) : yield* engine(tab, () => openCollection(tab, stored));
    now = yield* engine(tab, () => openCollection(tab, cards));
  }
  const lost = world.closer
    ? [...cardsLostByNewKey(opened, before), ...(now ? cardsLostByNewKey(now, before) : [])]
    : lostAsBefore(world, tab, record, unlocked);
  if (lost.length > 0) {
    world.note(`${tab.name} refuses the newer record: its key cannot open ${lost.join(', ')}`);
    tab.keyConflict = true;
    throw new SleeveError('This password opens a key that cannot open your cards.');
  }
  const remembered = before === null ? 'none: it started locked' : `[${before.readable.join(' ')}]`;
  world.note(`${tab.name} adopts the newer record: its key opens the cards it remembered, ${remembered}`);
  const stored = yield* world.updateStorage(tab, (current) => {
    // A newer record came meanwhile, or the account left this device (the run with key replacement).
    if (world.closer && tab.newerPassword !== record) throw new SleeveError(CHANGED_ELSEWHERE);
    assertUnchanged(current.auth, known);
    return { auth: { ...current.auth, password: record, pin: null, passkey: null } };
  });
  setRecords(tab, stored.auth);
  clearPasswordStale(tab);
  return opened;
}

/**
 * The key proof as the earlier runs made it, at once, with the server's cards read even without a session, and no
 * retired keys (there are none there): see `World.closer`.
 */
function lostAsBefore(world: World, tab: Tab, record: SecretRecord, opened: OpenedCards): string[] {
  const lost = cardsLostByNewKey(opened, tab.cardsBeforeLock);
  if (!tab.device.online) throw new SleeveError('Failed to get cards from server');
  const couldNot = new Set(tab.cardsBeforeLock?.unreadable);
  const wrong = (card: EncryptedCard) => keyOfCard(card) !== keyOfRecord(record) && !couldNot.has(card.id);
  return [...lost, ...Object.values(world.server.cards).flatMap((card) => (wrong(card) ? [card.id] : []))];
}

/** newer-password.ts `keepDeviceKey`: this device's record goes back to the account, dated after the refused one. */
export function* keepDeviceKey(world: World, tab: Tab): Flow {
  const local = tab.records.password;
  const refused = tab.newerPassword;
  if (!tab.session || !local || !refused) return clearPasswordStale(tab);
  const record: SecretRecord = { ...local, modifiedAt: Math.max(world.now(tab.device), refused.modifiedAt + 1) };
  // Over the refused record only: a record written since (a password changed, the key replaced) is heard and
  // weighed in its turn rather than overwritten.
  // Another device or tab that held this record and kept its key first put back this very key: the keep is done.
  const kept = yield* writeAccountRecord(world, tab.session, {
    replaces: refused,
    record,
    held: local,
    asGood: (held) => recordKey(held) === recordKey(local),
  });
  if (!sameRecord(tab.records.password, kept)) throw new SleeveError(CHANGED_ELSEWHERE);
  world.note(`${tab.name} keeps this device's key: its record went back to the account`);
  world.stats.keysKept += 1;
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
