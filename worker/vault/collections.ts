/**
 * The storage rules for cards: how a collection is opened for view and how one card is sealed for storage,
 * depending on whether the DEK is held. One collection never mixes encrypted and plain cards.
 */
import type {
  CardCollection,
  CardData,
  EncryptedCard,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
  StoredCard,
  UnreadableCard,
} from '../../src/domain/card';
import { CARD_ID_PATTERN } from '../../src/domain/card-id';
import { InvalidArgumentError, InvalidStateError, Messages } from '../../src/domain/errors';
import { byModifiedDesc } from '../../src/domain/search';
import type { SecretRecord } from '../../src/domain/secret';
import { openPlain, sortOut, sortOutCards } from '../../src/domain/stored-cards';
import { cachedData, remember, rememberOnly } from './card-cache';
import { toCardData } from './card-shape';
import { decryptEvery, encryptCard, isOpened } from './cards';
import { heldKey, lock, unlock } from './custody';
import { decryptWithRetired } from './retired';

/**
 * View cards, newest first as the list shows them (sorted here, off the main thread), and the cards that could not
 * be opened, each with its reason. Opening never fails because of one card: a person must never believe a card is
 * gone, nor lose the others to it. Cards opened before under the held DEK with the same id, IV and ciphertext come
 * from the cache, so a live update that changes one card decrypts one card.
 */
export async function openCollection(collection: CardCollection): Promise<OpenedCards> {
  return openChecked(checkEntries(collection));
}

/** A collection with each entry's shape checked: a plain one opened, an encrypted one sorted out for decryption. */
type CheckedCollection =
  | { type: 'UNENCRYPTED'; opened: OpenedCards }
  | { type: 'ENCRYPTED'; wellFormed: EncryptedCard[]; unreadable: UnreadableCard[] };

function checkEntries(collection: CardCollection): CheckedCollection {
  if (collection.type === 'UNENCRYPTED') {
    const opened = openPlain(collection);
    return { type: 'UNENCRYPTED', opened: { cards: opened.cards.sort(byModifiedDesc), unreadable: opened.unreadable } };
  }
  const { cards, unreadable } = sortOutCards(collection);
  return { type: 'ENCRYPTED', wellFormed: cards, unreadable };
}

async function openChecked(checked: CheckedCollection): Promise<OpenedCards> {
  if (checked.type === 'UNENCRYPTED') return checked.opened;
  const { wellFormed: all, unreadable } = checked;
  const dek = heldKey();
  if (!dek) throw new InvalidStateError(Messages.keyMissingDecrypt);
  const known = all.map(cachedData);
  const fresh = await decryptWithRetired(
    dek,
    all.filter((_, index) => known[index] === undefined),
  );
  const cards: PlainCard[] = [];
  const opened: EncryptedCard[] = [];
  const openedData: CardData[] = [];
  const underRetiredKey: string[] = [];
  let next = 0;
  all.forEach((card, index) => {
    const fromCache = known[index];
    const at = fromCache === undefined ? next++ : -1;
    const outcome = fromCache ?? fresh.outcomes[at];
    if (outcome && isOpened(outcome)) {
      cards.push({ id: card.id, data: outcome, modifiedAt: card.modifiedAt });
      // Not cached: until it is sealed again, every open says so.
      if (fresh.retired[at] === true) underRetiredKey.push(card.id);
      else {
        opened.push(card);
        openedData.push(outcome);
      }
    } else if (outcome) {
      const seen = at >= 0 ? fresh.apart[at] : undefined;
      unreadable.push(
        seen ? { ...unreadableCard(card, outcome.reason), seen: seenOf(seen) } : unreadableCard(card, outcome.reason),
      );
    }
  });
  // The cache then holds exactly the opened cards, so deleted ones leave memory and bad ones are never kept; unless
  // the key was dropped or replaced while the cards were decrypted, since the cache belongs to the key held now.
  if (heldKey() === dek) {
    rememberOnly(opened, openedData);
  }
  const sorted = cards.sort(byModifiedDesc);
  return underRetiredKey.length > 0 ? { cards: sorted, unreadable, underRetiredKey } : { cards: sorted, unreadable };
}

/** What the person is shown of a card kept apart: its network, last four digits and cardholder. */
const seenOf = (data: CardData): NonNullable<UnreadableCard['seen']> => ({
  network: data.network,
  last4: data.number.slice(-4),
  cardholder: data.cardholder,
});

const unreadableCard = (card: StoredCard, reason: string): UnreadableCard => ({
  id: card.id,
  modifiedAt: card.modifiedAt,
  reason,
});

/**
 * Unlocks and, given the locked wallet's collection, opens it in the same call: unlocking exists to show the cards,
 * and one round trip instead of two keeps the person's wait to the derivation and the decryption. A card that does
 * not open is listed as unreadable; only a failure of the open itself drops the key just unwrapped.
 */
export async function unlockAndOpen(
  secret: string,
  record: SecretRecord,
  collection: CardCollection | undefined,
): Promise<OpenedCards> {
  const unlocking = unlock(secret, record);
  // Checking every entry's shape needs no key: it is done while the unlock waits on storage and the derivation,
  // not after them. A value that is no collection at all fails as its open would: once the unlock has settled, with
  // the key it took dropped again.
  let checked: CheckedCollection | undefined;
  try {
    checked = collection && checkEntries(collection);
  } catch (error) {
    await unlocking.catch(() => undefined);
    lock();
    throw error;
  }
  await unlocking;
  return openWithNewKey(checked);
}

/** Opens `collection` with the key just taken; if that fails, the key is dropped again: no half-open wallet stays. */
export async function openWithNewKey(collection: CardCollection | CheckedCollection | undefined): Promise<OpenedCards> {
  if (!collection) return { cards: [], unreadable: [] };
  try {
    return await openChecked('cards' in collection ? checkEntries(collection) : collection);
  } catch (error) {
    lock();
    throw error;
  }
}

/** The whole collection as plain cards, for removing the last secret: refused while any card does not open. */
export async function decryptCollection(collection: CardCollection): Promise<PlainCollection> {
  if (collection.type === 'UNENCRYPTED') return { type: 'UNENCRYPTED', cards: { ...collection.cards } };
  const dek = heldKey();
  if (!dek) throw new InvalidStateError(Messages.keyMissingDecrypt);
  const { wellFormed, unreadable } = sortOut(collection);
  if (unreadable.length > 0) throw new InvalidStateError(Messages.unreadableKeepPin);
  const cards = await decryptEvery(dek, wellFormed as EncryptedCollection, Messages.unreadableKeepPin);
  return { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, card])) };
}

/**
 * One card as it is to be stored. ENCRYPTED needs the held DEK; UNENCRYPTED is refused while a DEK is held, since
 * the page then believes no secret exists while the worker holds one (a PIN created in another tab). The caller
 * chose the id (src/domain/card-id.ts) and the time; the card's data is checked and put in wire order here.
 */
export async function sealCard(card: PlainCard, type: CardCollection['type']): Promise<StoredCard> {
  // RegExp.test turns a number into text, so 12345678 would pass the pattern and be stored under "12345678" with an
  // id that does not match its key: a card sealed here that every later open lists as unreadable.
  if (typeof card.id !== 'string' || !CARD_ID_PATTERN.test(card.id)) {
    throw new InvalidArgumentError(`Invalid card id: ${JSON.stringify(card.id)}`);
  }
  if (!Number.isFinite(card.modifiedAt)) throw new InvalidArgumentError('Invalid card date');
  const plain: PlainCard = { id: card.id, data: toCardData(card.data), modifiedAt: card.modifiedAt };
  const dek = heldKey();
  if (type === 'UNENCRYPTED') {
    if (dek) throw new InvalidArgumentError(Messages.mixedCollection);
    return plain;
  }
  if (!dek) throw new InvalidStateError(Messages.keyMissingEncrypt);
  const stored = await encryptCard(dek, plain);
  // The server (or the next open) brings this card back; it opens from the cache, not a decryption. Not when the
  // key went while the card was encrypted: the cache is emptied with the key and must stay empty.
  if (heldKey() === dek) remember(stored, plain.data);
  return stored;
}

/**
 * The cards that open only under a retired key that knew them, sealed again under the held one (ids and dates
 * unchanged). With `savedWithOldKey`, those saved with a retired key after it was replaced instead: the person chose to
 * keep them.
 */
export async function sealAgain(cards: EncryptedCard[], savedWithOldKey = false): Promise<EncryptedCard[]> {
  const dek = heldKey();
  if (!dek) throw new InvalidStateError(Messages.keyMissingEncrypt);
  const { outcomes, retired, apart } = await decryptWithRetired(dek, cards);
  const again: EncryptedCard[] = [];
  for (const [index, card] of cards.entries()) {
    const outcome = outcomes[index];
    const data = savedWithOldKey
      ? apart[index]
      : retired[index] === true && outcome && isOpened(outcome)
        ? outcome
        : undefined;
    if (data) again.push(await encryptCard(dek, { id: card.id, data, modifiedAt: card.modifiedAt }));
  }
  return again;
}
