/**
 * The proof a successful `verify` leaves behind: which secret opened which record, and the key it opened. A screen
 * that asks for the current secret before a change (DESIGN.md invariant 5) then costs one derivation, not two, and
 * the change still cannot happen without that secret. The proof is used once, lives five minutes, and goes with
 * the next verify or lock.
 */
import type { PinRecord, SecretRecord } from '../../src/domain/secret';
import type { DataKey } from '../crypto/keys';

const PROOF_LIFETIME_MS = 5 * 60 * 1000;

interface Proof {
  secret: string;
  record: string;
  key: DataKey;
  expires: number;
}

let proof: Proof | undefined;

/**
 * Records are compared by their stored form, so any change to salt, IV, ciphertext, date or device layer is another
 * record.
 */
export const recordText = (record: SecretRecord): string =>
  JSON.stringify([
    record.salt,
    record.encryptedDek.ciphertext,
    record.encryptedDek.iv,
    record.modifiedAt,
    (record as PinRecord).device?.iv ?? null,
    (record as PinRecord).device?.version ?? null,
  ]);

export function leaveProof(secret: string, record: SecretRecord, key: DataKey): void {
  proof = { secret, record: recordText(record), key, expires: Date.now() + PROOF_LIFETIME_MS };
}

/** The key the proof holds, when it proves exactly `secret` for `record`; the proof is spent either way. */
export function takeProof(secret: string, record: SecretRecord): DataKey | undefined {
  const taken = proof;
  proof = undefined;
  if (!taken || Date.now() > taken.expires) return undefined;
  return taken.secret === secret && taken.record === recordText(record) ? taken.key : undefined;
}

export function dropProof(): void {
  proof = undefined;
}

/**
 * The key the proof holds when it was left by a verify of exactly `record`, whatever the secret; spent either way.
 * For adding a passkey: the secret was proven a moment ago, and need not wait on the page through the passkey's
 * ceremony to be passed in again.
 */
export function takeProofOf(record: SecretRecord): DataKey | undefined {
  const taken = proof;
  proof = undefined;
  if (!taken || Date.now() > taken.expires) return undefined;
  return taken.record === recordText(record) ? taken.key : undefined;
}
