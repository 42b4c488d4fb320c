/**
 * The PIN record bound to this device, through the real engine worker and this origin's real IndexedDB: its shape,
 * what the stored record alone allows (no guess can be checked), what happens without the device key (a plain
 * refusal before anything is derived), and older plain records, bound on their next unlock at no extra derivation.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages } from '../../src/domain/errors';
import type { PinRecord } from '../../src/domain/secret';
import { base64Bytes, deleteDeviceKeys, opens, pinKek, storedDeviceKey } from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const PIN = '274951';
const NOW = 1_722_000_000_000;
const cards = makeCards(71, 3);
const plain = (): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

type Engine = ReturnType<typeof startEngine>;

async function derivationsOf(engine: Engine, action: () => Promise<unknown>): Promise<number> {
  const before = await engine.derivationCount();
  await action();
  return (await engine.derivationCount()) - before;
}

/** A wallet with a bound PIN record, made in a worker that is then stopped: what a page load finds stored. */
async function pinWallet() {
  const maker = startEngine();
  const created = await maker.createSecret(PIN, plain(), NOW, { kind: 'pin' });
  return { record: created.record, collection: created.collection };
}

const openedIds = (opened: { cards: { id: string }[] }) => opened.cards.map((card) => card.id).sort();
const cardIds = cards.map((card) => card.id).sort();

describe('a PIN record made now', () => {
  test('is the PIN layer sealed once more under a non-extractable key that only IndexedDB holds', async () => {
    await deleteDeviceKeys();
    const { record } = await pinWallet();
    expect(record).toEqual({
      salt: expect.any(String),
      encryptedDek: { ciphertext: expect.any(String), iv: expect.any(String) },
      device: { iv: expect.any(String) },
      modifiedAt: NOW,
    });
    expect(base64Bytes(record.salt)).toHaveLength(16);
    expect(base64Bytes(record.encryptedDek.iv)).toHaveLength(12);
    expect(base64Bytes(record.device?.iv ?? '')).toHaveLength(12);
    const sealed = base64Bytes(record.encryptedDek.ciphertext);
    expect(sealed).toHaveLength(64);
    const key = await storedDeviceKey();
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    // Under the device layer, exactly a plain record's PIN layer: the DEK wrapped under the PIN's KEK, 48 bytes.
    const iv = base64Bytes(record.device?.iv ?? '');
    const inner = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key as CryptoKey, sealed));
    expect(inner).toHaveLength(48);
    expect(await opens(await pinKek(PIN, record.salt), record.encryptedDek.iv, inner)).toBe(true);
    expect(await opens(await pinKek('530718', record.salt), record.encryptedDek.iv, inner)).toBe(false);
  });

  test('from the stored values alone, the right PIN cannot be told from a wrong one', async () => {
    const { record } = await pinWallet();
    const sealed = base64Bytes(record.encryptedDek.ciphertext);
    for (const guess of [PIN, '530718']) {
      expect(await opens(await pinKek(guess, record.salt), record.encryptedDek.iv, sealed)).toBe(false);
    }
  });

  test('opens in any worker of this origin, and later PINs reuse the one device key', async () => {
    const first = await pinWallet();
    const key = await storedDeviceKey();
    const reader = startEngine();
    expect(openedIds(await reader.unlock(PIN, first.record, first.collection))).toEqual(cardIds);
    const second = await pinWallet();
    expect(await storedDeviceKey()).toBeInstanceOf(CryptoKey);
    // The key that sealed the first record seals the second one too.
    const sealed = base64Bytes(second.record.encryptedDek.ciphertext);
    const iv = base64Bytes(second.record.device?.iv ?? '');
    await expect(crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key as CryptoKey, sealed)).resolves.toBeDefined();
  });

  test('a password record is not bound: it keeps the wire format the server and other clients read', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret('correct horse battery staple', plain(), NOW, { kind: 'password' });
    expect(Object.keys(record).sort()).toEqual(['encryptedDek', 'modifiedAt', 'salt']);
    expect(base64Bytes(record.encryptedDek.ciphertext)).toHaveLength(48);
    const { record: byDefault } = await startEngine().createSecret('correct horse battery staple', plain(), NOW);
    expect(Object.hasOwn(byDefault, 'device')).toBe(false);
  });
});

describe("without this device's key", () => {
  test('the PIN cannot open: the same plain refusal for any PIN, before anything is derived', async () => {
    const { record, collection } = await pinWallet();
    await deleteDeviceKeys();
    const engine = startEngine();
    for (const pin of [PIN, '530718']) {
      let error: Error & { kind?: string } = new Error('not called');
      expect(
        await derivationsOf(engine, async () => {
          error = await rejectionOf(engine.unlock(pin, record, collection));
        }),
      ).toBe(0);
      expect(error).toBeInstanceOf(InvalidStateError);
      expect(error.message).toBe(Messages.pinKeyMissing);
      expect(await engine.hasKey()).toBe(false);
      expect((await rejectionOf(engine.verify(pin, record))).message).toBe(Messages.pinKeyMissing);
    }
    expect(await engine.derivationCount()).toBe(0);
  });

  test('a record copied into a browser that has a device key of its own is refused the same way', async () => {
    const copied = await pinWallet();
    await deleteDeviceKeys();
    // This browser's own PIN made its own device key.
    const own = await pinWallet();
    const engine = startEngine();
    const error = await rejectionOf(engine.unlock(PIN, copied.record, copied.collection));
    expect(error.message).toBe(Messages.pinKeyMissing);
    expect(await engine.derivationCount()).toBe(0);
    expect(openedIds(await engine.unlock(PIN, own.record, own.collection))).toEqual(cardIds);
  });

  test('a new PIN can still be made: it gets a new device key', async () => {
    await deleteDeviceKeys();
    expect(await storedDeviceKey()).toBeUndefined();
    const { record, collection } = await pinWallet();
    expect((await storedDeviceKey())?.extractable).toBe(false);
    expect(openedIds(await startEngine().unlock(PIN, record, collection))).toEqual(cardIds);
  });

  test('a damaged device layer is a damaged record: refused as one, and nothing is tried', async () => {
    const { record } = await pinWallet();
    const engine = startEngine();
    const damaged: PinRecord[] = [
      { ...record, device: { iv: 'c2hvcnQ=' } },
      { ...record, device: {} as PinRecord['device'] },
      { ...record, encryptedDek: { ...record.encryptedDek, ciphertext: record.encryptedDek.ciphertext.slice(8) } },
    ];
    for (const each of damaged) {
      const error = await rejectionOf(engine.unlock(PIN, each));
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect(error.message).toBe(Messages.decryptFailed);
    }
    expect(await engine.derivationCount()).toBe(0);
  });
});

describe('an older plain PIN record', () => {
  async function olderWallet() {
    const maker = startEngine();
    const created = await maker.createSecret(PIN, plain(), NOW);
    expect(Object.hasOwn(created.record, 'device')).toBe(false);
    return created;
  }

  test('unlocks as before, then binds with no further derivation; the bound record opens with the same PIN', async () => {
    const { record, collection } = await olderWallet();
    const engine = startEngine();
    expect(await derivationsOf(engine, () => engine.unlock(PIN, record, collection))).toBe(1);
    let bound: PinRecord = record;
    expect(
      await derivationsOf(engine, async () => {
        bound = await engine.bindPin(record);
      }),
    ).toBe(0);
    expect(bound).toEqual({
      ...record,
      encryptedDek: { ...record.encryptedDek, ciphertext: expect.any(String) },
      device: { iv: expect.any(String) },
    });
    expect(base64Bytes(bound.encryptedDek.ciphertext)).toHaveLength(64);
    expect(openedIds(await startEngine().unlock(PIN, bound, collection))).toEqual(cardIds);
    // A bound record comes back as it is.
    expect(await engine.bindPin(bound)).toEqual(bound);
  });

  test('only the record whose unlock gave the held key is bound: nothing else gets sealed under the device key', async () => {
    const { record, collection } = await olderWallet();
    const other = await olderWallet();
    const engine = startEngine();
    expect((await rejectionOf(engine.bindPin(record))).message).toBe(Messages.refreshAndUnlock);
    await engine.unlock(PIN, record, collection);
    expect((await rejectionOf(engine.bindPin(other.record))).message).toBe(Messages.refreshAndUnlock);
    await engine.lock();
    expect((await rejectionOf(engine.bindPin(record))).message).toBe(Messages.refreshAndUnlock);
  });
});

test('changing a bound PIN gives a bound record; after a verify, one derivation', async () => {
  const { record, collection } = await pinWallet();
  const engine = startEngine();
  await engine.unlock(PIN, record, collection);
  expect(await engine.verify(PIN, record)).toBe(true);
  let changed: PinRecord = record;
  expect(
    await derivationsOf(engine, async () => {
      changed = await engine.changeSecret(PIN, record, '806142', NOW + 1);
    }),
  ).toBe(1);
  expect(changed.device).toEqual({ iv: expect.any(String) });
  expect(openedIds(await startEngine().unlock('806142', changed, collection))).toEqual(cardIds);
  expect(await startEngine().verify(PIN, changed)).toBe(false);
});
