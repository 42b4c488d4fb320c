/**
 * The engine's passkey calls, with the PRF output handed over rather than copied: WebAuthn is a main-thread API, so
 * the output exists on the page for a moment, and transferring its buffer detaches the page's copy at once.
 */
import { transfer } from 'comlink';
import type { CardCollection, OpenedCards } from '../domain/card';
import type { PasskeyRecord, SecretRecord } from '../domain/secret';
import { getEngine } from './index';

/** A new passkey record for the held key; `prfOutput` is detached here once sent. See EngineApi.createPasskeyRecord. */
export function createPasskeyRecord(
  prfOutput: ArrayBuffer,
  credentialId: string,
  salt: string,
  proven: SecretRecord,
  now: number,
): Promise<PasskeyRecord> {
  return getEngine().createPasskeyRecord(transfer(prfOutput, [prfOutput]), credentialId, salt, proven, now);
}

/** Unlocks with a passkey's PRF output, detached here once sent. See EngineApi.unlockWithPasskey. */
export function unlockWithPasskey(
  prfOutput: ArrayBuffer,
  record: PasskeyRecord,
  collection?: CardCollection,
): Promise<OpenedCards> {
  return getEngine().unlockWithPasskey(transfer(prfOutput, [prfOutput]), record, collection);
}
