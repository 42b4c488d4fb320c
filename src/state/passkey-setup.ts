/**
 * Security's passkey actions: setting up passkey unlock and removing it (passkey.ts has the unlock, which the lock
 * screen needs without these). Every change is one write under the storage lock, made against the records this tab
 * knows, so a passkey added or removed in another tab meanwhile refuses it plainly.
 */
import { SleeveError } from '../domain/errors';
import { PasskeyMessages } from '../domain/passkey';
import type { AuthRecords } from '../domain/secret';
import { createPasskeyRecord } from '../engine/passkey';
import { updateStorage } from '../storage/local-storage';
import { forgetPasskey, type RegisteredPasskey, registerPasskey } from '../webauthn/registration';
import { assertUnchanged } from './device-records';
import { gateRecord, whileBusy } from './passkey';
import { appState, records, setRecords } from './store';

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
