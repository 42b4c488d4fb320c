/**
 * Passkey records: the DEK wrapped under a key derived (HKDF-SHA-256, crypto/hkdf.ts) from a passkey's PRF output.
 * They never leave this device, so they are written in Sleeve's raw form (crypto/wrapped-key.ts); either form opens.
 *
 * The PRF output is made by the authenticator and handed over by the page, which must call WebAuthn on the main
 * thread; it arrives here as a transferred ArrayBuffer (detached on the page), is imported as HKDF material and
 * wiped. Adding a record wraps the held key under a new secret, so it needs what DESIGN.md invariant 9 asks of any
 * new wrapping: the one-use proof of a `verify` that opened an existing PIN or password record a moment ago.
 */
import type { CardCollection, OpenedCards } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { PasskeyMessages } from '../../src/domain/passkey';
import type { PasskeyRecord, SecretRecord } from '../../src/domain/secret';
import { PASSKEY_PRF_LENGTH } from '../../src/domain/secret';
import { IV_LENGTH } from '../crypto/aes-gcm';
import { fromBase64, toBase64 } from '../crypto/base64';
import { type Bytes, randomBytes } from '../crypto/bytes';
import { derivePasskeyWrappingKey } from '../crypto/hkdf';
import type { DataKey, WrappingKey } from '../crypto/keys';
import { sameKey } from '../crypto/same-key';
import { openingUsage, unwrapDataKey, wrapDataKey, wrappedFormOf, wrappingUsage } from '../crypto/wrapped-key';
import { openWithNewKey } from './collections';
import { heldKey, holdOpened } from './custody';
import { takeProofOf } from './verify-proof';

/** WebAuthn allows credential ids of up to 1023 bytes. */
const MAX_CREDENTIAL_ID_LENGTH = 1023;

/** Passkey records are written in the raw form, and either form opens (which one is known only after the HKDF step). */
const WRITING: KeyUsage[] = [wrappingUsage('raw')];
const OPENING: KeyUsage[] = [openingUsage('raw'), openingUsage('text')];

/**
 * The key-encryption key for `prfOutput`, whose bytes are wiped once imported, whatever happens: nothing of the PRF
 * output stays in the worker's memory beyond the non-extractable key. Called first by each entry point below, so no
 * other refusal leaves the bytes behind.
 */
async function wrappingKeyFrom(prfOutput: ArrayBuffer, usages: KeyUsage[]): Promise<WrappingKey> {
  if (!(prfOutput instanceof ArrayBuffer)) throw new InvalidArgumentError(PasskeyMessages.wrongPasskey);
  const bytes: Bytes = new Uint8Array(prfOutput);
  try {
    if (bytes.length !== PASSKEY_PRF_LENGTH) throw new InvalidArgumentError(PasskeyMessages.wrongPasskey);
    return await derivePasskeyWrappingKey(bytes, usages);
  } finally {
    bytes.fill(0);
  }
}

/** Base64 that decodes to a length `fits`, else a refusal naming the field. */
function decoded(text: unknown, what: string, fits: (length: number) => boolean): Bytes {
  try {
    if (typeof text !== 'string') throw new Error(`${what} is not text`);
    const bytes = fromBase64(text);
    if (!fits(bytes.length)) throw new Error(`${what} is ${bytes.length} bytes`);
    return bytes;
  } catch (cause) {
    throw new InvalidArgumentError(Messages.decryptFailed, { cause });
  }
}

/**
 * A passkey record wrapping the held DEK, for a person who verified `proven` (this device's password record, or
 * else its PIN record) a moment ago: the proof of that `verify` is spent here, so one verification sets up one
 * passkey. No derivation. Refused without a fresh proof (verifyAgain), and without a held key or when the proven
 * record's key is not the held one (refreshAndUnlock). Custody does not change.
 */
export async function createPasskeyRecord(
  prfOutput: ArrayBuffer,
  credentialId: string,
  salt: string,
  proven: SecretRecord,
  now: number,
): Promise<PasskeyRecord> {
  const proof = takeProofOf(proven);
  const kek = await wrappingKeyFrom(prfOutput, WRITING);
  decoded(credentialId, 'credential id', (length) => length > 0 && length <= MAX_CREDENTIAL_ID_LENGTH);
  decoded(salt, 'PRF input', (length) => length === PASSKEY_PRF_LENGTH);
  if (!Number.isFinite(now)) throw new InvalidArgumentError('Invalid record date');
  const held = heldKey();
  if (!held) throw new InvalidStateError(Messages.refreshAndUnlock);
  if (!proof) throw new InvalidStateError(PasskeyMessages.verifyAgain);
  if (!(await sameKey(proof, held))) throw new InvalidStateError(Messages.refreshAndUnlock);
  const iv = randomBytes(IV_LENGTH);
  const ciphertext = await wrapDataKey(held, kek, iv, 'raw');
  return {
    credentialId,
    salt,
    encryptedDek: { ciphertext: toBase64(ciphertext), iv: toBase64(iv) },
    modifiedAt: now,
  };
}

/**
 * Opens `record` with the passkey's PRF output and keeps the DEK; given the locked wallet's `collection`, opens it in
 * the same round trip as `unlock` does (and drops the key again if that open fails). An output that does not open
 * the record (another passkey, or another PRF input) rejects as a wrong secret does: an empty message whose cause
 * is 'Failed to decrypt data'; the key held before, if any, stays.
 */
export async function unlockWithPasskey(
  prfOutput: ArrayBuffer,
  record: PasskeyRecord,
  collection?: CardCollection,
): Promise<OpenedCards> {
  const kek = await wrappingKeyFrom(prfOutput, OPENING);
  decoded(record?.salt, 'PRF input', (length) => length === PASSKEY_PRF_LENGTH);
  const iv = decoded(record.encryptedDek?.iv, 'iv', (length) => length === IV_LENGTH);
  const ciphertext = decoded(record.encryptedDek?.ciphertext, 'wrapped key', (length) => !!wrappedFormOf(length));
  let dek: DataKey;
  try {
    dek = await unwrapDataKey(kek, iv, ciphertext);
  } catch (cause) {
    throw new SleeveError('', { cause });
  }
  holdOpened(dek);
  return openWithNewKey(collection);
}
