/**
 * The layer that binds a PIN record to this device (src/domain/secret.ts, `PinRecord`):
 *
 *   {salt, encryptedDek: {ciphertext, iv}, device: {iv}, modifiedAt}
 *
 * where `encryptedDek.ciphertext` is the PIN layer (the DEK wrapped under the PIN's KEK, as in a plain record)
 * encrypted once more with AES-GCM under the device key (device-key.ts) and `device.iv`, tag appended. The PIN layer
 * is in either form of wrapped-key.ts: Sleeve writes the raw one (48 bytes, so 64 sealed), and a PIN record in the
 * seed's text form (60, so 76 sealed) binds and opens alike. `salt`, `encryptedDek.iv` and `modifiedAt` are the PIN
 * layer's, unchanged. Adding or removing the layer derives nothing, so binding an older plain record on its next
 * unlock costs no extra derivation.
 */
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import type { PinRecord, SecretRecord } from '../../src/domain/secret';
import { IV_LENGTH, TAG_LENGTH } from './aes-gcm';
import { fromBase64, toBase64 } from './base64';
import { type Bytes, randomBytes } from './bytes';
import { deviceKeyForBinding } from './device-key';
import type { DataKey } from './keys';
import { WRAPPED_LENGTH } from './wrapped-key';

/** The PIN layer's wrapped key, in either form; and the same sealed under the device key. */
const PIN_LAYER_LENGTHS = Object.values(WRAPPED_LENGTH);
const SEALED_LENGTHS = PIN_LAYER_LENGTHS.map((length) => length + TAG_LENGTH);

export const isBound = (record: SecretRecord): boolean => Object.hasOwn(record, 'device');

function decoded(text: string, lengths: readonly number[], what: string): Bytes {
  try {
    const bytes = fromBase64(text);
    if (lengths.includes(bytes.length)) return bytes;
  } catch {
    // reported below, as any other damaged record
  }
  throw new InvalidArgumentError(Messages.decryptFailed, { cause: new Error(`${what} is damaged`) });
}

/**
 * `record` (a plain PIN record wrapping `dataKey`) sealed under the device key for that data key, which is made first
 * if this device has none for it (device-key.ts). `newPin`: the worker created or changed this PIN, the current
 * secret proved, so the device key's count starts again.
 */
export async function bindToDevice(
  record: SecretRecord,
  dataKey: DataKey,
  { newPin }: { newPin: boolean },
): Promise<PinRecord> {
  const inner = decoded(record.encryptedDek.ciphertext, PIN_LAYER_LENGTHS, 'the wrapped key');
  const key = await deviceKeyForBinding(dataKey, { newPin });
  const iv = randomBytes(IV_LENGTH);
  let sealed: ArrayBuffer;
  try {
    sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, inner);
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
  return {
    salt: record.salt,
    encryptedDek: { ciphertext: toBase64(new Uint8Array(sealed)), iv: record.encryptedDek.iv },
    device: { iv: toBase64(iv) },
    modifiedAt: record.modifiedAt,
  };
}

/**
 * The plain PIN layer of `record`, a bound one (see `isBound`). The layer is checked first, then `deviceKey` gives the
 * key (worker/vault/pin-limit.ts: once a try is counted). Without this device's key (IndexedDB cleared, the count
 * beside it removed, or the record copied from another browser) it rejects with pinKeyMissing, before any
 * derivation, so no PIN is tried.
 */
export async function removeDeviceLayer(
  record: PinRecord,
  deviceKey: () => Promise<CryptoKey | undefined>,
): Promise<SecretRecord> {
  const { device } = record;
  if (!isBound(record)) return record;
  if (typeof device?.iv !== 'string') {
    throw new InvalidArgumentError(Messages.decryptFailed, { cause: new Error('the device layer is damaged') });
  }
  const iv = decoded(device.iv, [IV_LENGTH], 'the device IV');
  const sealed = decoded(record.encryptedDek.ciphertext, SEALED_LENGTHS, 'the sealed key');
  const key = await deviceKey();
  if (!key) throw new InvalidStateError(Messages.pinKeyMissing);
  let inner: ArrayBuffer;
  try {
    inner = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed);
  } catch (cause) {
    // Another device's key (a profile copied into a browser that has its own), or an altered layer.
    throw new InvalidStateError(Messages.pinKeyMissing, { cause });
  }
  return {
    salt: record.salt,
    encryptedDek: { ciphertext: toBase64(new Uint8Array(inner)), iv: record.encryptedDek.iv },
    modifiedAt: record.modifiedAt,
  };
}
