/**
 * The device layer's version 2, through the real worker and this origin's real IndexedDB: written for every PIN with
 * the record's salt and PIN-layer IV as additional data, in the encoding docs/formats.md gives (tests/support/
 * device-keys.ts writes it from there), so a record whose salt or IV was edited in local storage fails the device
 * layer before anything is counted or derived; a version it does not know is a damaged record; and a record bound by
 * the first version still opens with the right PIN and is bound again at version 2, with no further derivation.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages } from '../../src/domain/errors';
import type { PinRecord } from '../../src/domain/secret';
import {
  anotherIv,
  anotherSalt,
  asFirstVersion,
  base64Bytes,
  deleteDeviceKeys,
  opens,
  pinKek,
  pinLayerOf,
  storedDeviceKey,
  storedPinCount,
} from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

const PIN = '274951';
const WRONG = '530718';
const NOW = 1_722_000_000_000;
const cards = makeCards(89, 2);
const plain = (): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

/** A wallet with a bound PIN record, made in a worker then stopped: what a page load finds stored. */
async function pinWallet() {
  const { record, collection } = await startEngine().createSecret(PIN, plain(), NOW, { kind: 'pin' });
  return { record, collection };
}

/** The wrong PINs in a row the worker keeps now (0 when none). */
const counted = async () => (await storedPinCount())?.wrongInARow ?? 0;

beforeEach(deleteDeviceKeys);
afterEach(stopEngines);

describe('a PIN record bound now', () => {
  test("is written for every PIN, with the salt and the PIN layer's IV as additional data", async () => {
    const { record } = await pinWallet();
    expect(record.device).toEqual({ version: 2, iv: expect.any(String) });
    const inner = await pinLayerOf(record);
    expect(inner).toHaveLength(48);
    expect(await opens(await pinKek(PIN, record.salt), record.encryptedDek.iv, inner)).toBe(true);
    // Without that additional data the device key does not open it.
    const key = (await storedDeviceKey()) as CryptoKey;
    const sealed = base64Bytes(record.encryptedDek.ciphertext);
    expect(await opens(key, record.device?.iv ?? '', sealed)).toBe(false);
  });

  test('refuses a record whose salt or PIN-layer IV was edited, or whose version was taken off, deriving nothing', async () => {
    const { record, collection } = await pinWallet();
    const engine = startEngine();
    const edited: PinRecord[] = [
      { ...record, salt: anotherSalt() },
      { ...record, encryptedDek: { ...record.encryptedDek, iv: anotherIv() } },
      { ...record, device: { iv: record.device?.iv ?? '' } },
    ];
    for (const each of edited) {
      for (const pin of [PIN, WRONG]) {
        const refused = await rejectionOf(engine.unlock(pin, each, collection));
        expect(refused).toBeInstanceOf(InvalidStateError);
        expect(refused.message).toBe(Messages.pinKeyMissing);
        expect((await rejectionOf(engine.verify(pin, each))).message).toBe(Messages.pinKeyMissing);
      }
    }
    expect(await engine.derivationCount()).toBe(0);
    expect(await counted()).toBe(0);
    expect(await engine.hasKey()).toBe(false);
  });

  test('a version it does not know is a damaged record: refused before anything is counted or derived', async () => {
    const { record } = await pinWallet();
    const engine = startEngine();
    const unknown = { ...record, device: { iv: record.device?.iv ?? '', version: 3 } } as PinRecord;
    const refused = await rejectionOf(engine.unlock(PIN, unknown));
    expect(refused).toBeInstanceOf(InvalidArgumentError);
    expect(refused.message).toBe(Messages.decryptFailed);
    expect(await engine.derivationCount()).toBe(0);
    expect(await counted()).toBe(0);
  });
});

describe('a PIN record bound by the first version (no additional data)', () => {
  test('opens with the right PIN and is bound again at version 2, with no further derivation', async () => {
    const wallet = await pinWallet();
    const older = await asFirstVersion(wallet.record);
    const engine = startEngine();
    expect((await rejectionOf(engine.bindPin(older))).message).toBe(Messages.refreshAndUnlock);
    expect((await engine.unlock(PIN, older, wallet.collection)).cards).toHaveLength(cards.length);
    expect(await engine.derivationCount()).toBe(1);
    const rebound = await engine.bindPin(older);
    expect(await engine.derivationCount()).toBe(1);
    expect(rebound).toEqual({
      salt: older.salt,
      encryptedDek: { ciphertext: expect.any(String), iv: older.encryptedDek.iv },
      device: { version: 2, iv: expect.any(String) },
      modifiedAt: older.modifiedAt,
    });
    expect(await pinLayerOf(rebound)).toEqual(await pinLayerOf(older));
    expect(await engine.bindPin(rebound)).toEqual(rebound);
    expect((await startEngine().unlock(PIN, rebound, wallet.collection)).cards).toHaveLength(cards.length);
  });
});
