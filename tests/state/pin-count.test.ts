/**
 * The PIN's one count for this device's key, through the state actions, the real worker and real storage, with the
 * PIN record edited in local storage (`sleeve/auth`) as anyone who can write it could: another salt tried and the real
 * one put back leaves the wait running; a record the device layer's first version bound opens with the right PIN and
 * is stored bound at version 2.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PinRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { appState, startApp } from '../../src/state/lifecycle';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPin } from '../../src/state/secrets';
import { cardsState } from '../../src/state/store';
import { anotherSalt, asFirstVersion, pinLayerOf, storedPinCount } from '../support/device-keys';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';
const WRONG = '530718';
const cards = makeCards(67, 3);

const storedAuth = () => storedJson('auth') as { pin: PinRecord } & Record<string, unknown>;
const storedPin = () => storedAuth().pin;
const storePin = (pin: PinRecord) => localStorage.setItem('sleeve/auth', JSON.stringify({ ...storedAuth(), pin }));

/** A fresh page of this device: nothing in memory but what startApp reads. */
async function freshPage(): Promise<void> {
  await lockDevice();
  await startApp();
}

beforeEach(async () => {
  await getEngine().lock();
  seedPlainCards(cards);
  await startApp();
  await createPin(PIN);
  await freshPage();
});

describe('the PIN record edited in local storage', () => {
  it('five wrong PINs, another salt, one try, the real salt back: the right PIN waits', async () => {
    for (let count = 1; count <= 5; count++) await expect(unlockWithPin(WRONG)).rejects.toThrow();
    const real = storedPin();
    const counted = await storedPinCount();
    storePin({ ...real, salt: anotherSalt() });
    await freshPage();
    await expect(unlockWithPin(PIN)).rejects.toThrow();
    storePin(real);
    await freshPage();
    await expect(unlockWithPin(PIN)).rejects.toThrow(/^Try again in \d+ s$/);
    expect(appState.locked).toBe(true);
    expect(await storedPinCount()).toEqual(counted);
  });
});

describe('a PIN record bound by the first version of the device layer', () => {
  it('opens with the right PIN, and that unlock stores it bound at version 2', async () => {
    const older = await asFirstVersion(storedPin());
    storePin(older);
    await freshPage();
    await unlockWithPin(PIN);
    expect(cardsState.cards).toHaveLength(cards.length);
    const rebound = storedPin();
    expect(rebound).toEqual({
      salt: older.salt,
      encryptedDek: { ciphertext: expect.any(String), iv: older.encryptedDek.iv },
      device: { version: 2, iv: expect.any(String) },
      modifiedAt: older.modifiedAt,
    });
    expect(await pinLayerOf(rebound)).toEqual(await pinLayerOf(older));
    await freshPage();
    await unlockWithPin(PIN);
    expect(storedPin()).toEqual(rebound);
  });
});
