/**
 * The account's retired data keys (src/domain/secret.ts, `RetiredKeys`): their raw bytes joined and sealed with
 * AES-GCM under the current data key, with a fixed label as additional data so a card's ciphertext can never be
 * taken for it, nor it for a card. The raw bytes exist only here, for a moment, and are wiped once used.
 */
import { RETIRED_KEYS_KEPT, type RetiredKeys } from '../../src/domain/secret';
import { IV_LENGTH } from './aes-gcm';
import { fromBase64, toBase64 } from './base64';
import { randomBytes, utf8 } from './bytes';
import type { DataKey } from './keys';
import { DATA_KEY_LENGTH, DATA_KEY_USAGES } from './wrapped-key';

const LABEL = utf8('Sleeve retired data keys v1');

/** `keys`, newest first, sealed under `current`; beyond `RETIRED_KEYS_KEPT` the oldest are left out. */
export async function sealRetiredKeys(current: DataKey, keys: readonly DataKey[]): Promise<RetiredKeys> {
  const kept = keys.slice(0, RETIRED_KEYS_KEPT);
  const joined = new Uint8Array(kept.length * DATA_KEY_LENGTH);
  try {
    for (const [index, key] of kept.entries()) {
      joined.set(new Uint8Array(await crypto.subtle.exportKey('raw', key)), index * DATA_KEY_LENGTH);
    }
    const iv = randomBytes(IV_LENGTH);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: LABEL }, current, joined);
    return { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) };
  } finally {
    joined.fill(0);
  }
}

/**
 * The keys `sealed` holds, newest first, or none when `current` does not open it: sealed under another key (a
 * device kept its own key since), altered, or not of this form. A list that does not open only means no old card
 * opens through it, so it is never an error.
 */
export async function openRetiredKeys(current: DataKey, sealed: RetiredKeys): Promise<DataKey[]> {
  let joined: Uint8Array<ArrayBuffer>;
  try {
    const iv = fromBase64(sealed.iv);
    if (iv.length !== IV_LENGTH) return [];
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: LABEL },
      current,
      fromBase64(sealed.ciphertext),
    );
    joined = new Uint8Array(opened);
  } catch {
    return [];
  }
  try {
    if (joined.length % DATA_KEY_LENGTH !== 0) return [];
    const keys: DataKey[] = [];
    for (let offset = 0; offset < joined.length; offset += DATA_KEY_LENGTH) {
      const raw = joined.slice(offset, offset + DATA_KEY_LENGTH);
      // Extractable as the held key is: a later replacement seals it again under the key that follows.
      keys.push((await crypto.subtle.importKey('raw', raw, 'AES-GCM', true, DATA_KEY_USAGES)) as DataKey);
      raw.fill(0);
    }
    return keys;
  } finally {
    joined.fill(0);
  }
}
