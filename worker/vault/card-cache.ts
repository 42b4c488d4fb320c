/**
 * Decrypted cards kept in the worker, so opening the same collection again (every live update from the server)
 * decrypts only the cards that changed. An entry is found by the card's id, IV and ciphertext together: a card
 * re-encrypted or edited elsewhere has a new IV and misses. The cache belongs to the key that filled it and is
 * emptied whenever that key is dropped or replaced (see custody.ts), so no plaintext outlives the unlock.
 */
import type { CardData, EncryptedCard } from '../../src/domain/card';

interface Entry {
  iv: string;
  cipherText: string;
  data: CardData;
}

let entries = new Map<string, Entry>();

export function cachedData(card: EncryptedCard): CardData | undefined {
  const entry = entries.get(card.id);
  return entry && entry.iv === card.data.iv && entry.cipherText === card.data.cipherText ? entry.data : undefined;
}

export function remember(card: EncryptedCard, data: CardData): void {
  entries.set(card.id, { iv: card.data.iv, cipherText: card.data.cipherText, data });
}

/** After opening a collection: the cache holds exactly its cards (`data[i]` is `cards[i]`'s), so deleted ones go. */
export function rememberOnly(cards: readonly EncryptedCard[], data: readonly CardData[]): void {
  const kept = new Map<string, Entry>();
  cards.forEach((card, index) => {
    kept.set(card.id, { iv: card.data.iv, cipherText: card.data.cipherText, data: data[index] as CardData });
  });
  entries = kept;
}

export function clearCache(): void {
  entries = new Map();
}

export const cacheSize = (): number => entries.size;
