import { describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { decrypt } from '../../worker/crypto/aes-gcm';
import { fromBase64, toBase64 } from '../../worker/crypto/base64';
import { fromUtf8 } from '../../worker/crypto/bytes';
import { generateDataKey } from '../../worker/crypto/records';
import { decryptCard, encryptCard } from '../../worker/vault/cards';
import { makeCards } from '../support/seeded';

const [card] = makeCards(42, 1) as [PlainCard];

describe('card encryption', () => {
  test('the plaintext is the UTF-8 JSON of the seven fields in wire order', async () => {
    const dek = await generateDataKey();
    // Keys given in a scrambled order must still come out in the fixed order.
    const { theme, network, cvv, issuer, cardholder, expiry, number } = card.data;
    const scrambled = { ...card, data: { theme, network, cvv, issuer, cardholder, expiry, number } };
    const stored = await encryptCard(dek, scrambled);
    expect(Object.keys(stored)).toEqual(['id', 'data', 'modifiedAt']);
    expect(Object.keys(stored.data)).toEqual(['cipherText', 'iv']);
    const plaintext = fromUtf8(
      await decrypt(dek, { ciphertext: fromBase64(stored.data.cipherText), iv: fromBase64(stored.data.iv) }),
    );
    const d = card.data;
    expect(plaintext).toBe(
      `{"number":"${d.number}","expiry":"${d.expiry}","cardholder":"${d.cardholder}","issuer":"${d.issuer}",` +
        `"cvv":"${d.cvv}","network":"${d.network}","theme":"${d.theme}"}`,
    );
  });

  test('round trip keeps id, data and modifiedAt', async () => {
    const dek = await generateDataKey();
    expect(await decryptCard(dek, await encryptCard(dek, card))).toEqual(card);
  });

  test('decrypted JSON of the wrong shape is a decryption failure', async () => {
    const dek = await generateDataKey();
    const wrongShape = { ...card, data: { ...card.data, network: 'NOT-A-NETWORK' } } as unknown as PlainCard;
    // Encrypt the bad plaintext directly, bypassing the engine's own check, as another client might.
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const cipher = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      dek,
      new TextEncoder().encode(JSON.stringify(wrongShape.data)),
    );
    const stored = {
      id: card.id,
      data: { cipherText: toBase64(new Uint8Array(cipher)), iv: toBase64(iv) },
      modifiedAt: 1,
    };
    await expect(decryptCard(dek, stored)).rejects.toThrow(/^Failed to decrypt data$/);
  });

  test('a card of the wrong shape cannot be encrypted', async () => {
    const dek = await generateDataKey();
    const bad = { ...card, data: { ...card.data, cvv: 123 } } as unknown as PlainCard;
    await expect(encryptCard(dek, bad)).rejects.toMatchObject({
      message: 'Failed to encrypt data',
      cause: { kind: 'invalid-argument' },
    });
  });
});
