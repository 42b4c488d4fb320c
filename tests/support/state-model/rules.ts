/**
 * The server's rules as the model holds them (database.rules.json, database/records.ts, database/account-key.ts), and
 * the invariant every record the server takes must keep: the account's record never wraps a key it replaced.
 */
import type { EncryptedCard } from '../../../src/domain/card';
import type { RetiredKeys, SecretRecord } from '../../../src/domain/secret';
import { sameWrappedKey } from '../../../src/state/device-records';
import { ModelFailure } from './core';
import type { Replace } from './network';
import { keyOfRecord, retiredEntriesUnder } from './tokens';
import type { World } from './world';

/**
 * database.rules.json for one card: refused when older than the copy the server holds, or not newer than the card's
 * deletion record (the run with key replacement only, whose update that rule refuses: see `World.closer`).
 */
export function cardRefused(world: World, card: EncryptedCard): boolean {
  if ((world.server.cards[card.id]?.modifiedAt ?? -1) > card.modifiedAt) return true;
  return world.closer && (world.server.deleted[card.id] ?? -1) >= card.modifiedAt;
}

const sameList = (a: RetiredKeys | null, b: RetiredKeys | null): boolean =>
  a === b || (a !== null && b !== null && a.ciphertext === b.ciphertext && a.iv === b.iv);

/**
 * The rules take a key replacement's update whole or refuse it whole: a record not newer than the account's, or any
 * card refused, or one over a record other than the one it replaces (the retired keys name its wrapped key), or a
 * retired-keys list whose `previous` is not the list the server holds.
 */
export function replaceRefused(world: World, replace: Replace): boolean {
  const held = world.server.password;
  if (replace.record.modifiedAt <= (held?.modifiedAt ?? -1)) return true;
  if (!held || !sameWrappedKey(held, replace.replaces)) return true;
  if (!sameList(world.server.retiredKeys, replace.previous)) return true;
  return replace.cards.some((card) => cardRefused(world, card));
}

/**
 * Every record the server takes (with the retired keys a replacement writes beside it): it must not wrap a key the
 * account retired. A record decided on an older one and landing late (a blind set of a changed password, a device's
 * key put back) would wrap the old key over the new one: the cards sealed under the new key open nowhere then.
 */
export function recordWritten(world: World, record: SecretRecord, retired?: RetiredKeys): void {
  const key = keyOfRecord(record);
  if (world.oldKeys.retiredEver.has(key))
    throw new ModelFailure(
      'record key',
      `the account's record now wraps ${key}, a key it replaced (by ${[...world.oldKeys.retiredEver].join(' ')})`,
    );
  for (const entry of retiredEntriesUnder(retired ?? null, key)) {
    if (world.oldKeys.retiredEver.has(entry.key)) continue;
    world.oldKeys.retiredEver.add(entry.key);
    world.oldKeys.replacements.push(entry);
  }
}
