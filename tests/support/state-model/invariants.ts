/**
 * The invariants. At every write of a device's storage: nothing stored loses protection or can never be opened
 * again, and no device drops the last record of a key that opens its cards (DESIGN.md invariant 11); a key the
 * account retired when it was replaced still opens through the current one. Once a sequence has settled: the account
 * has one key, which opens every acknowledged card on the server and which every signed-in device (each of its tabs)
 * holds; after a key replacement, every card on the server opens under that key and, with a device signed in, is
 * sealed under it (cards of a retired key were sealed again); every acknowledged card is where it should be (in
 * storage while signed out, on the server while signed in), nothing is left waiting in an outbox, and every tab is
 * ready, unlocked and shows exactly what storage (signed in: the server with the outbox laid over it) holds, with no
 * card it cannot open.
 */
import type { EncryptedCollection, StoredCard } from '../../../src/domain/card';
import { outboxOf, overlay } from '../../../src/domain/outbox';
import type { AuthRecords } from '../../../src/domain/secret';
import { sameRecords } from '../../../src/state/device-records';
import { protectionProblem } from '../../../src/storage/protection';
import type { Version } from './core';
import { ModelFailure, UID } from './core';
import type { Device } from './device';
import { checkReplacedKey } from './invariants-key';
import { keyOfCard, keyOfRecord, opensUnder, shownSummary, storedSummary, versionOf, versionOfSealed } from './tokens';
import type { World } from './world';

/** The keys a device's records wrap (the model has no passkeys). */
const keysOf = (auth: AuthRecords): Set<string> =>
  new Set([auth.pin, auth.password].flatMap((record) => (record ? [keyOfRecord(record)] : [])));

/**
 * At every write (`before`: the records stored until now): nothing stored loses protection or can never be opened
 * again, and no device drops the last record of a key that opens its cards: those it stores, and while signed in
 * the account's cards on the server.
 */
export function checkStored(world: World, device: Device, before?: AuthRecords): void {
  const { cards, auth } = world.read(device);
  const problem = protectionProblem(cards, auth);
  if (problem)
    throw new ModelFailure('protection', `${device.name} stores ${cards.type} cards beside ${JSON.stringify(auth)}`);
  const keys = keysOf(auth);
  if (keys.size > 1) throw new ModelFailure('records', `${device.name}'s PIN and password wrap different keys`);
  // A key the account retired opens through the key of its record (signed in: what is stored is the account's).
  const retired = auth.password === null ? null : world.server.retiredKeys;
  const opens = (key: string) => [...keys].some((held) => opensUnder(held, retired, key));
  // Signed in with key replacement, the cards stored are only a copy of what this device last heard of the account's
  // (sync-session.ts `keepForOffline`), its own key replacement on its way included, or of a newer key it has yet to
  // enter the password of: the account's cards are on the server (checked there).
  const copy = auth.password !== null && world.closer;
  if (cards.type === 'ENCRYPTED' && !copy) {
    for (const card of Object.values(cards.cards)) {
      if (!opens(keyOfCard(card)))
        throw new ModelFailure('records', `${device.name} stores ${card.id} under a key no record holds`);
    }
  }
  if (!before || auth.password === null) return;
  const dropped = new Set([...keysOf(before)].filter((key) => !keys.has(key)));
  const lost = Object.values(world.server.cards).filter(
    (card) => dropped.has(keyOfCard(card)) && !opens(keyOfCard(card)),
  );
  if (lost.length > 0)
    throw new ModelFailure(
      'key',
      `${device.name} dropped its last record of ${[...dropped].join(', ')}, which opens ${lost.map((card) => card.id).join(', ')} on the server`,
    );
}

/**
 * Once settled, one key per account: every acknowledged card on the server opens under the key of the account's
 * record, and every device signed in holds that key, so no card readable on one device is unreadable on another.
 */
export function checkOneKey(world: World): void {
  const accountKey = world.server.password ? keyOfRecord(world.server.password) : null;
  for (const version of world.versions.values()) {
    const there = world.server.cards[version.id];
    if (!version.acked || !there || versionOfSealed(there) !== version.version) continue;
    if (keyOfCard(there) !== accountKey)
      throw new ModelFailure(
        'key',
        `${version.id}:${version.version} (saved in ${version.by}) is on the server under ${keyOfCard(there)}, but the account's record wraps ${accountKey ?? 'no key'}`,
      );
  }
  for (const device of world.devices) {
    const { auth } = world.read(device);
    if (auth.password === null) continue;
    const other = [...keysOf(auth)].find((key) => key !== accountKey);
    if (other)
      throw new ModelFailure(
        'key',
        `${device.name} holds ${other}, but the account's record wraps ${accountKey ?? 'no key'}: cards sealed under one are unreadable under the other`,
      );
    // Every tab, settled and unlocked, holds it in its worker: what it seals now, every device opens.
    const tab = device.tabs.find((one) => one.phase === 'ready' && !one.locked && one.key !== accountKey);
    if (tab)
      throw new ModelFailure(
        'key',
        `${tab.name}'s worker holds ${tab.key ?? 'no key'}, the account's is ${accountKey}`,
      );
  }
}

export function check(world: World): void {
  const server: EncryptedCollection = { type: 'ENCRYPTED', cards: world.server.cards };
  const serverKey = world.server.password ? keyOfRecord(world.server.password) : null;
  // Another client's record over its own key stands when no device is left signed in to refuse it and put its own
  // key back: the cards then wait for a device that holds their key (docs/security.md).
  const signedIn = world.devices.some((device) => world.read(device).auth.password !== null);
  if (world.run === 'replaceKey') checkReplacedKey(world, signedIn, checkOneKey);
  else if (!world.otherClient || signedIn) {
    checkOneKey(world);
    for (const card of Object.values(server.cards)) {
      if (keyOfCard(card) !== serverKey)
        throw new ModelFailure('server', `${card.id} on the server is sealed under a key the account does not hold`);
    }
  }
  for (const device of world.devices) {
    const stored = world.read(device);
    checkStored(world, device);
    const signedIn = stored.auth.password !== null;
    const waiting = Object.keys(stored.outbox.cards);
    if (signedIn && waiting.length > 0)
      throw new ModelFailure('outbox', `${device.name} still has ${waiting.join(', ')} waiting after settling`);
    for (const tab of device.tabs) {
      if (tab.phase !== 'ready') throw new ModelFailure('view', `${tab.name} is stuck in phase ${tab.phase}`);
      if (tab.locked) throw new ModelFailure('view', `${tab.name} is still locked`);
      if (tab.passwordStale) throw new ModelFailure('view', `${tab.name} still waits for a newer password`);
      if (tab.unreadable.length > 0)
        throw new ModelFailure(
          'view',
          `${tab.name} lists unreadable cards ${tab.unreadable.map((c) => c.id).join(', ')}`,
        );
      if (!sameRecords(tab.records, stored.auth))
        throw new ModelFailure('view', `${tab.name} knows other records than storage holds`);
      if ((tab.user !== null) !== signedIn || (tab.session !== null) !== signedIn)
        throw new ModelFailure('view', `${tab.name} is ${tab.user ? '' : 'not '}signed in, storage says otherwise`);
      const holds = signedIn ? overlay(server, outboxOf(stored.outbox, UID)) : stored.cards;
      const expected = storedSummary(holds);
      const shown = shownSummary(tab.shown);
      if (shown !== expected)
        throw new ModelFailure(
          'view',
          `${tab.name} shows [${shown}] but ${signedIn ? 'the server' : 'storage'} holds [${expected}]`,
        );
    }
  }
  for (const version of world.versions.values()) {
    if (!version.acked) continue;
    const place = version.place;
    const label = `${version.id}:${version.version}@${version.modifiedAt} (saved in ${version.by})`;
    if (place.kind === 'local') {
      const card = world.read(place.device).cards.cards[version.id] as StoredCard | undefined;
      if (!card || versionOf(card) !== version.version)
        throw new ModelFailure('acknowledged', `${label} is missing from ${place.device.name}'s storage`);
    } else if (place.kind === 'account') {
      const there = server.cards[version.id];
      const newerThere = there && there.modifiedAt >= version.modifiedAt;
      const deletedLater = world.deletions.some((d) => d.id === version.id && d.at >= version.modifiedAt);
      if (!newerThere && !deletedLater && !leftWithItsReplacement(world, version))
        throw new ModelFailure(
          'acknowledged',
          `${label} is not on the server (${there ? `it holds ${versionOfSealed(there)}@${there.modifiedAt}` : 'no such card'})`,
        );
      if (there && there.modifiedAt === version.modifiedAt && versionOfSealed(there) !== version.version) {
        const tie = [...world.versions.values()].some(
          (other) => other.id === version.id && other.modifiedAt === version.modifiedAt && other !== version,
        );
        if (!tie) throw new ModelFailure('acknowledged', `${label} was replaced on the server by an unknown version`);
      }
    }
  }
}

/** A change replaced in the outbox by a later one that sign-out then dropped (or the server refused) left with it. */
function leftWithItsReplacement(world: World, version: Version): boolean {
  const seen = new Set<string>();
  let next = version.replacedBy;
  while (next && !seen.has(next)) {
    seen.add(next);
    const later = world.versions.get(next);
    if (!later) return false;
    if (later.place.kind === 'exempt') return true;
    next = later.replacedBy;
  }
  return false;
}
