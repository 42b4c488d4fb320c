/**
 * The layer that binds a PIN record to this device (src/domain/secret.ts, `PinRecord`):
 *
 *   {salt, encryptedDek: {ciphertext, iv}, device: {iv, version: 2}, modifiedAt}
 *
 * where `encryptedDek.ciphertext` is the PIN layer (the DEK wrapped under the PIN's KEK, as in a plain record)
 * encrypted once more with AES-GCM under the device key (device-key.ts) and `device.iv`, tag appended. The PIN layer
 * is in either form of wrapped-key.ts: Sleeve writes the raw one (48 bytes, so 64 sealed), and a PIN record in the
 * seed's text form (60, so 76 sealed) binds and opens alike. `salt`, `encryptedDek.iv` and `modifiedAt` are the PIN
 * layer's, unchanged. Adding or removing the layer derives nothing, so binding an older plain record on its next
 * unlock costs no extra derivation.
 *
 * Version 2 seals with additional data, `layerData`: the salt and the PIN layer's IV are what the derivation and the
 * PIN layer's decryption take from the record, and with them bound, a record whose salt or IV was edited fails here,
 * before anything is derived, as a record of another device does. The first version (no `version`) bound the
 * ciphertext alone; it still opens, and is bound again at version 2 at its next right unlock (vault/custody.ts).
 */
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { DEVICE_LAYER_VERSION, type PinRecord, type SecretRecord } from '../../src/domain/secret';
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

/**
 * Version 2's additional data: the UTF-8 of `Sleeve PIN device layer v2 {salt} {iv}`, the record's `salt` and
 * `encryptedDek.iv` as stored (standard base64, which holds no space, so the two cannot run into each other).
 */
const layerData = (record: SecretRecord): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(`Sleeve PIN device layer v2 ${record.salt} ${record.encryptedDek.iv}`);

const damaged = (what: string) => new InvalidArgumentError(Messages.decryptFailed, { cause: new Error(what) });

function decoded(text: string, lengths: readonly number[], what: string): Bytes {
  try {
    const bytes = fromBase64(text);
    if (lengths.includes(bytes.length)) return bytes;
  } catch {
    // reported below, as any other damaged record
  }
  throw damaged(`${what} is damaged`);
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
    sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: layerData(record) }, key, inner);
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
  return {
    salt: record.salt,
    encryptedDek: { ciphertext: toBase64(new Uint8Array(sealed)), iv: record.encryptedDek.iv },
    device: { iv: toBase64(iv), version: DEVICE_LAYER_VERSION },
    modifiedAt: record.modifiedAt,
  };
}

/**
 * The plain PIN layer of `record`, a bound one (see `isBound`), at either version. The layer is checked first, then
 * `deviceKey` gives the key (worker/vault/pin-limit.ts: once a try is counted). Without this device's key (IndexedDB
 * cleared, the count beside it removed, or the record copied from another browser), or when the key does not open
 * the layer (another device's, or a record edited since it was bound), it rejects with pinKeyMissing, before any
 * derivation, so no PIN is tried.
 */
export async function removeDeviceLayer(
  record: PinRecord,
  deviceKey: () => Promise<CryptoKey | undefined>,
): Promise<SecretRecord> {
  const { device } = record;
  if (!isBound(record)) return record;
  if (typeof device?.iv !== 'string') throw damaged('the device layer is damaged');
  // A version this Sleeve does not know is not tried: nothing is counted for a record it cannot read.
  if (device.version !== undefined && device.version !== DEVICE_LAYER_VERSION) {
    throw damaged(`the device layer's version ${String(device.version)} is not known`);
  }
  const iv = decoded(device.iv, [IV_LENGTH], 'the device IV');
  const sealed = decoded(record.encryptedDek.ciphertext, SEALED_LENGTHS, 'the sealed key');
  const params: AesGcmParams = { name: 'AES-GCM', iv };
  if (device.version === DEVICE_LAYER_VERSION) params.additionalData = layerData(record);
  const key = await deviceKey();
  if (!key) throw new InvalidStateError(Messages.pinKeyMissing);
  let inner: ArrayBuffer;
  try {
    inner = await crypto.subtle.decrypt(params, key, sealed);
  } catch (cause) {
    // Another device's key (a profile copied into a browser that has its own), or an altered layer or record.
    throw new InvalidStateError(Messages.pinKeyMissing, { cause });
  }
  return {
    salt: record.salt,
    encryptedDek: { ciphertext: toBase64(new Uint8Array(inner)), iv: record.encryptedDek.iv },
    modifiedAt: record.modifiedAt,
  };
}
