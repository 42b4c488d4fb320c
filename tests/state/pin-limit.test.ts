/**
 * The PIN's attempt limit and its device binding through the state actions, the real worker and real storage:
 * counted by the engine beside the device key in IndexedDB (`sleeve/pin-attempts` is only a mirror other tabs hear
 * of), enforced by the engine (no derivation while a wait runs or once the PIN has stopped), kept whatever is done to
 * localStorage, shared by tabs, and never counting a try that did not reach the PIN. Also: an older plain PIN record
 * is bound at its next unlock, and a PIN is changed only with the current secret verified first.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Messages } from '../../src/domain/errors';
import type { PinAttempts } from '../../src/domain/pin-attempts';
import { noAttempts, PinLimitMessages } from '../../src/domain/pin-attempts';
import type { PinRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { gateFor } from '../../src/state/gate';
import { appState, startApp } from '../../src/state/lifecycle';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPin, verifyPin } from '../../src/state/secrets';
import { cardsState, pinLimitState } from '../../src/state/store';
import {
  deleteDeviceKeys,
  editStoredEntry,
  seedPinCount,
  storedDeviceKey,
  storedPinCount,
} from '../support/device-keys';
import { startEngine, stopEngines } from '../support/engine-worker';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';
import { openTab } from '../support/tabs';

const PIN = '274951';
const WRONG = '530718';
const cards = makeCards(61, 3);

const derivations = () => getEngine().derivationCount();
const storedAttempts = async () => (await storedPinCount()) as PinAttempts;
const mirrored = () => JSON.parse(localStorage.getItem('sleeve/pin-attempts') ?? 'null') as PinAttempts | null;
const storedPin = () => (storedJson('auth') as { pin: PinRecord }).pin;
const everything = () => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
const withoutRevision = () => {
  const all = everything();
  delete all['sleeve/revision'];
  return all;
};

/** A fresh page of this device: nothing in memory but what startApp reads. */
async function freshPage(): Promise<void> {
  await lockDevice();
  await startApp();
}

/** The count the engine keeps, seeded as if those tries had been made (waits seeded over, never waited out). */
const seedAttempts = (attempts: PinAttempts) => seedPinCount(attempts);

beforeEach(async () => {
  await getEngine().lock();
  seedPlainCards(cards);
  await startApp();
  await createPin(PIN);
  await freshPage();
});

describe('wrong PINs in a row', () => {
  it('wait for nothing up to four; from the fifth the next try waits, even for a caller that skips the screen', async () => {
    for (let count = 1; count <= 4; count++) {
      await expect(unlockWithPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
      expect(await storedAttempts()).toEqual({ pinSalt: null, wrongInARow: count, tryAgainAt: null });
      expect(mirrored()).toEqual(await storedAttempts());
      expect(pinLimitState.tryAgainAt).toBe(0);
    }
    const start = Date.now();
    await expect(unlockWithPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    const { tryAgainAt } = await storedAttempts();
    expect(tryAgainAt).toBeGreaterThanOrEqual(start + 30_000);
    expect(tryAgainAt).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(pinLimitState.tryAgainAt).toBe(tryAgainAt);
    // The right PIN, called as page code would call it: refused at once, nothing derived, nothing stored.
    const before = await derivations();
    const stored = everything();
    const counted = await storedAttempts();
    await expect(unlockWithPin(PIN)).rejects.toThrow(/^Try again in (30|29|28|27) s$/);
    await expect(verifyPin(PIN)).rejects.toThrow(/^Try again in \d+ s$/);
    expect(await derivations()).toBe(before);
    expect(everything()).toEqual(stored);
    expect(await storedAttempts()).toEqual(counted);
    expect(appState.locked).toBe(true);
  });

  it('once the wait is over, the right PIN opens and clears the count', async () => {
    await seedAttempts({ pinSalt: null, wrongInARow: 7, tryAgainAt: Date.now() - 1 });
    await freshPage();
    await unlockWithPin(PIN);
    expect(appState.locked).toBe(false);
    expect(cardsState.cards).toHaveLength(cards.length);
    expect(await storedAttempts()).toEqual(noAttempts());
    expect(localStorage.getItem('sleeve/pin-attempts')).toBeNull();
    expect(pinLimitState).toMatchObject({ tryAgainAt: 0, stopped: false });
  });

  it('stop the PIN at ten: even the right one is refused without a derivation, and a reload keeps it so', async () => {
    await seedAttempts({ pinSalt: null, wrongInARow: 9, tryAgainAt: Date.now() - 1 });
    await freshPage();
    await expect(unlockWithPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    expect(pinLimitState.stopped).toBe(true);
    await freshPage();
    expect(pinLimitState.stopped).toBe(true);
    const before = await derivations();
    const refusal = `${PinLimitMessages.stopped} ${PinLimitMessages.useForgotPin}`;
    await expect(unlockWithPin(PIN)).rejects.toThrow(refusal);
    expect(await derivations()).toBe(before);
    expect((await storedAttempts()).wrongInARow).toBe(10);
  });

  it('typed to verify count too, and a right one clears them', async () => {
    await unlockWithPin(PIN);
    await expect(verifyPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    await expect(verifyPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    expect((await storedAttempts()).wrongInARow).toBe(2);
    await verifyPin(PIN);
    expect(await storedAttempts()).toEqual(noAttempts());
    expect(localStorage.getItem('sleeve/pin-attempts')).toBeNull();
  });

  it('an earlier Sleeve counted for another PIN count for nothing: that PIN was replaced since', async () => {
    await seedAttempts({ pinSalt: 'b3RoZXJzYWx0b3RoZXJzYQ==', wrongInARow: 10, tryAgainAt: null });
    await freshPage();
    expect(pinLimitState.stopped).toBe(false);
    await unlockWithPin(PIN);
    expect(appState.locked).toBe(false);
  });
});

describe('the count, kept beside the device key', () => {
  it('holds when local storage is cleared or edited: the wait after five, and the stop at ten', async () => {
    for (let count = 1; count <= 5; count++) await expect(unlockWithPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    const salt = storedPin().salt;
    const counted = await storedAttempts();
    // Its mirror as this tab wrote it says a try went wrong, so the start shows the engine's count before it ends.
    await freshPage();
    expect(pinLimitState.tryAgainAt).toBe(counted.tryAgainAt);
    for (const edit of [
      () => localStorage.removeItem('sleeve/pin-attempts'),
      () => localStorage.setItem('sleeve/pin-attempts', JSON.stringify({ ...noAttempts(), pinSalt: salt })),
      () =>
        localStorage.setItem('sleeve/pin-attempts', JSON.stringify({ pinSalt: salt, wrongInARow: 0, tryAgainAt: 0 })),
    ]) {
      edit();
      await freshPage();
      // A mirror that says none lets the start end before the engine answers; its count follows.
      await expect.poll(() => pinLimitState.tryAgainAt).toBe(counted.tryAgainAt);
      const before = await derivations();
      await expect(unlockWithPin(PIN)).rejects.toThrow(/^Try again in \d+ s$/);
      await expect(verifyPin(PIN)).rejects.toThrow(/^Try again in \d+ s$/);
      expect(await derivations()).toBe(before);
      expect(await storedAttempts()).toEqual(counted);
      expect(appState.locked).toBe(true);
    }
    // Nine counted, the last wait over: the tenth wrong one stops the PIN, and clearing local storage does not undo it.
    await seedAttempts({ pinSalt: null, wrongInARow: 9, tryAgainAt: Date.now() - 1 });
    await expect(unlockWithPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    localStorage.removeItem('sleeve/pin-attempts');
    await freshPage();
    await expect.poll(() => pinLimitState.stopped).toBe(true);
    const before = await derivations();
    await expect(unlockWithPin(PIN)).rejects.toThrow(`${PinLimitMessages.stopped} ${PinLimitMessages.useForgotPin}`);
    expect(await derivations()).toBe(before);
  });

  it('removed from IndexedDB, the PIN cannot open, as without the device key; nothing else is removed', async () => {
    await expect(unlockWithPin(WRONG)).rejects.toThrow(Messages.pinIncorrect);
    const kept = () => [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];
    const stored = kept();
    await editStoredEntry(({ attempts: _, ...rest }) => rest);
    await freshPage();
    const before = await derivations();
    await expect(unlockWithPin(PIN)).rejects.toThrow(`${Messages.pinKeyMissing} ${PinLimitMessages.useForgotPin}`);
    await expect(verifyPin(PIN)).rejects.toThrow(Messages.pinKeyMissing);
    expect(pinLimitState.keyMissing).toBe(true);
    expect(await derivations()).toBe(before);
    expect(appState.locked).toBe(true);
    // The cards and the records stay (the mirror follows the engine, which counts nothing now).
    expect(kept()).toEqual(stored);
    expect(await storedDeviceKey()).toBeInstanceOf(CryptoKey);
  });
});

describe('tabs', () => {
  it("follow another tab's count at once, and trying at the same moment gets them no more tries", async () => {
    await seedAttempts({ pinSalt: null, wrongInARow: 4, tryAgainAt: null });
    const [a, b] = await Promise.all([openTab(), openTab()]);
    await Promise.all([getEngine().hasKey(), a.engine.getEngine().hasKey(), b.engine.getEngine().hasKey()]);
    const results = await Promise.allSettled([a.secrets.unlockWithPin(WRONG), b.secrets.unlockWithPin(WRONG)]);
    const messages = results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'ok'));
    // The first try counted is the fifth: the other finds its wait already running, and derives nothing.
    expect(messages.filter((message) => message === Messages.pinIncorrect)).toHaveLength(1);
    expect(messages.filter((message) => /^Try again in \d+ s$/.test(message))).toHaveLength(1);
    expect((await storedAttempts()).wrongInARow).toBe(5);
    const [da, db] = await Promise.all([
      a.engine.getEngine().derivationCount(),
      b.engine.getEngine().derivationCount(),
    ]);
    expect(da + db).toBe(1);
    // This page, a third tab, shows the wait once the mirror's storage event makes it ask its engine.
    const { tryAgainAt } = await storedAttempts();
    await expect.poll(() => pinLimitState.tryAgainAt).toBe(tryAgainAt);
  });
});

describe("without this device's key", () => {
  it('the PIN is refused with the plain message and the way out; nothing is counted, derived or changed', async () => {
    await deleteDeviceKeys();
    const before = await derivations();
    const stored = withoutRevision();
    const error = await unlockWithPin(PIN).then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error?.message).toBe(`${Messages.pinKeyMissing} ${PinLimitMessages.useForgotPin}`);
    expect(pinLimitState.keyMissing).toBe(true);
    expect(await derivations()).toBe(before);
    expect(withoutRevision()).toEqual(stored);
    expect(appState.locked).toBe(true);
  });
});

describe('an older PIN record, not yet bound to this device', () => {
  it('unlocks with one derivation and is bound as it opens: same salt, IV and date, and a device layer', async () => {
    const maker = startEngine();
    const plain = { type: 'UNENCRYPTED' as const, cards: Object.fromEntries(cards.map((card) => [card.id, card])) };
    const older = await maker.createSecret(PIN, plain, 1_700_000_000_000);
    stopEngines();
    localStorage.setItem('sleeve/auth', JSON.stringify({ password: null, pin: older.record }));
    localStorage.setItem('sleeve/cards', JSON.stringify(older.collection));
    await freshPage();
    const before = await derivations();
    await unlockWithPin(PIN);
    expect(await derivations()).toBe(before + 1);
    expect(cardsState.cards).toHaveLength(cards.length);
    const bound = storedPin();
    expect(bound).toEqual({
      ...older.record,
      encryptedDek: { ciphertext: expect.any(String), iv: older.record.encryptedDek.iv },
      device: { iv: expect.any(String), version: 2 },
    });
    expect(bound.encryptedDek.ciphertext).not.toBe(older.record.encryptedDek.ciphertext);
    await freshPage();
    await unlockWithPin(PIN);
    expect(storedPin()).toEqual(bound);
  });
});

describe('an older PIN record in two tabs', () => {
  it('unlocked in both at once, it is bound once, and neither tab locks for it: the same PIN, the same key', async () => {
    const older = await startEngine().createSecret(PIN, { type: 'UNENCRYPTED', cards: {} }, 1_700_000_000_000);
    stopEngines();
    localStorage.setItem('sleeve/auth', JSON.stringify({ password: null, pin: older.record }));
    localStorage.removeItem('sleeve/cards');
    await freshPage();
    const [a, b] = await Promise.all([openTab(), openTab()]);
    await Promise.all([a.secrets.unlockWithPin(PIN), b.secrets.unlockWithPin(PIN)]);
    await expect.poll(() => storedPin().device).toEqual({ iv: expect.any(String), version: 2 });
    // Each tab has heard the other's write by now; an empty wallet has no card to show the key is the same.
    await expect.poll(() => a.store.records().pin?.device).toEqual(storedPin().device);
    await expect.poll(() => b.store.records().pin?.device).toEqual(storedPin().device);
    expect([a.store.appState.locked, b.store.appState.locked]).toEqual([false, false]);
  });
});

describe('changing the PIN', () => {
  it('needs the current one verified at its gate: refused without, after another gate, or once the app locked', async () => {
    await unlockWithPin(PIN);
    const stored = withoutRevision();
    await expect(createPin('806142')).rejects.toThrow(Messages.verifyFirst);
    expect(withoutRevision()).toEqual(stored);
    // A verification for something else (Remove PIN's gate, say) is not kept for a new PIN.
    gateFor(() => undefined);
    await verifyPin(PIN);
    await expect(createPin('806142')).rejects.toThrow(Messages.verifyFirst);
    // Nor one the app locked after.
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPin(PIN);
    await lockDevice();
    await unlockWithPin(PIN);
    await expect(createPin('806142')).rejects.toThrow(Messages.verifyFirst);
    // As Change PIN's gate: kept, and spent by the change.
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPin(PIN);
    await expect(createPin('806142')).resolves.toBe('updated');
    await expect(createPin('917253')).rejects.toThrow(Messages.verifyFirst);
  });
});
