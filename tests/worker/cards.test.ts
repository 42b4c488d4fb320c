import { describe, expect, test } from 'vitest';
import type { CardData, EncryptedCard, PlainCard } from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import { decrypt } from '../../worker/crypto/aes-gcm';
import { fromBase64 } from '../../worker/crypto/base64';
import { fromUtf8 } from '../../worker/crypto/bytes';
import { generateDataKey } from '../../worker/crypto/records';
import { decryptAll, decryptEvery, decryptionCount, encryptCard, type Outcome } from '../../worker/vault/cards';
import { badCards, encryptedCollection, sealData, sealRaw } from '../support/crafted-cards';
import { rejectionOf } from '../support/engine-rejection';
import { makeCards } from '../support/seeded';

const [card] = makeCards(42, 1) as [PlainCard];

/** What a person sees of each outcome: the card's data, or why it did not open. */
const shown = (outcomes: Outcome[]) => outcomes.map((outcome) => ('reason' in outcome ? outcome.reason : outcome));

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
    const stored = await encryptCard(dek, card);
    expect(stored.id).toBe(card.id);
    expect(stored.modifiedAt).toBe(card.modifiedAt);
    expect(await decryptAll(dek, [stored])).toEqual([card.data]);
  });

  test('decrypted JSON of the wrong shape does not open, and says which field is wrong', async () => {
    const dek = await generateDataKey();
    // Encrypted directly, bypassing the engine's own check, as another client might.
    const stored = await sealRaw(dek, card.id, 1, JSON.stringify({ ...card.data, network: 'NOT-A-NETWORK' }));
    expect(await decryptAll(dek, [stored])).toEqual([{ reason: 'its network "NOT-A-NETWORK" is unknown' }]);
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

describe('decrypting card by card', () => {
  const good = makeCards(43, 6);

  test('every card opens to its own data, in order', async () => {
    const dek = await generateDataKey();
    const stored = await Promise.all(good.map((each) => encryptCard(dek, each)));
    expect(await decryptAll(dek, stored)).toEqual(good.map((each) => each.data));
    expect(await decryptAll(dek, [])).toEqual([]);
  });

  test('each bad card gets its own reason and every good card around it still opens to its own data', async () => {
    const dek = await generateDataKey();
    // Structural damage is sorted out before decryption (src/domain/stored-cards.ts); everything else reaches here.
    const bad = (await badCards(dek, card.data, 5)).filter((each) => each.what !== 'structurally damaged entry');
    const goodStored = await Promise.all(good.map((each) => sealData(dek, each)));
    // Good and bad interleaved, so a result moved by one place would land on the wrong card.
    const mixed: EncryptedCard[] = [];
    const expected: (CardData | string)[] = [];
    goodStored.forEach((stored, index) => {
      mixed.push(stored);
      expected.push(good[index]!.data);
      for (const each of bad.slice(index * 2, index * 2 + 2)) {
        mixed.push(each.card);
        expected.push(each.reason);
      }
    });
    expect(mixed.length).toBe(good.length + bad.length);
    expect(shown(await decryptAll(dek, mixed))).toEqual(expected);
    // The same cards the other way round: the outcome of a card does not depend on where it stands.
    expect(shown(await decryptAll(dek, [...mixed].reverse()))).toEqual([...expected].reverse());
  });

  test('card data read back is put in wire order and loses unknown fields', async () => {
    const dek = await generateDataKey();
    const { theme, network, cvv, issuer, cardholder, expiry, number } = card.data;
    const stored = await sealRaw(
      dek,
      card.id,
      1,
      JSON.stringify({ theme, extra: 'ignored', network, cvv, issuer, cardholder, expiry, number }),
    );
    const [data] = await decryptAll(dek, [stored]);
    expect(data).toEqual(card.data);
    expect(Object.keys(data!)).toEqual(['number', 'expiry', 'cardholder', 'issuer', 'cvv', 'network', 'theme']);
  });

  test('a plaintext that is not one JSON value never borrows from its neighbours', async () => {
    const dek = await generateDataKey();
    const [first, second] = good as [PlainCard, PlainCard];
    // Read together, "[a, b, c]" would be a valid array of cards if the middle card's plaintext were just "b, c".
    const cards = [
      await sealData(dek, first),
      await sealRaw(dek, 'joinedUp', 2, `${JSON.stringify(second.data)},${JSON.stringify(first.data)}`),
      await sealRaw(dek, 'emptyOne', 3, ''),
      await sealRaw(dek, 'arrayOne', 4, JSON.stringify([second.data])),
      await sealData(dek, second),
    ];
    expect(shown(await decryptAll(dek, cards))).toEqual([
      first.data,
      'its decrypted contents are not a card',
      'its decrypted contents are not a card',
      'its contents are not a card',
      second.data,
    ]);
  });

  test('every card handed over counts as one decryption', async () => {
    const dek = await generateDataKey();
    const stored = await Promise.all(good.map((each) => encryptCard(dek, each)));
    const before = decryptionCount();
    await decryptAll(dek, stored);
    expect(decryptionCount() - before).toBe(good.length);
  });
});

describe('decrypting every card or none', () => {
  test('gives every card back with its id and date', async () => {
    const dek = await generateDataKey();
    const cards = makeCards(44, 4);
    const collection = encryptedCollection(await Promise.all(cards.map((each) => encryptCard(dek, each))));
    const plain = await decryptEvery(dek, collection, Messages.unreadableKeepPin);
    expect([...plain].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...cards].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  test('one card that does not open refuses the whole call with the given message, naming that card', async () => {
    const dek = await generateDataKey();
    const cards = await Promise.all(makeCards(45, 3).map((each) => encryptCard(dek, each)));
    const other = await encryptCard(await generateDataKey(), { ...card, id: 'otherKey' });
    const error = await rejectionOf(
      decryptEvery(dek, encryptedCollection([...cards, other]), Messages.unreadableBeforeJoin),
    );
    expect(error.message).toBe(Messages.unreadableBeforeJoin);
    expect(error.kind).toBe('invalid-state');
    expect((error.cause as Error).message).toContain('otherKey');
  });
});
