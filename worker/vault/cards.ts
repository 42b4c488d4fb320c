/**
 * Card encryption under the DEK. The plaintext is the UTF-8 JSON of `{number, expiry, cardholder, issuer, cvv,
 * network, theme}` in exactly that key order; the stored form is `{id, data: {cipherText, iv}, modifiedAt}`.
 *
 * Opening is card by card (DESIGN.md invariant 8): a card whose base64, ciphertext, UTF-8, JSON or fields are bad
 * is reported as unreadable with its reason, and every other card still opens.
 */
import type { CardData, EncryptedCard, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { cardDataProblem } from '../../src/domain/stored-cards';
import { decrypt, encrypt, type Sealed } from '../crypto/aes-gcm';
import { fromBase64Many, toBase64 } from '../crypto/base64';
import { type Bytes, fromUtf8, utf8 } from '../crypto/bytes';
import type { DataKey } from '../crypto/keys';
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

/** Every card encrypted concurrently; one failure fails the whole collection. */
export async function encryptCards(dek: DataKey, collection: PlainCollection): Promise<EncryptedCollection> {
  const entries = await Promise.all(
    Object.values(collection.cards).map(async (card) => [card.id, await encryptCard(dek, card)] as const),
  );
  return { type: 'ENCRYPTED', cards: Object.fromEntries(entries) };
}

/** A card's data, or the reason it could not be opened. */
export type Outcome = CardData | { reason: string };

export const isOpened = (outcome: Outcome): outcome is CardData => !('reason' in outcome);

/**
 * The stored cards' ciphertexts and IVs as bytes. All are decoded together (one buffer for 10,000 cards); if that
 * fails, card by card, so one card's bad base64 marks only that card.
 */
function sealedOf(cards: readonly EncryptedCard[]): (Sealed | { reason: string })[] {
  const decodeAll = (some: readonly EncryptedCard[]): Sealed[] => {
    const texts: string[] = [];
    for (const card of some) texts.push(card.data.cipherText, card.data.iv);
    const bytes = fromBase64Many(texts);
    return some.map((_, index) => ({ ciphertext: bytes[2 * index] as Bytes, iv: bytes[2 * index + 1] as Bytes }));
  };
  try {
    return decodeAll(cards);
  } catch {
    return cards.map((card) => {
      try {
        return decodeAll([card])[0] as Sealed;
      } catch {
        return { reason: UnreadableReasons.damaged };
      }
    });
  }
}

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * The cards' data, in their order, each card decrypted concurrently.
 *
 * Decoding and parsing once for the whole collection rather than once per card: the plaintexts are joined into one
 * UTF-8 JSON array and read with one TextDecoder call and one JSON.parse, which for 10,000 cards is several times
 * cheaper than 10,000 of each. Nothing is lost in checking: the decoder is fatal (a separator byte can never complete
 * a broken UTF-8 sequence), every element is checked, and only plaintexts that are one whole object on their own
 * (`isOneObject`) are joined, so no plaintext can end inside a string or brace that the next one closes and two cards
 * can never read as each other's halves. Only when that fast path fails is each plaintext read on its own.
 */
export async function decryptAll(dek: DataKey, cards: readonly EncryptedCard[]): Promise<Outcome[]> {
  decryptions += cards.length;
  const plaintexts = await Promise.all(
    sealedOf(cards).map((sealed) =>
      'reason' in sealed ? sealed : decrypt(dek, sealed).catch(() => ({ reason: UnreadableReasons.wrongKey })),
    ),
  );
  const decrypted = plaintexts.filter((plaintext): plaintext is Bytes => plaintext instanceof Uint8Array);
  const parsed = parseJoined(decrypted);
  let next = 0;
  return plaintexts.map((plaintext) => {
    if (!(plaintext instanceof Uint8Array)) return plaintext;
    const index = next++;
    return parsed ? (parsed[index] as CardData) : parseOne(plaintext);
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OBJECT_OPEN = 0x7b; // {
const OBJECT_CLOSE = 0x7d; // }

/**
 * Whether `bytes` is one brace-balanced object from its first byte to its last, outside any string: the object
 * closes exactly at the last byte and never before. A plaintext of that form ends where the join puts its comma.
 * Every byte of a multi-byte UTF-8 character is 0x80 or above, so a byte-wise scan sees only ASCII structure.
 */
function isOneObject(bytes: Bytes): boolean {
  const last = bytes.length - 1;
  if (last < 1 || bytes[0] !== OBJECT_OPEN || bytes[last] !== OBJECT_CLOSE) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index <= last; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OBJECT_OPEN || byte === OPEN) depth++;
    else if (byte === OBJECT_CLOSE || byte === CLOSE) {
      depth--;
      if (depth === 0 && index !== last) return false;
    }
  }
  return depth === 0 && !inString;
}

/** All plaintexts read in one go, or `undefined` when any of them is not card data on its own. */
function parseJoined(plaintexts: readonly Bytes[]): CardData[] | undefined {
  if (!plaintexts.every(isOneObject)) return undefined;
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
    if (!Array.isArray(values) || values.length !== plaintexts.length) return undefined;
    // toCardData throws on the first value that is not card data; the caller then reads card by card.
    return values.map(toCardData);
  } catch {
    return undefined;
  }
}

function parseOne(plaintext: Bytes): Outcome {
  let value: unknown;
  try {
    value = JSON.parse(fromUtf8(plaintext));
  } catch {
    return { reason: UnreadableReasons.notCard };
  }
  const problem = cardDataProblem(value);
  return problem === null ? toCardData(value) : { reason: problem };
}

/**
 * Every card decrypted, for work that must carry all of them over (joining an account, removing the last secret):
 * one card that does not open fails the whole call with `message`, and nothing is changed. The refusal is of kind
 * invalid-state whatever kept the card shut, as it is for a card sorted out as damaged before decryption.
 */
export async function decryptEvery(
  dek: DataKey,
  collection: EncryptedCollection,
  message: string,
): Promise<PlainCard[]> {
  const cards = Object.values(collection.cards);
  const outcomes = await decryptAll(dek, cards);
  const bad = outcomes.findIndex((outcome) => !isOpened(outcome));
  if (bad >= 0) {
    const outcome = outcomes[bad] as { reason: string };
    throw new InvalidStateError(message, { cause: new Error(`card ${cards[bad]?.id}: ${outcome.reason}`) });
  }
  return cards.map((card, index) => ({ id: card.id, data: outcomes[index] as CardData, modifiedAt: card.modifiedAt }));
}
