/**
 * The PIN's attempt limit as the engine itself keeps it, called directly as script in the page could call it: the
 * real worker, its count in this origin's real IndexedDB beside the device key, and its derivation counter. No page
 * state is involved, so nothing the page stores or skips changes what the engine allows.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { InvalidStateError, Messages } from '../../src/domain/errors';
import { noAttempts, PinLimitMessages } from '../../src/domain/pin-attempts';
import {
  base64Bytes,
  deleteDeviceKeys,
  editStoredEntry,
  seedPinCount,
  storedDeviceKey,
  storedPinCount,
} from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

const PIN = '274951';
const WRONG = '530718';
const PASSWORD = 'correct horse battery staple';
const NOW = 1_722_000_000_000;
const cards = makeCards(83, 2);
const plain = (): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

type Engine = ReturnType<typeof startEngine>;

/** A wallet with a bound PIN record and a password record over the same key, made in a worker then stopped. */
async function pinWallet() {
  const maker = startEngine();
  const created = await maker.createSecret(PIN, plain(), NOW, { kind: 'pin' });
  await maker.verify(PIN, created.record);
  const password = await maker.createSecret(PASSWORD, created.collection, NOW, {
    current: { secret: PIN, record: created.record },
  });
  return { record: created.record, collection: created.collection, password: password.record };
}

async function wrongTries(engine: Engine, record: Awaited<ReturnType<typeof pinWallet>>['record'], count: number) {
  for (let index = 0; index < count; index++) {
    const error = await rejectionOf(engine.unlock(WRONG, record));
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
  }
}

beforeEach(deleteDeviceKeys);
afterEach(stopEngines);

describe('page script calling unlock in a loop', () => {
  test('from the fifth wrong PIN it is refused before anything is derived, in this worker and any other', async () => {
    const { record, collection } = await pinWallet();
    const engine = startEngine();
    await wrongTries(engine, record, 5);
    expect(await engine.derivationCount()).toBe(5);
    const counted = await storedPinCount();
    expect(counted).toMatchObject({ pinSalt: null, wrongInARow: 5 });
    expect(await engine.pinAttempts(record)).toEqual(counted);
    const other = startEngine();
    for (let index = 0; index < 20; index++) {
      for (const each of [engine, other]) {
        const refused = await rejectionOf(each.unlock(PIN, record, collection));
        expect(refused).toBeInstanceOf(InvalidStateError);
        expect(refused.message).toMatch(/^Try again in (30|29|28|27) s$/);
        expect((await rejectionOf(each.verify(PIN, record))).message).toMatch(/^Try again in \d+ s$/);
      }
    }
    expect(await engine.derivationCount()).toBe(5);
    expect(await other.derivationCount()).toBe(0);
    expect(await engine.hasKey()).toBe(false);
    expect(await storedPinCount()).toEqual(counted);
  });

  test('at ten wrong in a row the PIN stops for good: the right one is refused too, before any derivation', async () => {
    const { record, collection } = await pinWallet();
    await seedPinCount({ pinSalt: null, wrongInARow: 9, tryAgainAt: Date.now() - 1 });
    const engine = startEngine();
    await wrongTries(engine, record, 1);
    expect(await engine.pinAttempts(record)).toMatchObject({ wrongInARow: 10 });
    for (let index = 0; index < 5; index++) {
      const refused = await rejectionOf(engine.unlock(PIN, record, collection));
      expect(refused).toBeInstanceOf(InvalidStateError);
      expect(refused.message).toBe(PinLimitMessages.stopped);
    }
    expect(await engine.derivationCount()).toBe(1);
  });

  test('once the wait is over the right PIN opens and clears the count; a new PIN starts from none', async () => {
    const { record, collection } = await pinWallet();
    await seedPinCount({ pinSalt: null, wrongInARow: 7, tryAgainAt: Date.now() - 1 });
    const engine = startEngine();
    expect((await engine.unlock(PIN, record, collection)).cards).toHaveLength(cards.length);
    expect(await storedPinCount()).toEqual(noAttempts());
    await seedPinCount({ pinSalt: null, wrongInARow: 10, tryAgainAt: null });
    const next = await startEngine().createSecret('806142', plain(), NOW, { kind: 'pin' });
    expect(await engine.pinAttempts(next.record)).toEqual(noAttempts());
    expect(await startEngine().verify('806142', next.record)).toBe(true);
  });

  test('a try that never reached the PIN is taken back: a record sealed under another device key', async () => {
    const copied = await pinWallet();
    await deleteDeviceKeys();
    await pinWallet();
    const engine = startEngine();
    await seedPinCount({ pinSalt: null, wrongInARow: 3, tryAgainAt: null });
    expect((await rejectionOf(engine.unlock(PIN, copied.record))).message).toBe(Messages.pinKeyMissing);
    expect(await storedPinCount()).toEqual({ pinSalt: null, wrongInARow: 3, tryAgainAt: null });
    expect(await engine.derivationCount()).toBe(0);
  });
});

describe('a count an earlier Sleeve kept for one PIN record, named by its salt', () => {
  test("holds for that record, and is kept as the device key's count from its next try", async () => {
    const { record } = await pinWallet();
    await seedPinCount({ pinSalt: record.salt, wrongInARow: 9, tryAgainAt: Date.now() - 1 });
    const engine = startEngine();
    expect(await engine.pinAttempts(record)).toEqual({ pinSalt: null, wrongInARow: 9, tryAgainAt: expect.any(Number) });
    await wrongTries(engine, record, 1);
    expect(await storedPinCount()).toEqual({ pinSalt: null, wrongInARow: 10, tryAgainAt: expect.any(Number) });
    expect((await rejectionOf(engine.unlock(PIN, record))).message).toBe(PinLimitMessages.stopped);
  });

  test('holds nothing for another record (a PIN since replaced): that one starts from none, once', async () => {
    const { record, collection } = await pinWallet();
    await seedPinCount({ pinSalt: 'b3RoZXJzYWx0b3RoZXJzYQ==', wrongInARow: 10, tryAgainAt: null });
    const engine = startEngine();
    expect(await engine.pinAttempts(record)).toEqual(noAttempts());
    await wrongTries(engine, record, 1);
    expect(await storedPinCount()).toEqual({ pinSalt: null, wrongInARow: 1, tryAgainAt: null });
    expect((await engine.unlock(PIN, record, collection)).cards).toHaveLength(cards.length);
  });
});

describe('the password', () => {
  test("clears the count once it opened the PIN's key; a key from a record made up in the page clears nothing", async () => {
    const { record, collection, password } = await pinWallet();
    const engine = startEngine();
    await wrongTries(engine, record, 3);
    // A page that makes a record of its own holds a key, but not the PIN's.
    const pretender = startEngine();
    const madeUp = await pretender.createSecret('made up', plain(), NOW);
    await pretender.unlock('made up', madeUp.record);
    await pretender.forgetPinAttempts();
    expect(await storedPinCount()).toMatchObject({ wrongInARow: 3 });
    await engine.forgetPinAttempts();
    expect(await storedPinCount()).toMatchObject({ wrongInARow: 3 });
    await engine.unlock(PASSWORD, password, collection);
    await engine.forgetPinAttempts();
    expect(await storedPinCount()).toEqual(noAttempts());
  });
});

describe('the count removed from IndexedDB', () => {
  test('takes the PIN with it: refused as without the device key, before anything is derived', async () => {
    const { record, collection } = await pinWallet();
    await editStoredEntry(({ attempts: _, ...rest }) => rest);
    const engine = startEngine();
    for (const pin of [PIN, WRONG]) {
      const refused = await rejectionOf(engine.unlock(pin, record, collection));
      expect(refused).toBeInstanceOf(InvalidStateError);
      expect(refused.message).toBe(Messages.pinKeyMissing);
      expect((await rejectionOf(engine.verify(pin, record))).message).toBe(Messages.pinKeyMissing);
    }
    expect(await engine.derivationCount()).toBe(0);
    expect(await engine.pinAttempts(record)).toEqual(noAttempts());
    // A new PIN replaces the value that is not whole with a new key and a count of none.
    const next = await engine.createSecret('806142', plain(), NOW, { kind: 'pin' });
    expect(await storedPinCount()).toEqual(noAttempts());
    expect(await startEngine().verify('806142', next.record)).toBe(true);
  });
});

describe('a device key kept by an earlier Sleeve (version 1 of the database: the bare key)', () => {
  /** The database as version 1 left it, its key made here, and a PIN record sealed under that key by hand. */
  async function earlierDevice() {
    const { record, collection } = await startEngine().createSecret(PIN, plain(), NOW);
    stopEngines();
    await deleteDeviceKeys();
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('sleeve-keys', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('keys').put(key, 'pin-device-key');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    db.close();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const inner = base64Bytes(record.encryptedDek.ciphertext);
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, inner));
    const bound = {
      ...record,
      encryptedDek: { ...record.encryptedDek, ciphertext: btoa(String.fromCharCode(...sealed)) },
      device: { iv: btoa(String.fromCharCode(...iv)) },
    };
    return { record: bound, collection };
  }

  test('keeps that key, now beside a count of none, and counts from there', async () => {
    const { record, collection } = await earlierDevice();
    const engine = startEngine();
    await wrongTries(engine, record, 1);
    expect(await storedPinCount()).toEqual({ pinSalt: null, wrongInARow: 1, tryAgainAt: null });
    expect((await engine.unlock(PIN, record, collection)).cards).toHaveLength(cards.length);
    expect(await storedPinCount()).toEqual(noAttempts());
    expect(await storedDeviceKey()).toBeInstanceOf(CryptoKey);
  });
});
