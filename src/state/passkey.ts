/**
 * Unlocking with a passkey (WebAuthn PRF): set up, unlock, remove. A passkey is an extra way into this device's
 * wallet, beside the PIN or password, never instead of them: it can only be set up while one exists, and goes with
 * the last of them (src/storage/protection.ts refuses anything else). The password stays the account's recovery.
 *
 * The ceremonies run on the page (src/webauthn/); the PRF output they give goes to the worker at once, transferred
 * (src/engine/passkey.ts), and this module never keeps it. Every change is one write under the storage lock, made
 * against the records this tab knows, so a passkey added or removed in another tab meanwhile refuses it plainly.
 */
import { SleeveError } from '../domain/errors';
import { PasskeyMessages } from '../domain/passkey';
import type { AuthRecords, PasskeyRecord, SecretRecord } from '../domain/secret';
import { createPasskeyRecord, unlockWithPasskey as openWithPasskey } from '../engine/passkey';
import { updateStorage } from '../storage/local-storage';
import type { RegisteredPasskey } from '../webauthn/ceremonies';
import { evaluatePasskey, forgetPasskey, passkeysSupported, registerPasskey } from '../webauthn/ceremonies';
import { assertUnchanged, samePasskey } from './device-records';
import { unlockStored, withSecret } from './secrets';
import { appState, passkeyState, records, setRecords } from './store';

export { passkeyState } from './store';

/** Finds out once whether passkeys can be offered here; the screens that offer them call it when they show. */
export async function checkPasskeySupport(): Promise<void> {
  passkeyState.supported = await passkeysSupported();
}

async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  passkeyState.busy = true;
  try {
    return await work();
  } finally {
    passkeyState.busy = false;
  }
}

/** The record the verification gate asks for (src/state/gate.ts): the password when one exists, else the PIN. */
const gateRecord = (known: AuthRecords): SecretRecord | null => known.password ?? known.pin;

/**
 * Security → 'Set up passkey unlock', run by the gate once the PIN or password was verified: registers a passkey and
 * keeps a record of it. If the record cannot be kept, the browser is told the new passkey is unknown.
 */
export function setUpPasskey(): Promise<void> {
  return whileBusy(async () => {
    const before = records();
    if (!gateRecord(before)) throw new SleeveError(PasskeyMessages.needsSecret);
    if (before.passkey) throw new SleeveError(PasskeyMessages.alreadySetUp);
    const made = await registerPasskey(appState.user?.fullName ?? 'Sleeve');
    try {
      await keepPasskey(made, before);
    } catch (error) {
      await forgetPasskey(made.credentialId);
      throw error;
    }
  });
}

/**
 * Stores the record of a passkey just registered. The engine wraps the held key under the passkey's PRF output only
 * with the proof the gate's verification left (DESIGN.md invariant 9); `made.prfOutput` is detached once sent.
 */
export async function keepPasskey(made: RegisteredPasskey, before: AuthRecords = records()): Promise<void> {
  const proven = gateRecord(before);
  if (!proven) throw new SleeveError(PasskeyMessages.needsSecret);
  const record = await createPasskeyRecord(made.prfOutput, made.credentialId, made.salt, proven, Date.now());
  const stored = await updateStorage((current) => {
    assertUnchanged(current.auth, before);
    return { auth: { ...current.auth, passkey: record } };
  });
  setRecords(stored.auth);
}

/** Locked → 'Unlock with passkey': the ceremony for this device's passkey, then the unlock with what it gave. */
export function unlockWithPasskey(): Promise<void> {
  return whileBusy(async () => {
    const record = records().passkey;
    if (!record) throw new SleeveError(PasskeyMessages.noPasskey);
    await unlockWithPasskeyOutput(await evaluatePasskey(record.credentialId, record.salt, 'unlock'), record);
  });
}

/**
 * Unlocks with a passkey's PRF output for `record` (detached once sent) and opens the locked wallet's cards in the
 * same engine call, as unlocking with a PIN does; then shows them and leaves the lock. An output that does not open
 * the record says so plainly, and the PIN or password still unlocks.
 */
export function unlockWithPasskeyOutput(prfOutput: ArrayBuffer, record: PasskeyRecord): Promise<void> {
  return unlockStored(
    (cards) => withSecret(openWithPasskey(prfOutput, record, cards), 'passkey'),
    // Another tab may have removed this passkey, or replaced the records it stands beside, while it answered.
    () => samePasskey(records().passkey, record),
  );
}

/** Security → 'Remove passkey' (confirmed): the record goes, and the browser is told the passkey is unknown now. */
export async function removePasskey(): Promise<void> {
  const before = records();
  const record = before.passkey;
  if (!record) return;
  const stored = await updateStorage((current) => {
    assertUnchanged(current.auth, before);
    return { auth: { ...current.auth, passkey: null } };
  });
  setRecords(stored.auth);
  await forgetPasskey(record.credentialId);
}
