/**
 * The PIN lifecycle through the real worker and real storage: creating the first PIN encrypts every card,
 * unlocking takes one derivation, removing the last secret decrypts them back, and a failure at any step leaves
 * the device byte-for-byte as it was.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { cardsState } from '../../src/state/cards';
import { gateFor } from '../../src/state/gate';
import { appState, startApp } from '../../src/state/lifecycle';
import { lockDevice } from '../../src/state/lock';
import { createPin, removePin } from '../../src/state/pin-changes';
import { unlockWithPin, verifyPin } from '../../src/state/secrets';
import { fillQuota, seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';
let cards: PlainCard[];

const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const rawStorage = () => [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];

beforeEach(async () => {
  await getEngine().lock();
  cards = makeCards(11, 4);
  seedPlainCards(cards);
  await startApp();
});

describe('creating the first PIN', () => {
  it('stores every card encrypted and a PIN record in the documented shape', async () => {
    await expect(createPin(PIN)).resolves.toBe('created');
    const stored = storedJson('cards') as { type: string; cards: Record<string, unknown> };
    expect(stored.type).toBe('ENCRYPTED');
    expect(Object.keys(stored.cards).sort()).toEqual(cards.map((card) => card.id).sort());
    for (const card of Object.values(stored.cards)) {
      expect(card).toEqual({
        id: expect.any(String),
        modifiedAt: expect.any(Number),
        data: { cipherText: expect.any(String), iv: expect.any(String) },
      });
    }
    // Bound to this device: the wrapped key sealed once more under a key only this origin's IndexedDB holds.
    expect(storedJson('auth')).toEqual({
      password: null,
      pin: {
        salt: expect.any(String),
        encryptedDek: { ciphertext: expect.any(String), iv: expect.any(String) },
        device: { iv: expect.any(String), version: 2 },
        modifiedAt: expect.any(Number),
      },
      passkey: null,
    });
    expect(appState.pinCreated).toBe(true);
    expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
  });

  it('refuses a too-common PIN and changes nothing', async () => {
    const before = rawStorage();
    await expect(createPin('123456')).rejects.toThrow('Entered PIN is too common');
    expect(rawStorage()).toEqual(before);
  });

  it('leaves storage byte-for-byte unchanged and holds no key when the write fails midway', async () => {
    const before = rawStorage();
    const freeQuota = fillQuota();
    try {
      await expect(createPin(PIN)).rejects.toThrow('storage for Sleeve is full');
    } finally {
      freeQuota();
    }
    expect(rawStorage()).toEqual(before);
    expect(await getEngine().hasKey()).toBe(false);
    expect(appState.pinCreated).toBe(false);
  });
});

describe('a device with a PIN', () => {
  beforeEach(async () => {
    await createPin(PIN);
    await lockDevice();
    // As a fresh page would: nothing in memory but what startApp reads from storage.
    await startApp();
  });

  it('starts locked, refuses a wrong PIN and unlocks with the right one in one derivation', async () => {
    expect(appState.locked).toBe(true);
    expect(cardsState.cards).toEqual([]);
    await expect(unlockWithPin('530718')).rejects.toThrow('Entered PIN is incorrect');
    expect(appState.locked).toBe(true);
    const before = await getEngine().derivationCount();
    await unlockWithPin(PIN);
    expect((await getEngine().derivationCount()) - before).toBe(1);
    expect(appState.locked).toBe(false);
    expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
  });

  it('verifies with one derivation and changes the PIN with one more, spending what the verify proved', async () => {
    await unlockWithPin(PIN);
    const before = await getEngine().derivationCount();
    // As You → Security's Change PIN: the gate, then the current PIN, which the new one needs.
    gateFor(() => undefined, { forNewSecret: true });
    await expect(verifyPin('530718')).rejects.toThrow('Entered PIN is incorrect');
    await verifyPin(PIN);
    expect((await getEngine().derivationCount()) - before).toBe(2);
    await expect(createPin('806142')).resolves.toBe('updated');
    expect((await getEngine().derivationCount()) - before).toBe(3);
    await lockDevice();
    await expect(unlockWithPin(PIN)).rejects.toThrow('Entered PIN is incorrect');
    await unlockWithPin('806142');
  });

  it('removing the PIN stores every card plain again, intact', async () => {
    await unlockWithPin(PIN);
    await removePin();
    expect(storedJson('auth')).toEqual({ password: null, pin: null, passkey: null });
    expect(storedJson('cards')).toEqual({
      type: 'UNENCRYPTED',
      cards: Object.fromEntries(cards.map((card) => [card.id, card])),
    });
    expect(await getEngine().hasKey()).toBe(false);
  });

  it('asks to unlock again when the key is gone', async () => {
    await expect(createPin('806142')).rejects.toThrow('Refresh and unlock app again to proceed');
  });
});
