/**
 * One count of wrong PINs for this device's key, whatever the PIN record in local storage says, through the real
 * worker and this origin's real IndexedDB. A record edited by hand (another salt, another device IV) neither moves the
 * count nor wipes it; only the worker's own creation or change of a PIN, with the current secret proved, starts it
 * again, and a PIN over another data key gets a device key of its own rather than fresh tries at the records before.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { InvalidStateError, Messages } from '../../src/domain/errors';
import type { PinRecord } from '../../src/domain/secret';
import {
  anotherIv,
  anotherSalt,
  asFirstVersion,
  deleteDeviceKeys,
  seedPinCount,
  storedPinCount,
} from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

const PIN = '274951';
const WRONG = '530718';
const NEXT = '806142';
const PASSWORD = 'correct horse battery staple';
const NOW = 1_722_000_000_000;
const WAITS = /^Try again in \d+ s$/;
const cards = makeCards(97, 2);
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

async function wrongTries(engine: Engine, record: PinRecord, count: number) {
  for (let index = 0; index < count; index++) {
    const error = await rejectionOf(engine.unlock(WRONG, record));
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
  }
}

/** The wrong PINs in a row the worker keeps now (0 when none). */
const counted = async () => (await storedPinCount())?.wrongInARow ?? 0;

beforeEach(deleteDeviceKeys);
afterEach(stopEngines);

/** The record as Sleeve binds it now, and as a device that bound it with the device layer's first version keeps it. */
const versions: [string, (record: PinRecord) => Promise<PinRecord>][] = [
  ['bound now', async (record) => record],
  ['bound by the first version', asFirstVersion],
];

describe.each(versions)('a PIN record %s, edited in local storage', (_, asStored) => {
  test('another salt, one try, the real salt back: the right PIN still waits, and nothing more is derived', async () => {
    const wallet = await pinWallet();
    const record = await asStored(wallet.record);
    const engine = startEngine();
    await wrongTries(engine, record, 5);
    const { tryAgainAt } = (await storedPinCount()) ?? {};
    const edited: PinRecord = { ...record, salt: anotherSalt() };
    expect((await rejectionOf(engine.unlock(PIN, edited))).message).toMatch(WAITS);
    for (const each of [engine, startEngine()]) {
      const refused = await rejectionOf(each.unlock(PIN, record, wallet.collection));
      expect(refused).toBeInstanceOf(InvalidStateError);
      expect(refused.message).toMatch(WAITS);
      expect(await each.hasKey()).toBe(false);
    }
    expect(await engine.derivationCount()).toBe(5);
    expect(await storedPinCount()).toMatchObject({ wrongInARow: 5, tryAgainAt });
  });

  test('once a wait is over, a try with another salt counts against the same count as the real record', async () => {
    const wallet = await pinWallet();
    const record = await asStored(wallet.record);
    await seedPinCount({ pinSalt: null, wrongInARow: 7, tryAgainAt: Date.now() - 1 });
    const engine = startEngine();
    // Counted as wrong (version 1 opens its layer) or taken back (version 2 does not): never moved, never wiped.
    await rejectionOf(engine.unlock(PIN, { ...record, salt: anotherSalt() }));
    expect(await counted()).toBeGreaterThanOrEqual(7);
    expect((await engine.pinAttempts(record)).wrongInARow).toBe(await counted());
    expect((await rejectionOf(engine.unlock(PIN, record, wallet.collection))).message).toMatch(WAITS);
  });

  test('another salt and another device IV: the try derives nothing and wipes nothing', async () => {
    const wallet = await pinWallet();
    const record = await asStored(wallet.record);
    const engine = startEngine();
    await wrongTries(engine, record, 5);
    const before = await storedPinCount();
    const edited: PinRecord = { ...record, salt: anotherSalt(), device: { ...record.device, iv: anotherIv() } };
    await rejectionOf(engine.unlock(PIN, edited));
    expect(await storedPinCount()).toEqual(before);
    expect((await rejectionOf(engine.unlock(PIN, record, wallet.collection))).message).toMatch(WAITS);
    // Past the wait, such a try never reaches the PIN: it is taken back, and the count of the real record stays.
    await seedPinCount({ pinSalt: null, wrongInARow: 7, tryAgainAt: Date.now() - 1 });
    expect((await rejectionOf(engine.unlock(PIN, edited))).message).toBe(Messages.pinKeyMissing);
    expect(await counted()).toBe(7);
    expect((await rejectionOf(engine.unlock(PIN, record, wallet.collection))).message).toMatch(WAITS);
    expect(await engine.derivationCount()).toBe(5);
  });
});

describe('the count starts again', () => {
  test('when the worker changes the PIN, the current one proved', async () => {
    const { record, collection } = await pinWallet();
    const engine = startEngine();
    await engine.unlock(PIN, record, collection);
    expect(await engine.verify(PIN, record)).toBe(true);
    await wrongTries(engine, record, 3);
    expect(await counted()).toBe(3);
    const changed = await engine.changeSecret(PIN, record, NEXT, NOW + 1);
    expect(await counted()).toBe(0);
    expect(await engine.pinAttempts(changed)).toMatchObject({ wrongInARow: 0, tryAgainAt: null });
    expect(await startEngine().verify(NEXT, changed)).toBe(true);
  });

  test('when the worker creates a PIN with the password proved, even while the old PIN waits', async () => {
    const { record, collection, password } = await pinWallet();
    const engine = startEngine();
    await wrongTries(engine, record, 5);
    await engine.unlock(PASSWORD, password, collection);
    expect(await counted()).toBe(5);
    const created = await engine.createSecret(NEXT, collection, NOW + 1, {
      kind: 'pin',
      current: { secret: PASSWORD, record: password },
    });
    expect(await counted()).toBe(0);
    expect((await startEngine().unlock(NEXT, created.record, collection)).cards).toHaveLength(cards.length);
  });

  test('never for a PIN made in a worker that holds no key: the record before it no longer opens here', async () => {
    const { record, collection } = await pinWallet();
    await wrongTries(startEngine(), record, 5);
    const made = await startEngine().createSecret(NEXT, { type: 'UNENCRYPTED', cards: {} }, NOW, { kind: 'pin' });
    const engine = startEngine();
    expect(await engine.verify(NEXT, made.record)).toBe(true);
    expect((await rejectionOf(engine.unlock(PIN, record, collection))).message).toBe(Messages.pinKeyMissing);
    expect(await engine.hasKey()).toBe(false);
  });

  test('never for a record of another key bound here: the record before it no longer opens here', async () => {
    const { record, collection } = await pinWallet();
    await wrongTries(startEngine(), record, 5);
    // A plain PIN record of a key of its own, as script in the page could write it to local storage.
    const own = await startEngine().createSecret(NEXT, { type: 'UNENCRYPTED', cards: {} }, NOW);
    const engine = startEngine();
    await engine.unlock(NEXT, own.record);
    const bound = await engine.bindPin(own.record);
    await engine.lock();
    await engine.unlock(NEXT, bound);
    await engine.lock();
    expect((await rejectionOf(engine.unlock(PIN, record, collection))).message).toBe(Messages.pinKeyMissing);
    expect(await engine.hasKey()).toBe(false);
  });
});
