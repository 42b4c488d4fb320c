/**
 * This origin's key database ('sleeve-keys', worker/crypto/device-key.ts) as a test sees it from the page: deleted,
 * as clearing site data or copying only localStorage to another profile leaves it; read, to open a record's device
 * layer by hand with the very key the worker uses, or to see the PIN's count kept beside it; or edited, as script in
 * the page could edit it.
 */

import type { PinAttempts } from '../../src/domain/pin-attempts';

const DATABASE = 'sleeve-keys';

/** Deletes the database; an engine that has it open lets go (it closes on `versionchange`). */
export function deleteDeviceKeys(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/** The value the worker keeps (the device key and the PIN's count, in one), or `undefined`; never creates the database. */
export async function storedEntry(): Promise<Record<string, unknown> | undefined> {
  return withStore('readonly', (keys) => keys.get('pin-device-key')) as Promise<Record<string, unknown> | undefined>;
}

/** The device key as stored, or `undefined` when there is none; never creates the database. */
export async function storedDeviceKey(): Promise<CryptoKey | undefined> {
  const key = (await storedEntry())?.key;
  return key instanceof CryptoKey ? key : undefined;
}

/** The PIN's count as the worker keeps it beside the device key, or `undefined` when there is none. */
export async function storedPinCount(): Promise<PinAttempts | undefined> {
  return (await storedEntry())?.attempts as PinAttempts | undefined;
}

/** Writes the worker's value with `change` applied: as script in the page (or someone editing IndexedDB) could. */
export async function editStoredEntry(change: (entry: Record<string, unknown>) => Record<string, unknown>) {
  const entry = await storedEntry();
  if (!entry) throw new Error('no device key is stored');
  await withStore('readwrite', (keys) => keys.put(change(entry), 'pin-device-key'));
}

/** The count the worker finds next, as though that many tries had been made. */
export const seedPinCount = (attempts: PinAttempts) => editStoredEntry((entry) => ({ ...entry, attempts }));

/** Runs one request on the store 'keys' and resolves its result once the transaction is done. */
async function withStore(mode: IDBTransactionMode, run: (keys: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const known = await indexedDB.databases();
  if (!known.some((database) => database.name === DATABASE)) return undefined;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(DATABASE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('keys')) return undefined;
    const transaction = db.transaction('keys', mode);
    const request = run(transaction.objectStore('keys'));
    return await new Promise<unknown>((resolve, reject) => {
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export const base64Bytes = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * The KEK a PIN derives with the record's salt, made here in the page with WebCrypto to the documented parameters
 * (PBKDF2-HMAC-SHA-512, 210000 iterations): what anyone holding a copy of the record can compute for a guess.
 */
export async function pinKek(pin: string, salt: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-512', salt: base64Bytes(salt), iterations: 210_000 },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
}

/** Whether AES-GCM with `key` opens `ciphertext` (tag appended) under `iv`. */
export async function opens(key: CryptoKey, iv: string, ciphertext: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: base64Bytes(iv) }, key, ciphertext);
    return true;
  } catch {
    return false;
  }
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

/** 16 random bytes as standard base64: another salt, valid in shape, for a record edited by hand. */
export const anotherSalt = (): string => toBase64(crypto.getRandomValues(new Uint8Array(16)));

/** A fresh 12-byte IV as standard base64. */
export const anotherIv = (): string => toBase64(crypto.getRandomValues(new Uint8Array(12)));

interface BoundRecord {
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  device?: { iv: string; version?: number };
  modifiedAt: number;
}

/**
 * The device layer's additional data as docs/formats.md documents it for version 2: the UTF-8 of
 * `Sleeve PIN device layer v2 {salt} {iv}`, with the record's salt and its PIN layer's IV as stored. Written here from
 * the documentation, not imported, so the tests hold the worker to the format.
 */
export const deviceLayerData = (record: BoundRecord): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(`Sleeve PIN device layer v2 ${record.salt} ${record.encryptedDek.iv}`);

/** The PIN layer of a bound `record`, taken out here with this origin's device key, at either version. */
export async function pinLayerOf(record: BoundRecord): Promise<Uint8Array<ArrayBuffer>> {
  const key = await storedDeviceKey();
  if (!key || !record.device) throw new Error('no device key, or no device layer');
  const params: AesGcmParams = { name: 'AES-GCM', iv: base64Bytes(record.device.iv) };
  if (record.device.version === 2) params.additionalData = deviceLayerData(record);
  return new Uint8Array(await crypto.subtle.decrypt(params, key, base64Bytes(record.encryptedDek.ciphertext)));
}

/**
 * `record` bound as the first version of the device layer bound it (`device: {iv}`, no additional data), sealed here
 * under this origin's device key: what a device that bound its PIN before version 2 keeps.
 */
export async function asFirstVersion<R extends BoundRecord>(record: R): Promise<R> {
  const key = await storedDeviceKey();
  if (!key) throw new Error('no device key is stored');
  const inner = await pinLayerOf(record);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, inner));
  return {
    ...record,
    encryptedDek: { ...record.encryptedDek, ciphertext: toBase64(sealed) },
    device: { iv: toBase64(iv) },
  };
}
