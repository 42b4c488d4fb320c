/**
 * The storage rules for collections: how cards are opened for view and how a put card is stored, depending on
 * whether the DEK is held. One collection never mixes encrypted and plain cards.
 */
import type { CardCollection, CardData, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages } from '../../src/domain/errors';
import { byModifiedDesc } from '../../src/domain/search';
import type { SecretRecord } from '../../src/domain/secret';
import type { PutCardResult } from '../api';
import { remember } from './card-cache';
import { CARD_ID_PATTERN, newCardId } from './card-id';
import { toCardData } from './card-shape';
import { decryptCards, encryptCard, openCards } from './cards';
import { heldKey, lock, unlock } from './custody';

/**
 * View cards, newest first as the list shows them (sorted here, off the main thread; the app's own sort then finds
 * them in order). An encrypted collection is decrypted in one go, all cards concurrently (cards unchanged since the
 * last open come from the worker's cache); if any card fails to decrypt, the whole open fails ('Failed to decrypt
 * data') rather than silently hiding a card the person would then believe was gone.
 */
export async function openCollection(collection: CardCollection): Promise<PlainCard[]> {
  const cards =
    collection.type === 'UNENCRYPTED'
      ? Object.values(collection.cards)
      : await openCards(requireKey(Messages.keyMissingDecrypt), collection);
  return cards.sort(byModifiedDesc);
}

/**
 * Unlocks and, given the locked wallet's collection, opens it in the same call: unlocking exists to show the cards,
 * and one round trip instead of two keeps the person's wait to the derivation and the decryption. If the cards
 * cannot be opened, the key just unwrapped is dropped again.
 */
export async function unlockAndOpen(
  secret: string,
  record: SecretRecord,
  collection: CardCollection | undefined,
): Promise<PlainCard[]> {
  await unlock(secret, record);
  if (!collection) return [];
  try {
    return await openCollection(collection);
  } catch (error) {
    lock();
    throw error;
  }
}

/** The whole collection as plain cards, for removing the last secret. */
export async function decryptCollection(collection: CardCollection): Promise<PlainCollection> {
  if (collection.type === 'UNENCRYPTED') return { type: 'UNENCRYPTED', cards: { ...collection.cards } };
  const cards = await decryptCards(requireKey(Messages.keyMissingDecrypt), collection);
  return { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, card])) };
}

/**
 * Adds or replaces one card. With the DEK held the result is encrypted (an empty plain collection becomes an
 * encrypted one; a non-empty plain one is refused as mixing). Without it, plain collections stay plain and an
 * encrypted one is refused: its card cannot be encrypted.
 */
export async function putCard(
  collection: CardCollection,
  input: { id?: string; data: CardData },
  now: number,
): Promise<PutCardResult> {
  const data = toCardData(input.data);
  if (input.id !== undefined && !CARD_ID_PATTERN.test(input.id)) {
    throw new InvalidArgumentError(`Invalid card id: ${JSON.stringify(input.id)}`);
  }
  const id = input.id ?? newCardId((candidate) => Object.hasOwn(collection.cards, candidate));
  const card: PlainCard = { id, data, modifiedAt: now };
  const dek = heldKey();

  if (!dek) {
    if (collection.type === 'ENCRYPTED') throw new InvalidStateError(Messages.keyMissingEncrypt);
    return { collection: { type: 'UNENCRYPTED', cards: { ...collection.cards, [id]: card } }, card };
  }
  if (collection.type === 'UNENCRYPTED' && Object.keys(collection.cards).length > 0) {
    throw new InvalidArgumentError(Messages.mixedCollection);
  }
  const existing: EncryptedCollection['cards'] = collection.type === 'ENCRYPTED' ? collection.cards : {};
  const stored = await encryptCard(dek, card);
  // The server echoes this card back on the live subscription; it opens from the cache, not a decryption.
  remember(stored, data);
  return { collection: { type: 'ENCRYPTED', cards: { ...existing, [id]: stored } }, card };
}

function requireKey(message: string) {
  const dek = heldKey();
  if (!dek) throw new InvalidStateError(message);
  return dek;
}
