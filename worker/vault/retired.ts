/**
 * The account's retired keys as this worker knows them: the sealed list the page last heard from the server
 * (`setRetiredKeys`), opened under the held key the first time a card needs it. The sealed list is ciphertext and
 * outlives a lock; the opened keys belong to the held key and go with it (custody.ts clears them on every change).
 */
import type { CardData, EncryptedCard } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import { SAVED_WITH_OLD_KEY } from '../../src/domain/saved-with-old-key';
import type { RetiredKeys } from '../../src/domain/secret';
import type { DataKey } from '../crypto/keys';
import { openRetiredKeys, type RetiredKey } from '../crypto/retired-keys';
import { decryptAll, isOpened, type Outcome } from './cards';

let sealed: RetiredKeys | null = null;
/** Whether the page has told the list at all: before it, `sealed` is no list, not a list the account lacks. */
let heard = false;
let opened: { under: DataKey; keys: RetiredKey[] } | undefined;

/** The list the account holds now (null: none); keys opened from an earlier one are dropped. */
export function setRetiredKeys(next: RetiredKeys | null): void {
  sealed = next;
  heard = true;
  opened = undefined;
}

/** Whether the account's list was told to this worker: a replacement that had not heard it would drop older keys. */
export const retiredKeysHeard = (): boolean => heard;

export const sealedRetiredKeys = (): RetiredKeys | null => sealed;

/** The retired keys `held` opens from the list known now, newest first; none without a list or a key. */
export async function retiredKeysUnder(held: DataKey | undefined): Promise<RetiredKey[]> {
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
 * Whether a record a retired key opened is one the replacement that retired it already knew: its id among the cards
 * it sealed again, dated no later than the replacement. Any other was saved with the old key after the key was
 * replaced: by a device that had not heard of it yet, or by whoever kept the old password and an old record. Only the
 * person can tell which (worker/api.ts, `keepSavedWithOldKey`).
 */
export const knownTo = (retired: RetiredKey, id: string, modifiedAt: number): boolean =>
  retired.known.has(id) && modifiedAt <= retired.retiredAt;

/** What opening cards under the held key and the retired ones gives, card by card. */
export interface RetiredOutcomes {
  outcomes: Outcome[];
  /** Whether card i opened under a retired key that knew it: it is to be sealed again. */
  retired: boolean[];
  /** Card i's data, when it opened under a retired key that did not know it (its outcome says so). */
  apart: (CardData | undefined)[];
}

/**
 * `cards` opened under `held`, and each that the held key cannot open (another key) tried under the retired keys,
 * newest first. A card a retired key opens but did not know is not opened: its outcome names it
 * (`SAVED_WITH_OLD_KEY`) and its data is kept apart in `apart`.
 */
export async function decryptWithRetired(held: DataKey, cards: readonly EncryptedCard[]): Promise<RetiredOutcomes> {
  const outcomes = await decryptAll(held, cards);
  const retired = cards.map(() => false);
  const apart: (CardData | undefined)[] = cards.map(() => undefined);
  const shut = (): number[] =>
    outcomes.flatMap((outcome, index) =>
      !isOpened(outcome) && outcome.reason === UnreadableReasons.wrongKey ? [index] : [],
    );
  if (shut().length === 0) return { outcomes, retired, apart };
  for (const entry of await retiredKeysUnder(held)) {
    const waiting = shut();
    if (waiting.length === 0) break;
    const again = await decryptAll(
      entry.key,
      waiting.map((index) => cards[index] as EncryptedCard),
    );
    again.forEach((outcome, at) => {
      const index = waiting[at] as number;
      const card = cards[index] as EncryptedCard;
      if (isOpened(outcome) && !knownTo(entry, card.id, card.modifiedAt)) {
        outcomes[index] = { reason: SAVED_WITH_OLD_KEY };
        apart[index] = outcome;
        return;
      }
      // A card that opens under an old key but is not card data is reported for that, not as another key's.
      if (isOpened(outcome) || outcome.reason !== UnreadableReasons.wrongKey) {
        outcomes[index] = outcome;
        retired[index] = isOpened(outcome);
      }
    });
  }
  return { outcomes, retired, apart };
}
