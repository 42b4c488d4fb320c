/**
 * Unlocking with a passkey (WebAuthn PRF). A passkey is an extra way into this device's wallet, beside the PIN or
 * password, never instead of them: it can only be set up while one exists, and goes with the last of them
 * (src/storage/protection.ts refuses anything else). The password stays the account's recovery. Setting one up and
 * removing it are passkey-setup.ts's, loaded with the Security screen: the lock screen needs only the unlock.
 *
 * The ceremonies run on the page (src/webauthn/); the PRF output they give goes to the worker at once, transferred
 * (src/engine/passkey.ts), and this module never keeps it.
 */
import { SleeveError } from '../domain/errors';
import { PasskeyMessages } from '../domain/passkey';
import type { AuthRecords, PasskeyRecord, SecretRecord } from '../domain/secret';
import { unlockWithPasskey as openWithPasskey } from '../engine/passkey';
import { evaluatePasskey, passkeysSupported } from '../webauthn/ceremonies';
import { samePasskey } from './device-records';
import { unlockStored, withSecret } from './secrets';
import { passkeyState, records } from './store';

export { passkeyState } from './store';

/** Finds out once whether passkeys can be offered here; the screens that offer them call it when they show. */
export async function checkPasskeySupport(): Promise<void> {
  passkeyState.supported = await passkeysSupported();
}

/** Runs `work` with `passkeyState.busy` set, so the screens offering a ceremony show it under way. */
export async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  passkeyState.busy = true;
  try {
    return await work();
  } finally {
    passkeyState.busy = false;
  }
}

/** The record the verification gate asks for (src/state/gate.ts): the password when one exists, else the PIN. */
export const gateRecord = (known: AuthRecords): SecretRecord | null => known.password ?? known.pin;

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
