/**
 * The data key inside a record's `encryptedDek`, in the two forms the project's clients write (DESIGN.md, "Crypto
 * and wire formats"). Both are AES-GCM under the record's key-encryption key, tag appended; the ciphertext's length
 * tells them apart before anything is derived:
 * - 'text': the UTF-8 text of the DEK's standard base64, 44 bytes (60 with the tag). The seed's clients, its Android
 *   app included, write and read only this form, so the account's password record is written in it.
 * - 'raw': the DEK's 32 bytes (48 with the tag), what Sleeve first wrote everywhere. Kept for the records that never
 *   leave this device (the PIN, the passkey): WebCrypto wraps and unwraps it itself, so the key's bytes never exist
 *   in the worker's memory at all.
 * Openers accept both. The text form needs the key's bytes for a moment (exported to encode, decoded to import);
 * they are wiped as soon as the call that needs them returns.
 */
import { Messages, SleeveError } from '../../src/domain/errors';
import { TAG_LENGTH } from './aes-gcm';
import type { Bytes } from './bytes';
import { fromKeyText, keyTextLength, toKeyText } from './key-text';
import type { DataKey, WrappingKey } from './keys';

export type WrappedForm = 'text' | 'raw';

export const DATA_KEY_LENGTH = 32;
export const DATA_KEY_USAGES: KeyUsage[] = ['encrypt', 'decrypt'];

/** Bytes of `encryptedDek.ciphertext` in each form: what is encrypted, and the tag. */
export const WRAPPED_LENGTH: Readonly<Record<WrappedForm, number>> = {
  text: keyTextLength(DATA_KEY_LENGTH) + TAG_LENGTH,
  raw: DATA_KEY_LENGTH + TAG_LENGTH,
};

/** The form a wrapped key of `length` bytes is in, or undefined when it is neither (a damaged record). */
export function wrappedFormOf(length: number): WrappedForm | undefined {
  if (length === WRAPPED_LENGTH.text) return 'text';
  if (length === WRAPPED_LENGTH.raw) return 'raw';
  return undefined;
}

/** The one usage a key-encryption key needs to write a key in `form`. */
export const wrappingUsage = (form: WrappedForm): KeyUsage => (form === 'raw' ? 'wrapKey' : 'encrypt');

/** The one usage a key-encryption key needs to open a key in `form`. */
export const openingUsage = (form: WrappedForm): KeyUsage => (form === 'raw' ? 'unwrapKey' : 'decrypt');

/** `dek` encrypted under `kek` and `iv` in `form`, tag appended. */
export async function wrapDataKey(dek: DataKey, kek: WrappingKey, iv: Bytes, form: WrappedForm): Promise<Bytes> {
  try {
    if (form === 'raw') return new Uint8Array(await crypto.subtle.wrapKey('raw', dek, kek, { name: 'AES-GCM', iv }));
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', dek));
    const text = toKeyText(raw);
    raw.fill(0);
    try {
      return new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, kek, text));
    } finally {
      text.fill(0);
    }
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
}

/**
 * The DEK in `ciphertext`, of either form, under `kek` and `iv`; extractable, since it must be wrapped again later
 * (records.ts). A key that does not open it (a wrong secret, an altered record) and an opened text that is not the
 * base64 of a 256-bit key reject alike with 'Failed to decrypt data', the platform's error or the reason as cause.
 */
export async function unwrapDataKey(kek: WrappingKey, iv: Bytes, ciphertext: Bytes): Promise<DataKey> {
  const form = wrappedFormOf(ciphertext.length);
  try {
    if (form === 'raw') {
      const aes = { name: 'AES-GCM', length: 256 };
      return (await crypto.subtle.unwrapKey('raw', ciphertext, kek, { name: 'AES-GCM', iv }, aes, true, [
        ...DATA_KEY_USAGES,
      ])) as DataKey;
    }
    if (form !== 'text') throw new Error(`a wrapped key of ${ciphertext.length} bytes`);
    const text = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, kek, ciphertext));
    const raw = fromKeyText(text, DATA_KEY_LENGTH);
    text.fill(0);
    if (!raw) throw new Error('the wrapped key is not the base64 of a 256-bit key');
    try {
      return (await crypto.subtle.importKey('raw', raw, 'AES-GCM', true, [...DATA_KEY_USAGES])) as DataKey;
    } finally {
      raw.fill(0);
    }
  } catch (cause) {
    throw new SleeveError(Messages.decryptFailed, { cause });
  }
}
