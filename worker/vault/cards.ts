/**
 * Card encryption under the DEK. The plaintext is the UTF-8 JSON of `{number, expiry, cardholder, issuer, cvv,
 * network, theme}` in exactly that key order; the stored form is `{id, data: {cipherText, iv}, modifiedAt}`.
 */
import type { EncryptedCard, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { Messages, SleeveError } from '../../src/domain/errors';
import { decrypt, encrypt } from '../crypto/aes-gcm';
import { fromBase64, toBase64 } from '../crypto/base64';
import { fromUtf8, utf8 } from '../crypto/bytes';
import type { DataKey } from '../crypto/keys';
import { cachedData, keepOnly, remember } from './card-cache';
import { toCardData } from './card-shape';

let decryptions = 0;

/** How many cards this realm has decrypted, so tests can see that unchanged cards come from the cache. */
export function decryptionCount(): number {
  return decryptions;
}

export async function encryptCard(dek: DataKey, card: PlainCard): Promise<EncryptedCard> {
  let plaintext: string;
  try {
    plaintext = JSON.stringify(toCardData(card.data));
  } catch (cause) {
    // A card that cannot be serialised is never stored half-way; the whole encryption fails.
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
  const sealed = await encrypt(dek, utf8(plaintext));
  return {
    id: card.id,
    data: { cipherText: toBase64(sealed.ciphertext), iv: toBase64(sealed.iv) },
    modifiedAt: card.modifiedAt,
  };
}

/** Any failure, including bad base64, invalid UTF-8 or JSON of the wrong shape, is 'Failed to decrypt data'. */
export async function decryptCard(dek: DataKey, card: EncryptedCard): Promise<PlainCard> {
  decryptions++;
  let ciphertext: Uint8Array<ArrayBuffer>;
  let iv: Uint8Array<ArrayBuffer>;
  try {
    ciphertext = fromBase64(card.data.cipherText);
    iv = fromBase64(card.data.iv);
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
  const plaintext = await decrypt(dek, { ciphertext, iv });
  try {
    return { id: card.id, data: toCardData(JSON.parse(fromUtf8(plaintext))), modifiedAt: card.modifiedAt };
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
}

/** Every card encrypted concurrently; one failure fails the whole collection. */
export async function encryptCards(dek: DataKey, collection: PlainCollection): Promise<EncryptedCollection> {
  const entries = await Promise.all(
    Object.entries(collection.cards).map(async ([id, card]) => [id, await encryptCard(dek, card)] as const),
  );
  return { type: 'ENCRYPTED', cards: Object.fromEntries(entries) };
}

/** Every card decrypted concurrently, in the collection's order; one failure fails the whole collection. */
export function decryptCards(dek: DataKey, collection: EncryptedCollection): Promise<PlainCard[]> {
  return Promise.all(Object.values(collection.cards).map((card) => decryptCard(dek, card)));
}

/**
 * Like {@link decryptCards}, but a card whose id, IV and ciphertext were decrypted before under the same key comes
 * from the cache; only new or changed cards are decrypted. The cache then holds exactly this collection's cards.
 */
export async function openCards(dek: DataKey, collection: EncryptedCollection): Promise<PlainCard[]> {
  const cards = await Promise.all(
    Object.values(collection.cards).map(async (card): Promise<PlainCard> => {
      const data = cachedData(card);
      if (data) return { id: card.id, data, modifiedAt: card.modifiedAt };
      const plain = await decryptCard(dek, card);
      remember(card, plain.data);
      return plain;
    }),
  );
  keepOnly(Object.keys(collection.cards));
  return cards;
}
