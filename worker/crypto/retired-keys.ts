/**
 * The account's retired data keys (src/domain/secret.ts, `RetiredKeys`), each with what the replacement that retired
 * it knew: its date and the ids of the cards it sealed again under the new key. Joined and sealed with AES-GCM under
 * the current data key, with a fixed label as additional data so a card's ciphertext can never be taken for it, nor
 * it for a card. The raw bytes exist only here, for a moment, and are wiped once used.
 *
 * A retired key only opens the past: a card it sealed is taken as the account's only when the replacement knew its id
 * and the card is dated no later than the replacement (worker/vault/retired.ts). Whoever kept the old password and
 * an old record holds the key too, and without that rule could add cards every device would take as genuine.
 *
 * Form (docs/formats.md): per key, newest first, its 32 bytes, the replacement's date (float64, big-endian), the
 * number of ids (uint32, big-endian), then each id as one byte of length and its UTF-8. Lists sealed before the
 * replacement's knowledge was kept (label v1: the keys alone) still open; their keys know no card.
 */
import { RETIRED_KEYS_KEPT, type RetiredKeys } from '../../src/domain/secret';
import { IV_LENGTH } from './aes-gcm';
import { fromBase64, toBase64 } from './base64';
import { fromUtf8, randomBytes, utf8 } from './bytes';
import type { DataKey } from './keys';
import { DATA_KEY_LENGTH, DATA_KEY_USAGES } from './wrapped-key';

const LABEL = utf8('Sleeve retired data keys v2');
const LABEL_V1 = utf8('Sleeve retired data keys v1');

/** A retired key and what the replacement that retired it knew. */
export interface RetiredKey {
  key: DataKey;
  /** The replacement's date (ms, the new record's `modifiedAt`); 0 for a key of a v1 list. */
  retiredAt: number;
  /** The ids of the cards the replacement sealed under the new key; none for a key of a v1 list. */
  known: ReadonlySet<string>;
}

/** `retired`, newest first, sealed under `current`; beyond `RETIRED_KEYS_KEPT` the oldest are left out. */
export async function sealRetiredKeys(current: DataKey, retired: readonly RetiredKey[]): Promise<RetiredKeys> {
  const kept = retired.slice(0, RETIRED_KEYS_KEPT);
  const parts: Uint8Array[] = [];
  try {
    for (const { key, retiredAt, known } of kept) {
      parts.push(new Uint8Array(await crypto.subtle.exportKey('raw', key)));
      const head = new DataView(new ArrayBuffer(12));
      head.setFloat64(0, retiredAt);
      head.setUint32(8, known.size);
      parts.push(new Uint8Array(head.buffer));
      for (const id of known) {
        const bytes = utf8(id);
        parts.push(Uint8Array.of(bytes.length), bytes);
      }
    }
    const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    const iv = randomBytes(IV_LENGTH);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: LABEL }, current, joined);
    joined.fill(0);
    return { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) };
  } finally {
    for (const part of parts) part.fill(0);
  }
}

/**
 * The keys `sealed` holds, newest first, or none when `current` does not open it: sealed under another key (a
 * device kept its own key since), altered, or not of this form. A list that does not open only means no old card
 * opens through it, so it is never an error.
 */
export async function openRetiredKeys(current: DataKey, sealed: RetiredKeys): Promise<RetiredKey[]> {
  const iv = safely(() => fromBase64(sealed.iv));
  const ciphertext = safely(() => fromBase64(sealed.ciphertext));
  if (!iv || iv.length !== IV_LENGTH || !ciphertext) return [];
  const v2 = await opened(current, iv, ciphertext, LABEL);
  if (v2) return readList(v2);
  const v1 = await opened(current, iv, ciphertext, LABEL_V1);
  return v1 ? readKeysAlone(v1) : [];
}

const safely = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

async function opened(
  current: DataKey,
  iv: Uint8Array<ArrayBuffer>,
  ciphertext: Uint8Array<ArrayBuffer>,
  label: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: label }, current, ciphertext),
    );
  } catch {
    return undefined;
  }
}

/** The v2 list; none if it is not of that form (it was sealed under this key with this label, so it always is). */
async function readList(joined: Uint8Array<ArrayBuffer>): Promise<RetiredKey[]> {
  try {
    const view = new DataView(joined.buffer, joined.byteOffset, joined.byteLength);
    const list: RetiredKey[] = [];
    let offset = 0;
    while (offset < joined.length) {
      const key = await importKey(joined.slice(offset, offset + DATA_KEY_LENGTH));
      const retiredAt = view.getFloat64(offset + DATA_KEY_LENGTH);
      const count = view.getUint32(offset + DATA_KEY_LENGTH + 8);
      offset += DATA_KEY_LENGTH + 12;
      const known = new Set<string>();
      for (let index = 0; index < count; index++) {
        const length = joined[offset] ?? 0;
        if (offset + 1 + length > joined.length) return [];
        known.add(fromUtf8(joined.subarray(offset + 1, offset + 1 + length)));
        offset += 1 + length;
      }
      list.push({ key, retiredAt, known });
    }
    return list;
  } catch {
    return [];
  } finally {
    joined.fill(0);
  }
}

/** A v1 list: the keys alone, which know no card. */
async function readKeysAlone(joined: Uint8Array<ArrayBuffer>): Promise<RetiredKey[]> {
  try {
    if (joined.length % DATA_KEY_LENGTH !== 0) return [];
    const list: RetiredKey[] = [];
    for (let offset = 0; offset < joined.length; offset += DATA_KEY_LENGTH) {
      list.push({
        key: await importKey(joined.slice(offset, offset + DATA_KEY_LENGTH)),
        retiredAt: 0,
        known: new Set(),
      });
    }
    return list;
  } finally {
    joined.fill(0);
  }
}

async function importKey(raw: Uint8Array<ArrayBuffer>): Promise<DataKey> {
  if (raw.length !== DATA_KEY_LENGTH) throw new RangeError('A retired key is cut short.');
  try {
    // Extractable as the held key is: a later replacement seals it again under the key that follows.
    return (await crypto.subtle.importKey('raw', raw, 'AES-GCM', true, DATA_KEY_USAGES)) as DataKey;
  } finally {
    raw.fill(0);
  }
}
