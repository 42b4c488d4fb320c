/**
 * Replacing the data key, not only the password: for someone who knows the current password, a new DEK is made,
 * every card the held key opens is encrypted again under it, and a password record for the new password wraps it.
 * Whoever holds the old password and an old copy of the record (a server backup, an old device) then opens nothing
 * written from now on, nor the cards as they are stored after the replacement. The old key is kept for the account,
 * sealed under the new one (`retired`, crypto/retired-keys.ts): a device that sealed a change under it before it
 * heard of the new key still has that change opened, and sealed again, by every device that holds the new one.
 *
 * The held key does not change here: the new one waits (custody.ts `holdReplacement`) until the page has written the
 * record and the cards to the server in one update, and only then becomes the held key (`keepReplacement`). A write
 * that fails leaves the old key held, and the old record and cards are still what the server holds.
 */
import type { EncryptedCollection, PlainCollection } from '../../src/domain/card';
import type { EncryptedDetails } from '../../src/domain/card-details';
import { InvalidStateError, Messages } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import type { ReplacedKey } from '../api';
import { createRecord, generateDataKey } from '../crypto/records';
import { sealRetiredKeys } from '../crypto/retired-keys';
import { encryptCards } from './cards';
import { openCollection } from './collections';
import { heldKey, holdReplacement, proveCurrent } from './custody';
import { openDetailsWith, sealDetailsUnder } from './details';
import { noteRecordKey } from './record-keys';
import { retiredKeysHeard, retiredKeysUnder } from './retired';

export const RETIRED_KEYS_UNHEARD = "The account's retired keys must be read before the key is replaced.";

/**
 * The new key's record, cards and cards' details for `next`, proven by `current` opening `record` (a verify's proof, or one
 * derivation); one derivation for `next`. The card work, cheap and fallible, comes before the derivations.
 */
export async function replaceKey(
  current: string,
  record: SecretRecord,
  next: string,
  collection: EncryptedCollection,
  now: number,
  details: readonly EncryptedDetails[] = [],
): Promise<ReplacedKey> {
  const held = heldKey();
  if (!held) throw new InvalidStateError(Messages.refreshAndUnlock);
  // The new list holds the old one: without it, the keys retired before the held one would be left out of it.
  if (!retiredKeysHeard()) throw new InvalidStateError(RETIRED_KEYS_UNHEARD);
  const opened = await openCollection(collection);
  const key = await generateDataKey();
  const plain: PlainCollection = {
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(opened.cards.map((card) => [card.id, card])),
  };
  const encrypted = await encryptCards(key, plain);
  // Each card's details go under the new key too, keeping their date; a record that does not open stays as it is.
  const resealed: EncryptedDetails[] = [];
  for (const outcome of await openDetailsWith(held, details)) {
    if ('plain' in outcome) resealed.push(await sealDetailsUnder(key, outcome.id, outcome.modifiedAt, outcome.plain));
  }
  await proveCurrent({ secret: current, record }, held);
  const replaced = await createRecord(next, key, now, 'text');
  await noteRecordKey(replaced, key);
  // The key it replaces goes first in the account's list, so a card a late device seals under it still opens.
  // With what this replacement knew (each card it sealed again, and its date): the only cards the old key may still
  // bring to the account (worker/vault/retired.ts, `knownTo`).
  const knew = { key: held, retiredAt: now, known: new Set(opened.cards.map((card) => card.id)) };
  const retired = await sealRetiredKeys(key, [knew, ...(await retiredKeysUnder(held))]);
  // Locked meanwhile: nothing waits, and the page's write is refused when it asks to keep the key.
  if (heldKey() === held) holdReplacement(key, replaced, retired);
  return { record: replaced, collection: encrypted, unreadable: opened.unreadable, retired, details: resealed };
}
