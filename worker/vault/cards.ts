/**
 * Card encryption under the DEK. The plaintext is the UTF-8 JSON of `{number, expiry, cardholder, issuer, cvv,
 * network, theme}` in exactly that key order; the stored form is `{id, data: {cipherText, iv}, modifiedAt}`.
 */
import type { CardData, EncryptedCard, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { Messages, SleeveError } from '../../src/domain/errors';
import { decrypt, encrypt, type Sealed } from '../crypto/aes-gcm';
import { fromBase64Many, toBase64 } from '../crypto/base64';
import { type Bytes, fromUtf8, utf8 } from '../crypto/bytes';
import type { DataKey } from '../crypto/keys';
import { cachedData, rememberOnly } from './card-cache';
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

/** The stored cards' ciphertexts and IVs as bytes, decoded together; bad base64 is 'Failed to decrypt data'. */
function sealedOf(cards: readonly EncryptedCard[]): Sealed[] {
  const texts: string[] = [];
  for (const card of cards) texts.push(card.data.cipherText, card.data.iv);
  let bytes: Bytes[];
  try {
    bytes = fromBase64Many(texts);
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
  return cards.map((_, index) => ({ ciphertext: bytes[2 * index] as Bytes, iv: bytes[2 * index + 1] as Bytes }));
}

/** Any failure, including bad base64, invalid UTF-8 or JSON of the wrong shape, is 'Failed to decrypt data'. */
export async function decryptCard(dek: DataKey, card: EncryptedCard): Promise<PlainCard> {
  decryptions++;
  const plaintext = await decrypt(dek, sealedOf([card])[0] as Sealed);
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

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * Every card decrypted concurrently, in the collection's order; one failure fails the whole collection.
 *
 * Decoding and parsing once for the whole collection rather than once per card: the plaintexts are joined into one
 * UTF-8 JSON array and read with one TextDecoder call and one JSON.parse, which for 10,000 cards is several times
 * cheaper than 10,000 of each. Nothing is lost in checking: the decoder is still fatal (a separator byte can never
 * complete a broken UTF-8 sequence), every element still goes through `toCardData`, and a plaintext that is not
 * exactly one JSON value changes the element count, which fails the open.
 */
export async function decryptCards(dek: DataKey, collection: EncryptedCollection): Promise<PlainCard[]> {
  const cards = Object.values(collection.cards);
  const data = await decryptAll(dek, cards);
  return viewCards(cards, data);
}

/** View cards from stored cards and their decrypted data (`data[i]` is `cards[i]`'s). */
const viewCards = (cards: readonly EncryptedCard[], data: readonly CardData[]): PlainCard[] =>
  cards.map((card, index) => ({ id: card.id, data: data[index] as CardData, modifiedAt: card.modifiedAt }));

/** The cards' data, in their order. */
async function decryptAll(dek: DataKey, cards: readonly EncryptedCard[]): Promise<CardData[]> {
  decryptions += cards.length;
  const plaintexts = await Promise.all(sealedOf(cards).map((sealed) => decrypt(dek, sealed)));
  let size = 2 + Math.max(0, plaintexts.length - 1);
  for (const plaintext of plaintexts) size += plaintext.length;
  const joined = new Uint8Array(size);
  let offset = 0;
  joined[offset++] = OPEN;
  plaintexts.forEach((plaintext, index) => {
    if (index > 0) joined[offset++] = COMMA;
    joined.set(plaintext, offset);
    offset += plaintext.length;
  });
  joined[offset] = CLOSE;
  try {
    const values: unknown = JSON.parse(fromUtf8(joined));
    if (!Array.isArray(values) || values.length !== cards.length) throw new Error('a plaintext is not one JSON value');
    return values.map(toCardData);
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
}

/**
 * Like {@link decryptCards}, but a card whose id, IV and ciphertext were decrypted before under the same key comes
 * from the cache; only new or changed cards are decrypted. The cache then holds exactly this collection's cards.
 */
export async function openCards(dek: DataKey, collection: EncryptedCollection): Promise<PlainCard[]> {
  const all = Object.values(collection.cards);
  const cached = all.map(cachedData);
  const fresh = await decryptAll(
    dek,
    all.filter((_, index) => cached[index] === undefined),
  );
  let next = 0;
  const data = cached.map((known) => known ?? (fresh[next++] as CardData));
  rememberOnly(all, data);
  return viewCards(all, data);
}
