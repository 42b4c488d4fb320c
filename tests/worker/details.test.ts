/**
 * A card's details record sealed and opened under the data key (worker/vault/details.ts), with real WebCrypto: the
 * plaintext and the additional data are what docs/formats.md states, a record opens only as its own card's details,
 * and every way a record can be bad gives its reason without failing the others.
 */
import { describe, expect, test } from 'vitest';
import { UnreadableReasons } from '../../src/domain/card';
import {
  DETAILS_NOT_READABLE,
  type DetailsPlain,
  detailsLabel,
  type EncryptedDetails,
  NO_DETAILS,
} from '../../src/domain/card-details';
import { fromBase64, toBase64 } from '../../worker/crypto/base64';
import { fromUtf8, utf8 } from '../../worker/crypto/bytes';
import type { DataKey } from '../../worker/crypto/keys';
import { generateDataKey } from '../../worker/crypto/records';
import { encryptCard } from '../../worker/vault/cards';
import { openDetailsUnder, sealDetailsUnder } from '../../worker/vault/details';
import { makeCards } from '../support/seeded';

const ID = 'Ab3dE6gH';
const OTHER = 'Zz9yX8wV';
const AT = 1_722_000_000_000;
const plain: DetailsPlain = {
  details: { ...NO_DETAILS, pin: '0481', notes: 'Carte de voyage — pas de frais 😀', phone: '+33 1 23 45 67 89' },
  unknown: { later: ['kept', 1] },
};

/** The record's plaintext, opened by hand with the documented additional data. */
async function openByHand(key: CryptoKey, record: EncryptedDetails, id = record.id): Promise<string> {
  const iv = fromBase64(record.data.iv);
  const additionalData = utf8(detailsLabel(id));
  const bytes = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv, additionalData },
    key,
    fromBase64(record.data.cipherText),
  );
  return fromUtf8(new Uint8Array(bytes));
}

describe('a details record', () => {
  test('is AES-GCM over the JSON of its fields, bound to its card by the additional data', async () => {
    const key = await generateDataKey();
    const record = await sealDetailsUnder(key, ID, AT, plain);
    expect(Object.keys(record)).toEqual(['id', 'data', 'modifiedAt']);
    expect(Object.keys(record.data)).toEqual(['cipherText', 'iv']);
    expect(fromBase64(record.data.iv)).toHaveLength(12);
    const text = await openByHand(key, record);
    expect(JSON.parse(text)).toEqual({
      later: ['kept', 1],
      pin: '0481',
      notes: 'Carte de voyage — pas de frais 😀',
      phone: '+33 1 23 45 67 89',
    });
    // The tag is 16 bytes; empty fields are left out of the plaintext.
    expect(fromBase64(record.data.cipherText)).toHaveLength(utf8(text).length + 16);
    await expect(openByHand(key, record, OTHER)).rejects.toThrow();
  });

  test('opens to what was sealed, and a fresh IV each time', async () => {
    const key = await generateDataKey();
    const first = await sealDetailsUnder(key, ID, AT, plain);
    const second = await sealDetailsUnder(key, ID, AT, plain);
    expect(first.data.iv).not.toBe(second.data.iv);
    expect(await openDetailsUnder(key, first)).toEqual({ id: ID, modifiedAt: AT, plain });
  });

  test("opens only as its own card's details, never as another card's nor as a card", async () => {
    const key = await generateDataKey();
    const record = await sealDetailsUnder(key, ID, AT, plain);
    expect(await openDetailsUnder(key, { ...record, id: OTHER })).toEqual({
      id: OTHER,
      reason: UnreadableReasons.wrongKey,
    });
    // A card's ciphertext (sealed with no additional data) put where details go does not open either.
    const [card] = makeCards(7, 1);
    if (!card) throw new Error('no card');
    const sealedCard = await encryptCard(key, { ...card, id: ID });
    expect(await openDetailsUnder(key, { id: ID, data: sealedCard.data, modifiedAt: AT })).toEqual({
      id: ID,
      reason: UnreadableReasons.wrongKey,
    });
  });

  test('that is damaged, altered, under another key or not details says why', async () => {
    const key = await generateDataKey();
    const record = await sealDetailsUnder(key, ID, AT, plain);
    const bytes = fromBase64(record.data.cipherText);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const altered = { ...record, data: { ...record.data, cipherText: toBase64(bytes) } };
    const notDetails = async (value: unknown) => {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: utf8(detailsLabel(ID)) },
        key,
        utf8(JSON.stringify(value)),
      );
      return { id: ID, data: { cipherText: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) }, modifiedAt: AT };
    };
    const cases: [EncryptedDetails, string][] = [
      [{ ...record, data: { ...record.data, cipherText: 'not base64!' } }, UnreadableReasons.damaged],
      [{ ...record, data: { ...record.data, iv: toBase64(new Uint8Array(16)) } }, UnreadableReasons.damaged],
      [altered, UnreadableReasons.wrongKey],
      [await sealDetailsUnder(await generateDataKey(), ID, AT, plain), UnreadableReasons.wrongKey],
      [await notDetails(['pin', '1234']), DETAILS_NOT_READABLE],
      [await notDetails({ pin: 1234 }), DETAILS_NOT_READABLE],
    ];
    for (const [bad, reason] of cases) expect(await openDetailsUnder(key, bad)).toEqual({ id: ID, reason });
  });

  test('opens a known-answer record sealed with node:crypto and the documented parameters', async () => {
    // AES-256-GCM, key 0x01…0x20, IV 0xa0…0xab, additional data 'Sleeve card details v1 Ab3dE6gH', tag appended.
    const key = (await crypto.subtle.importKey(
      'raw',
      fromBase64('AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA='),
      'AES-GCM',
      false,
      ['encrypt', 'decrypt'],
    )) as DataKey;
    const record: EncryptedDetails = {
      id: ID,
      data: {
        cipherText:
          'wvNND5OXYCZPOppa06kC6jij1Wp6UkLX5OcWYnKsWKERp/axjrXVFN3pWBmEGmxReNoZoIrpkbhq3qHA8Rk1XI4/d6kweCfsdgITwKTn+mylBA==',
        iv: 'oKGio6Slpqeoqaqr',
      },
      modifiedAt: AT,
    };
    expect(await openDetailsUnder(key, record)).toEqual({
      id: ID,
      modifiedAt: AT,
      plain: {
        details: { ...NO_DETAILS, pin: '0481', notes: 'Süß — voyage 😀', validFrom: '03/24' },
        unknown: {},
      },
    });
  });

  test('is refused for an id that is not a card id', async () => {
    const key = await generateDataKey();
    await expect(sealDetailsUnder(key, 'short', AT, plain)).rejects.toThrow('Invalid card id');
    await expect(sealDetailsUnder(key, ID, Number.NaN, plain)).rejects.toThrow('Invalid details date');
  });
});
