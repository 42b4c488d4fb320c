/**
 * The worker's retired keys (worker/vault/retired.ts, worker/crypto/retired-keys.ts v2): the list as the page told
 * it, a card opened under a retired key only when the replacement that retired the key knew it (its id among the cards
 * it sealed again, dated no later than the replacement), any other kept apart for the person to keep or delete; and
 * the list a replacement writes.
 */
import type { EncryptedCard, PlainCard, UnreadableCard } from '../../../src/domain/card';
import { UnreadableReasons } from '../../../src/domain/card';
import { InvalidStateError, Messages } from '../../../src/domain/errors';
import { SAVED_WITH_OLD_KEY } from '../../../src/domain/saved-with-old-key';
import type { RetiredKeys } from '../../../src/domain/secret';
import { RETIRED_KEYS_KEPT } from '../../../src/domain/secret';
import type { Tab } from './device';
import type { RetiredEntry } from './tokens';
import { keyOfCard, plainData, retiredEntriesUnder, retiredEntryToken, versionOfSealed } from './tokens';
import { seal } from './worker';
import type { World } from './world';

/** How a card opens: under the held key, under a retired key that knew it, kept apart, or not at all. */
export type RetiredOutcome = 'held' | 'retired' | 'apart' | 'wrongKey';

/** retired.ts `knownTo`. */
const knownTo = (entry: RetiredEntry, card: EncryptedCard): boolean =>
  entry.known.has(card.id) && card.modifiedAt <= entry.retiredAt;

export function openRetired(tab: Tab, card: EncryptedCard): RetiredOutcome {
  const key = keyOfCard(card);
  if (key === tab.key) return 'held';
  const entry = retiredEntriesUnder(tab.retired, tab.key).find((one) => one.key === key);
  if (!entry) return 'wrongKey';
  return knownTo(entry, card) ? 'retired' : 'apart';
}

/** A card that did not open; one kept apart is told by what it is (collections.ts `seenOf`: the model's version). */
export function unreadableOf(card: EncryptedCard, outcome: 'apart' | 'wrongKey'): UnreadableCard {
  const base = { id: card.id, modifiedAt: card.modifiedAt };
  if (outcome === 'wrongKey') return { ...base, reason: UnreadableReasons.wrongKey };
  const seen = { network: 'VISA' as const, last4: '1111', cardholder: versionOfSealed(card) };
  return { ...base, reason: SAVED_WITH_OLD_KEY, seen };
}

/** engine.ts `setRetiredKeys`: the list as the account holds it now; whether the held key opens it. */
export function setRetiredKeys(tab: Tab, retired: RetiredKeys | null): boolean {
  tab.retired = retired;
  tab.retiredHeard = true;
  return retiredEntriesUnder(retired, tab.key).length > 0;
}

/**
 * collections.ts `sealAgain`: the cards that open only under a retired key that knew them, sealed under the held one;
 * with `savedWithOldKey`, those kept apart instead (the person chose to keep them: `keepSavedWithOldKey`).
 */
export function sealAgain(
  world: World,
  tab: Tab,
  cards: readonly EncryptedCard[],
  savedWithOldKey = false,
): EncryptedCard[] {
  const held = tab.key;
  if (!held) throw new InvalidStateError(Messages.keyMissingEncrypt);
  return cards.flatMap((card) => {
    const outcome = openRetired(tab, card);
    if (outcome !== (savedWithOldKey ? 'apart' : 'retired')) return [];
    const plain: PlainCard = { id: card.id, modifiedAt: card.modifiedAt, data: plainData(versionOfSealed(card)) };
    return [seal(world, tab, plain, 'ENCRYPTED', held) as EncryptedCard];
  });
}

/**
 * replace-key.ts: the list a replacement writes, sealed under the new key: the held key first, with the ids of the
 * cards it sealed again and its date, then the entries the account's list held already.
 */
export function retiredAfter(
  world: World,
  tab: Tab,
  held: string,
  key: string,
  now: number,
  known: readonly string[],
): RetiredKeys {
  const entries = [{ key: held, retiredAt: now, known: new Set(known) }, ...retiredEntriesUnder(tab.retired, held)];
  const list = entries.slice(0, RETIRED_KEYS_KEPT).map(retiredEntryToken);
  return { ciphertext: `${key}|${list.join(' ')}`, iv: world.next('iv') };
}
