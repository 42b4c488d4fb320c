/**
 * The PIN record bound to this device, through the real engine worker and this origin's real IndexedDB: its shape,
 * what the stored record alone allows (no guess can be checked), what happens without the device key (a plain
 * refusal before anything is derived), and older plain records, bound on their next unlock at no extra derivation,
 * whichever form of wrapped key they hold: Sleeve's raw one, or the seed's base64 text.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages } from '../../src/domain/errors';
import type { PinRecord } from '../../src/domain/secret';
import { base64Bytes, deleteDeviceKeys, opens, pinKek, pinLayerOf, storedDeviceKey } from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { seed } from '../support/seed-commands';
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
      device: { iv: expect.any(String), version: 2 },
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
    // Under the device layer (version 2: docs/formats.md), exactly a plain record's PIN layer: the DEK wrapped under
    // the PIN's KEK, 48 bytes.
    const inner = await pinLayerOf(record);
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

  test('opens in any worker of this origin; a PIN over the same key reuses the device key, one over a new key not', async () => {
    const first = await pinWallet();
    const reader = startEngine();
    expect(openedIds(await reader.unlock(PIN, first.record, first.collection))).toEqual(cardIds);
    const inner = await pinLayerOf(first.record);
    // Changed, the current PIN proved: sealed under the same device key, so the record before it opens too.
    const changed = await reader.changeSecret(PIN, first.record, '806142', NOW + 1);
    expect(await pinLayerOf(first.record)).toEqual(inner);
    expect(openedIds(await startEngine().unlock('806142', changed, first.collection))).toEqual(cardIds);
    // A new wallet (a new data key) gets a device key of its own: the records sealed before it no longer open here.
    const second = await pinWallet();
    await expect(pinLayerOf(first.record)).rejects.toBeInstanceOf(DOMException);
    const refused = await rejectionOf(startEngine().unlock(PIN, first.record, first.collection));
    expect(refused.message).toBe(Messages.pinKeyMissing);
    expect(openedIds(await startEngine().unlock(PIN, second.record, second.collection))).toEqual(cardIds);
  });

  test('a password record is not bound: it keeps the wire format the server and other clients read', async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret('correct horse battery staple', plain(), NOW, {
      kind: 'password',
    });
    expect(Object.keys(record).sort()).toEqual(['encryptedDek', 'modifiedAt', 'salt']);
    // The seed's form: the DEK's base64 text, which the seed's clients open with node:crypto alone.
    expect(base64Bytes(record.encryptedDek.ciphertext)).toHaveLength(60);
    const opened = await seed.openTheSeedWay('correct horse battery staple', record, Object.values(collection.cards));
    expect(Object.keys(opened.cards).sort()).toEqual(cardIds);
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

/** `record` without its device layer, taken off here with this origin's device key: a plain PIN record. */
async function unbound(record: PinRecord): Promise<PinRecord> {
  const inner = await pinLayerOf(record);
  const { device: _, ...plainRecord } = record;
  return { ...plainRecord, encryptedDek: { ...record.encryptedDek, ciphertext: btoa(String.fromCharCode(...inner)) } };
}

describe('an older plain PIN record', () => {
  /** A PIN record as Sleeve wrote them before binding: the PIN layer alone, the DEK's raw bytes under the PIN. */
  async function olderWallet() {
    const { record, collection } = await pinWallet();
    const older = await unbound(record);
    expect(base64Bytes(older.encryptedDek.ciphertext)).toHaveLength(48);
    return { record: older, collection };
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
      device: { iv: expect.any(String), version: 2 },
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

describe("a PIN record in the seed's form (the DEK's base64 text under the PIN)", () => {
  /** Made with node:crypto, as the seed's clients make a record, over the cards sealed the same way. */
  async function seedPinWallet() {
    const made = await seed.seedWallet(PIN, cards, NOW);
    expect(base64Bytes(made.record.encryptedDek.ciphertext)).toHaveLength(60);
    return made;
  }

  test('opens unbound, then binds with no further derivation and opens bound', async () => {
    const { record, collection } = await seedPinWallet();
    const engine = startEngine();
    expect(await derivationsOf(engine, () => engine.unlock(PIN, record, collection))).toBe(1);
    expect(await engine.hasKey()).toBe(true);
    let bound: PinRecord = record;
    expect(
      await derivationsOf(engine, async () => {
        bound = await engine.bindPin(record);
      }),
    ).toBe(0);
    // The 60-byte PIN layer, sealed once more: 76 bytes.
    expect(base64Bytes(bound.encryptedDek.ciphertext)).toHaveLength(76);
    expect(bound.device).toEqual({ iv: expect.any(String), version: 2 });
    // Bound, the stored values alone check no guess, the right PIN's included.
    expect(
      await opens(await pinKek(PIN, bound.salt), bound.encryptedDek.iv, base64Bytes(bound.encryptedDek.ciphertext)),
    ).toBe(false);
    const reader = startEngine();
    expect(openedIds(await reader.unlock(PIN, bound, collection))).toEqual(cardIds);
    expect(await reader.verify(PIN, bound)).toBe(true);
    expect(await reader.verify('530718', bound)).toBe(false);
    // Under the device layer, the seed's PIN layer exactly as it was.
    expect(await unbound(bound)).toEqual(record);
  });

  test('a wrong PIN is refused as for any record, bound or not', async () => {
    const { record, collection } = await seedPinWallet();
    const engine = startEngine();
    await engine.unlock(PIN, record, collection);
    const bound = await engine.bindPin(record);
    for (const each of [record, bound]) {
      const reader = startEngine();
      const error = await rejectionOf(reader.unlock('530718', each, collection));
      expect(error.message).toBe('');
      expect((error.cause as Error).message).toBe(Messages.decryptFailed);
      expect(await reader.hasKey()).toBe(false);
    }
  });

  test('changing it gives a bound record in the raw form, over the same key', async () => {
    const { record, collection } = await seedPinWallet();
    const engine = startEngine();
    await engine.unlock(PIN, record, collection);
    const bound = await engine.bindPin(record);
    const changed = await engine.changeSecret(PIN, bound, '806142', NOW + 1);
    expect(base64Bytes(changed.encryptedDek.ciphertext)).toHaveLength(64);
    expect(openedIds(await startEngine().unlock('806142', changed, collection))).toEqual(cardIds);
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
  expect(changed.device).toEqual({ iv: expect.any(String), version: 2 });
  expect(openedIds(await startEngine().unlock('806142', changed, collection))).toEqual(cardIds);
  expect(await startEngine().verify(PIN, changed)).toBe(false);
});
