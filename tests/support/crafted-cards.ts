/**
 * Stored cards made by hand, as another client, an old version or damage in storage could leave them: any plaintext
 * under a given key, a changed ciphertext, broken base64. Tests open the account's key on the page (from its record
 * and secret) to write cards the engine itself would never write.
 */
import type { CardData, EncryptedCard, EncryptedCollection, PlainCard } from '../../src/domain/card';
import { UnreadableReasons } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { toBase64 } from '../../worker/crypto/base64';
import type { DataKey } from '../../worker/crypto/keys';
import { generateDataKey, openRecord } from '../../worker/crypto/records';

/** The DEK a record wraps, opened on the page, so a test can write cards under the same key as the engine. */
export const keyOf = (secret: string, record: SecretRecord): Promise<DataKey> => openRecord(secret, record);

/** A card whose ciphertext is exactly `plaintext` (text as UTF-8, or raw bytes) under `key`. */
export async function sealRaw(
  key: CryptoKey,
  id: string,
  modifiedAt: number,
  plaintext: string | Uint8Array<ArrayBuffer>,
): Promise<EncryptedCard> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const bytes = typeof plaintext === 'string' ? new TextEncoder().encode(plaintext) : plaintext;
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes));
  return { id, data: { cipherText: toBase64(ciphertext), iv: toBase64(iv) }, modifiedAt };
}

/** The card's data as JSON under `key`, as the engine writes it. */
export const sealData = (key: CryptoKey, card: PlainCard): Promise<EncryptedCard> =>
  sealRaw(key, card.id, card.modifiedAt, JSON.stringify(card.data));

/** The same card with one bit of its ciphertext flipped: AES-GCM's tag no longer matches. */
export function tampered(card: EncryptedCard, at = 3): EncryptedCard {
  const bytes = Uint8Array.from(atob(card.data.cipherText), (character) => character.charCodeAt(0));
  bytes[at] = (bytes[at] ?? 0) ^ 0x80;
  return { ...card, data: { ...card.data, cipherText: btoa(String.fromCharCode(...bytes)) } };
}

export const encryptedCollection = (cards: readonly EncryptedCard[]): EncryptedCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

/** A stored card that must not open, and the reason a person is to be shown for it. */
export interface BadCard {
  what: string;
  card: EncryptedCard;
  reason: string;
}

/**
 * One of each way an encrypted card can fail to open, under `key` (the collection's key) unless said otherwise. Ids
 * are fixed, so a test can tell them apart from seeded cards, and dates are `from`, `from + 1`, ...
 */
export async function badCards(key: CryptoKey, sample: CardData, from: number): Promise<BadCard[]> {
  const other = await generateDataKey();
  const good = (id: string, modifiedAt: number) => sealRaw(key, id, modifiedAt, JSON.stringify(sample));
  const base64 = await good('badBase6', from);
  return [
    {
      what: 'bad base64',
      card: { ...base64, data: { ...base64.data, cipherText: 'not base64!' } },
      reason: UnreadableReasons.damaged,
    },
    {
      what: 'tampered ciphertext',
      card: tampered(await good('tampered', from + 1)),
      reason: UnreadableReasons.wrongKey,
    },
    {
      what: 'encrypted under another key',
      card: await sealRaw(other, 'otherKey', from + 2, JSON.stringify(sample)),
      reason: UnreadableReasons.wrongKey,
    },
    {
      what: 'plaintext not JSON',
      card: await sealRaw(key, 'notJson0', from + 3, 'card: 4111'),
      reason: UnreadableReasons.notCard,
    },
    {
      what: 'plaintext not UTF-8',
      card: await sealRaw(key, 'notUtf80', from + 4, Uint8Array.of(0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d)),
      reason: UnreadableReasons.notCard,
    },
    {
      what: 'unknown network',
      card: await sealRaw(key, 'netwNOPE', from + 5, JSON.stringify({ ...sample, network: 'NOPE' })),
      reason: 'its network "NOPE" is unknown',
    },
    {
      what: 'unknown theme',
      card: await sealRaw(key, 'themPLAD', from + 6, JSON.stringify({ ...sample, theme: 'PLAID' })),
      reason: 'its theme "PLAID" is unknown',
    },
    {
      what: 'two cards in one plaintext',
      card: await sealRaw(key, 'twoCards', from + 7, `${JSON.stringify(sample)},${JSON.stringify(sample)}`),
      reason: UnreadableReasons.notCard,
    },
    {
      what: 'structurally damaged entry',
      card: { id: 'damaged0', data: { cipherText: 'AAAA' } as EncryptedCard['data'], modifiedAt: from + 8 },
      reason: 'its encrypted contents are damaged',
    },
  ];
}
