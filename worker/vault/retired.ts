/**
 * The account's retired keys as this worker knows them: the sealed list the page last heard from the server
 * (`setRetiredKeys`), opened under the held key the first time a card needs it. The sealed list is ciphertext and
 * outlives a lock; the opened keys belong to the held key and go with it (custody.ts clears them on every change).
 */
import type { EncryptedCard } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import type { RetiredKeys } from '../../src/domain/secret';
import type { DataKey } from '../crypto/keys';
import { openRetiredKeys } from '../crypto/retired-keys';
import { decryptAll, isOpened, type Outcome } from './cards';

let sealed: RetiredKeys | null = null;
let opened: { under: DataKey; keys: DataKey[] } | undefined;

/** The list the account holds now (null: none); keys opened from an earlier one are dropped. */
export function setRetiredKeys(next: RetiredKeys | null): void {
  sealed = next;
  opened = undefined;
}

export const sealedRetiredKeys = (): RetiredKeys | null => sealed;

/** The retired keys `held` opens from the list known now, newest first; none without a list or a key. */
export async function retiredKeysUnder(held: DataKey | undefined): Promise<DataKey[]> {
  if (!held || !sealed) return [];
  if (opened?.under === held) return opened.keys;
  const list = sealed;
  const keys = await openRetiredKeys(held, list);
  // Only if nothing changed meanwhile: a newer list, or another key, opens its own.
  if (sealed === list) opened = { under: held, keys };
  return keys;
}

/** The held key changed or went: keys opened under the old one are not kept. */
export function forgetOpenedRetiredKeys(): void {
  opened = undefined;
}

/**
 * `cards` opened under `held`, and each that the held key cannot open (another key) tried under the retired keys,
 * newest first. `retired[i]`: whether card i opened only under a retired key, so it is to be sealed again.
 */
export async function decryptWithRetired(
  held: DataKey,
  cards: readonly EncryptedCard[],
): Promise<{ outcomes: Outcome[]; retired: boolean[] }> {
  const outcomes = await decryptAll(held, cards);
  const retired = cards.map(() => false);
  const shut = (): number[] =>
    outcomes.flatMap((outcome, index) =>
      !isOpened(outcome) && outcome.reason === UnreadableReasons.wrongKey ? [index] : [],
    );
  if (shut().length === 0) return { outcomes, retired };
  for (const key of await retiredKeysUnder(held)) {
    const waiting = shut();
    if (waiting.length === 0) break;
    const again = await decryptAll(
      key,
      waiting.map((index) => cards[index] as EncryptedCard),
    );
    again.forEach((outcome, at) => {
      const index = waiting[at] as number;
      // A card that opens under an old key but is not card data is reported for that, not as another key's.
      if (isOpened(outcome) || outcome.reason !== UnreadableReasons.wrongKey) {
        outcomes[index] = outcome;
        retired[index] = isOpened(outcome);
      }
    });
  }
  return { outcomes, retired };
}
