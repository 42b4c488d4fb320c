/**
 * The invariants checked once a sequence has settled: every acknowledged card is where it should be (in storage
 * while signed out, on the server while signed in), nothing is left waiting in an outbox, and every tab is ready,
 * unlocked and shows exactly what storage (signed in: the server with the outbox laid over it) holds.
 */
import type { EncryptedCollection, StoredCard } from '../../../src/domain/card';
import { outboxOf, overlay } from '../../../src/domain/outbox';
import { sameRecords } from '../../../src/state/device-records';
import { ModelFailure, UID } from './core';
import { keyOfCard, keyOfRecord, shownSummary, storedSummary, versionOf, versionOfSealed } from './tokens';
import type { Version, World } from './world';

export function check(world: World): void {
  const server: EncryptedCollection = { type: 'ENCRYPTED', cards: world.server.cards };
  const serverKey = world.server.password ? keyOfRecord(world.server.password) : null;
  for (const card of Object.values(server.cards)) {
    if (keyOfCard(card) !== serverKey)
      throw new ModelFailure('server', `${card.id} on the server is sealed under a key the account does not hold`);
  }
  for (const device of world.devices) {
    const stored = world.read(device);
    world.checkStorage(device);
    const signedIn = stored.auth.password !== null;
    const waiting = Object.keys(stored.outbox.cards);
    if (signedIn && waiting.length > 0)
      throw new ModelFailure('outbox', `${device.name} still has ${waiting.join(', ')} waiting after settling`);
    for (const tab of device.tabs) {
      if (tab.phase !== 'ready') throw new ModelFailure('view', `${tab.name} is stuck in phase ${tab.phase}`);
      if (tab.locked) throw new ModelFailure('view', `${tab.name} is still locked`);
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
