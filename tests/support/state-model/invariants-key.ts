/**
 * The invariants of the run with key replacement (src/state/replace-key.ts), once a sequence has settled: every card
 * on the server opens under the key of the account's record, directly or through the retired keys it opens (no card
 * that was readable becomes unreadable); with a device signed in, the account has that one key, which every
 * signed-in device and each of its tabs holds (`checkOneKey`), and every card on the server is sealed under it: the
 * cards of a retired key were sealed again, and that reached the server. With no device left signed in, nobody is
 * there to seal them again: they wait, readable, for the next device.
 */
import { ModelFailure } from './core';
import { keyOfCard, keyOfRecord, opensUnder, retiredUnder } from './tokens';
import type { World } from './world';

export function checkReplacedKey(world: World, signedIn: boolean, checkOneKey: (world: World) => void): void {
  const record = world.server.password;
  const accountKey = record ? keyOfRecord(record) : null;
  const retired = world.server.retiredKeys;
  const cards = Object.values(world.server.cards);
  for (const card of cards) {
    if (!opensUnder(accountKey, retired, keyOfCard(card)))
      throw new ModelFailure(
        'readable',
        `${card.id} on the server is under ${keyOfCard(card)}, which neither the account's key ${accountKey ?? '-'} ` +
          `nor its retired keys [${retiredUnder(retired, accountKey).join(' ')}] are: no device can open it`,
      );
  }
  if (!signedIn) return;
  checkOneKey(world);
  for (const card of cards) {
    if (keyOfCard(card) !== accountKey)
      throw new ModelFailure(
        'resealed',
        `${card.id} on the server is still under the retired key ${keyOfCard(card)}, not sealed again under ${accountKey}`,
      );
  }
}
