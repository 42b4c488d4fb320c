/**
 * Passkey unlock in the state layer, through the real worker and real storage. WebAuthn itself needs a domain name
 * (this test page is served from an IP address), so here the ceremony's result, a 32-byte PRF output, is given as
 * known bytes; the end-to-end test (tests/e2e/passkey.test.ts) drives real ceremonies. What is held here: a passkey
 * record is kept only after a verification and only beside a PIN or password, unlocks like the PIN, says plainly
 * when it does not open, goes with the last secret, and another tab follows it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { PasskeyMessages } from '../../src/domain/passkey';
import type { PasskeyRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { cardsState } from '../../src/state/cards';
import { CHANGED_ELSEWHERE } from '../../src/state/device-records';
import { gateFor } from '../../src/state/gate';
import { appState, startApp } from '../../src/state/lifecycle';
import { lockDevice } from '../../src/state/lock';
import { checkPasskeySupport, passkeyState, unlockWithPasskeyOutput } from '../../src/state/passkey';
import { keepPasskey, removePasskey } from '../../src/state/passkey-setup';
import { createPin, removePin } from '../../src/state/pin-changes';
import { unlockWithPin, verifyPin } from '../../src/state/secrets';
import { records } from '../../src/state/store';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';
import { openTab } from '../support/tabs';

const PIN = '274951';
const CREDENTIAL_ID = btoa('a credential id of this passkey');
const SALT = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, index) => 0x80 + index)));
let cards: PlainCard[];

/** What the passkey's authenticator would give for SALT: the same bytes for the same `seed`. */
const prfOutput = (seed = 7): ArrayBuffer => Uint8Array.from({ length: 32 }, (_, index) => seed + index).buffer;
const registered = () => ({ credentialId: CREDENTIAL_ID, salt: SALT, prfOutput: prfOutput() });
const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const storedPasskey = () => (storedJson('auth') as { passkey: PasskeyRecord | null }).passkey;

beforeEach(async () => {
  await getEngine().lock();
  cards = makeCards(41, 3);
  seedPlainCards(cards);
  await startApp();
  await createPin(PIN);
});

describe('keeping a passkey', () => {
  it('needs a verification of the PIN first, and spends it', async () => {
    await expect(keepPasskey(registered())).rejects.toThrow(PasskeyMessages.verifyAgain);
    expect(storedPasskey()).toBeNull();
    await verifyPin(PIN);
    await keepPasskey(registered());
    expect(storedPasskey()).toEqual({
      credentialId: CREDENTIAL_ID,
      salt: SALT,
      encryptedDek: { ciphertext: expect.any(String), iv: expect.any(String) },
      modifiedAt: expect.any(Number),
    });
    expect(appState.passkeyCreated).toBe(true);
    // The proof is spent: another passkey needs another verification.
    await removePasskey();
    await expect(keepPasskey(registered())).rejects.toThrow(PasskeyMessages.verifyAgain);
  });

  it('is refused when another tab changed the records meanwhile, and nothing is stored', async () => {
    const known = records();
    await verifyPin(PIN);
    const other = await openTab();
    await other.secrets.unlockWithPin(PIN);
    other.gate.gateFor(() => undefined, { forNewSecret: true });
    await other.secrets.verifyPin(PIN);
    await other.secrets.createPin('806142');
    await expect(keepPasskey(registered(), known)).rejects.toThrow(CHANGED_ELSEWHERE);
    expect(storedPasskey()).toBeNull();
  });
});

describe('a device with a passkey', () => {
  beforeEach(async () => {
    await verifyPin(PIN);
    await keepPasskey(registered());
    await lockDevice();
    // As a fresh page would: nothing in memory but what startApp reads from storage.
    await startApp();
  });

  it('starts locked and unlocks with the same PRF output, showing every card, with no derivation', async () => {
    expect(appState.locked).toBe(true);
    expect(appState.passkeyCreated).toBe(true);
    const record = records().passkey!;
    const before = await getEngine().derivationCount();
    await unlockWithPasskeyOutput(prfOutput(), record);
    expect(await getEngine().derivationCount()).toBe(before);
    expect(appState.locked).toBe(false);
    expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
  });

  it('says plainly when the PRF output does not open it, and the PIN still unlocks', async () => {
    const before = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];
    await expect(unlockWithPasskeyOutput(prfOutput(9), records().passkey!)).rejects.toThrow(
      PasskeyMessages.wrongPasskey,
    );
    expect(appState.locked).toBe(true);
    expect(cardsState.cards).toEqual([]);
    expect(await getEngine().hasKey()).toBe(false);
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(before);
    await unlockWithPin(PIN);
    expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
  });

  it('goes with the last secret: removing the PIN removes the passkey record too', async () => {
    await unlockWithPin(PIN);
    await removePin();
    expect(storedJson('auth')).toEqual({ password: null, pin: null, passkey: null });
    expect(appState.passkeyCreated).toBe(false);
    expect((storedJson('cards') as { type: string }).type).toBe('UNENCRYPTED');
  });

  it('stays when the PIN changes, since it wraps the same key', async () => {
    await unlockWithPin(PIN);
    const record = records().passkey!;
    // As Security's Change PIN: the gate, the current PIN, then the new one.
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPin(PIN);
    await createPin('806142');
    expect(storedPasskey()).toEqual(record);
    await lockDevice();
    await unlockWithPasskeyOutput(prfOutput(), record);
    expect(shownIds()).toEqual(cards.map((card) => card.id).sort());
  });

  it('removing it leaves the PIN, and another tab follows both the removal and a new one', async () => {
    await unlockWithPin(PIN);
    const other = await openTab();
    expect(other.store.appState.passkeyCreated).toBe(true);
    await removePasskey();
    expect(storedJson('auth')).toMatchObject({ pin: expect.any(Object), passkey: null });
    await expect.poll(() => other.store.appState.passkeyCreated).toBe(false);
    expect(other.store.records().passkey).toBeNull();
    // The other tab stays locked, its PIN unchanged.
    expect(other.store.appState.locked).toBe(true);

    await verifyPin(PIN);
    await keepPasskey(registered());
    await expect.poll(() => other.store.appState.passkeyCreated).toBe(true);
    expect(other.store.records().passkey).toEqual(storedPasskey());
  });

  it('a record no longer stored (removed in another tab while the passkey answered) does not unlock', async () => {
    const record = records().passkey!;
    await removePasskey();
    await expect(unlockWithPasskeyOutput(prfOutput(), record)).rejects.toThrow(CHANGED_ELSEWHERE);
    expect(appState.locked).toBe(true);
    expect(cardsState.cards).toEqual([]);
    expect(await getEngine().hasKey()).toBe(false);
  });
});

describe('passkey support', () => {
  it('is not offered at an IP address, where WebAuthn has no domain to bind a passkey to', async () => {
    expect(location.hostname).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    await checkPasskeySupport();
    expect(passkeyState.supported).toBe(false);
  });
});
