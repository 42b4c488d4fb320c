/**
 * Key custody: the one place the DEK is held. It lives in this module's private variable for as long as the app is
 * unlocked; nothing here returns it across the worker boundary, and `lock()` drops it.
 *
 * The engine guards the key, not the screens (DESIGN.md invariant 9): the held key is wrapped under a new secret
 * only for a caller who proves a secret that opens an existing record, by the proof a `verify` left or by the secret
 * itself. Holding the key is never enough.
 */
import type { CardCollection, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { boundNow, type PinRecord, type RetiredKeys, type SecretRecord } from '../../src/domain/secret';
import { sortOut } from '../../src/domain/stored-cards';
import type { CreateSecretOptions, SecretProof } from '../api';
import { storedDeviceKey } from '../crypto/device-key';
import { bindToDevice, isBound, removeDeviceLayer } from '../crypto/device-layer';
import type { DataKey } from '../crypto/keys';
import { createRecord, generateDataKey } from '../crypto/records';
import { sameKey } from '../crypto/same-key';
import { clearCache } from './card-cache';
import { decryptEvery, encryptCards } from './cards';
import { openWithSecret as openUnderLimit } from './pin-limit';
import { noteRecordKey } from './record-keys';
import { forgetOpenedRetiredKeys, setRetiredKeys } from './retired';
import { dropProof, leaveProof, recordText, takeProof } from './verify-proof';

let dataKey: DataKey | undefined;
/** The record whose unlock gave the held key (its stored form), if that is how it came. */
let openedBy: string | undefined;
/**
 * A new key made by `replaceKey` (vault/replace-key.ts), waiting until the server holds its record and cards; it
 * replaces the held key only then (`keepReplacement`), and the lock drops it as it drops the held one.
 */
let replacement: { key: DataKey; record: string; retired: RetiredKeys } | undefined;

/** The one way the held key changes; cards decrypted under the old key leave memory with it. */
function hold(next: DataKey | undefined, record?: SecretRecord): void {
  if (next !== dataKey) {
    clearCache();
    forgetOpenedRetiredKeys();
  }
  dataKey = next;
  openedBy = record ? recordText(record) : undefined;
}

export function hasKey(): boolean {
  return dataKey !== undefined;
}

/** The held DEK for card work inside the worker, or undefined when locked. */
export function heldKey(): DataKey | undefined {
  return dataKey;
}

export function lock(): void {
  clearCache();
  forgetOpenedRetiredKeys();
  dropProof();
  dataKey = undefined;
  openedBy = undefined;
  replacement = undefined;
}

/**
 * Keeps `key`, wrapped in `record`, aside until `keepReplacement(record)`, with the account's retired keys sealed
 * under it (the key it replaces first); a later replacement drops it.
 */
export function holdReplacement(key: DataKey, record: SecretRecord, retired: RetiredKeys): void {
  replacement = { key, record: recordText(record), retired };
}

/**
 * The key waiting for `record` becomes the held key, and its list of retired keys the account's. Refused when none
 * waits for it (locked meanwhile).
 */
export function keepReplacement(record: SecretRecord): void {
  if (!replacement || replacement.record !== recordText(record)) {
    throw new InvalidStateError(Messages.refreshAndUnlock);
  }
  const { key, retired } = replacement;
  replacement = undefined;
  hold(key, record);
  setRetiredKeys(retired);
}

/**
 * Opens `record` with `secret` and keeps the DEK. A wrong secret rejects with an empty message whose cause is the
 * decryption failure (SPEC.md §8); a failed unlock leaves whatever key was held before untouched. A PIN record bound
 * to another device (or to a key this device no longer has) rejects with pinKeyMissing before anything is derived.
 */
export async function unlock(secret: string, record: SecretRecord): Promise<void> {
  const key = await openWithSecret(secret, record);
  await noteRecordKey(record, key);
  hold(key, record);
}

/** Keeps a key another record opened (a passkey's); whatever was held before goes, as with `unlock`. */
export function holdOpened(key: DataKey): void {
  hold(key);
}

/**
 * Opens `record` with `secret` (a PIN under its attempt limit, ./pin-limit.ts), with a wrong secret reported as
 * unlock reports it: an empty message caused by the failure.
 */
async function openWithSecret(secret: string, record: SecretRecord): Promise<DataKey> {
  const opened = await openUnderLimit(secret, record);
  if ('wrong' in opened) throw new SleeveError('', { cause: opened.wrong });
  return opened.key;
}

/**
 * An older PIN record bound to this device as Sleeve binds one now, its PIN layer unchanged (no derivation): a plain
 * one, or one the device layer's first version bound. Only the record whose unlock gave the held key: binding is the
 * unlock's follow-up, not a way to seal anything else under the device key.
 */
export async function bindPin(record: PinRecord): Promise<PinRecord> {
  if (boundNow(record)) return record;
  if (!dataKey || openedBy !== recordText(record)) throw new InvalidStateError(Messages.refreshAndUnlock);
  // That record opened a moment ago, so its first-version layer is taken off with the key as stored: no try counted.
  const plain = isBound(record) ? await removeDeviceLayer(record, storedDeviceKey) : record;
  // Its count stays: binding follows an unlock, and only a PIN the worker made itself starts the count again.
  const bound = await bindToDevice(plain, dataKey, { newPin: false });
  await noteRecordKey(bound, dataKey);
  return bound;
}

/**
 * Joins an existing account on this device: opens the account's `record` with `secret` (one derivation), and
 * re-encrypts every card of `local` under the account's DEK. `local` may be plain, or encrypted under the DEK held
 * now (a device with a PIN of its own). All or nothing: the account's DEK becomes held only once every card is
 * re-encrypted, so on any failure (a wrong secret too) the key held before, and the caller's data, stay as they were.
 */
export async function joinAccount(
  secret: string,
  record: SecretRecord,
  local: CardCollection,
): Promise<EncryptedCollection> {
  // The cheap, fallible part first: the local cards must be readable before the slow derivation runs.
  const plain = await localCards(local);
  const accountKey = await openWithSecret(secret, record);
  const collection: PlainCollection = {
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(plain.map((card) => [card.id, card])),
  };
  const encrypted = await encryptCards(accountKey, collection);
  await noteRecordKey(record, accountKey);
  hold(accountKey);
  return encrypted;
}

/** Every local card, or a refusal when one cannot be opened: joining must not leave a card behind unread. */
async function localCards(local: CardCollection): Promise<PlainCard[]> {
  const { wellFormed, unreadable } = sortOut(local);
  if (unreadable.length > 0) throw new InvalidStateError(Messages.unreadableBeforeJoin);
  if (wellFormed.type === 'UNENCRYPTED') return Object.values(wellFormed.cards);
  if (Object.keys(wellFormed.cards).length === 0) return [];
  if (!dataKey) throw new InvalidStateError(Messages.keyMissingDecrypt);
  return decryptEvery(dataKey, wellFormed, Messages.unreadableBeforeJoin);
}

/**
 * Whether `secret` opens `record`; the held key is not changed. Only a wrong secret gives false. A success leaves a
 * one-use proof for `changeSecret`, so a change confirmed on its screen derives the current secret's key once.
 */
export async function verify(secret: string, record: SecretRecord): Promise<boolean> {
  dropProof();
  const opened = await openUnderLimit(secret, record);
  if ('wrong' in opened) return false;
  leaveProof(secret, record, opened.key);
  return true;
}

/**
 * Wraps the held DEK under `next`, but only for someone who knows `current`: page code cannot rewrap the key
 * without the secret that guards it. Wrapping under `next` is one derivation, proving `current` none or one
 * (`proveCurrent`). A record bound to this device (a PIN) gives a bound record in Sleeve's raw form; any other (the
 * account's password) is written in the seed's text form, whichever form `record` was in.
 */
export async function changeSecret(
  current: string,
  record: SecretRecord,
  next: string,
  now: number,
): Promise<SecretRecord> {
  const held = dataKey;
  if (!held) throw new InvalidStateError(Messages.refreshAndUnlock);
  await proveCurrent({ secret: current, record }, held);
  const bound = isBound(record);
  const created = await createRecord(next, held, now, bound ? 'raw' : 'text');
  const changed = bound ? await bindToDevice(created, held, { newPin: true }) : created;
  await noteRecordKey(changed, held);
  return changed;
}

/**
 * That `proof.secret` opens `proof.record` and that the key it holds is `held`: by the proof a `verify` of the same
 * secret and record just left (no derivation), or else by opening the record (one derivation). A wrong secret
 * rejects as `unlock` does; a record over another key (a stale one) with refreshAndUnlock, so it can never be
 * rewrapped over the live one.
 */
export async function proveCurrent(proof: SecretProof, held: DataKey): Promise<void> {
  const proven = takeProof(proof.secret, proof.record) ?? (await openWithSecret(proof.secret, proof.record));
  if (!(await sameKey(proven, held))) throw new InvalidStateError(Messages.refreshAndUnlock);
}

/**
 * Wraps the DEK under `secret` and returns the collection encrypted under it. With no key held (no record exists
 * yet, or none this caller can open), a new DEK is generated, so nothing existing is wrapped. With a key held, a
 * record exists, and the key is wrapped only for a caller who proves `current` (`proveCurrent`); holding the key is
 * not enough. A PIN record is bound to this device and keeps Sleeve's raw form; a password record is written in the
 * seed's text form, which every client of the project opens (crypto/wrapped-key.ts). All or nothing: every step writes to locals, and a new DEK
 * becomes held only after the record exists and every card is encrypted, so a failure anywhere leaves the custody
 * state exactly as it was.
 */
export async function createSecret(
  secret: string,
  collection: CardCollection,
  now: number,
  { kind = 'password', current }: CreateSecretOptions = {},
): Promise<{ record: PinRecord; collection: EncryptedCollection }> {
  const held = dataKey;
  if (held && !current) throw new InvalidStateError(Messages.verifyFirst);
  // The caller has a secret already, so its key must be wrapped, never a new one beside it (the key was dropped
  // meanwhile, e.g. by a sign-out in another tab).
  if (current && !held) throw new InvalidStateError(Messages.refreshAndUnlock);
  if (!held && collection.type === 'ENCRYPTED' && Object.keys(collection.cards).length > 0) {
    // These cards are under a DEK we do not hold; a new DEK would orphan them.
    throw new InvalidStateError(Messages.keyMissingEncrypt);
  }
  const dek = held ?? (await generateDataKey());
  // Cheap, fallible card work first, so a bad card fails before the slow derivations run.
  const encrypted: EncryptedCollection =
    collection.type === 'UNENCRYPTED' ? await encryptCards(dek, collection) : collection;
  if (held && current) await proveCurrent(current, held);
  const created = await createRecord(secret, dek, now, kind === 'pin' ? 'raw' : 'text');
  const record = kind === 'pin' ? await bindToDevice(created, dek, { newPin: true }) : created;
  await noteRecordKey(record, dek);
  if (!held) hold(dek);
  return { record, collection: encrypted };
}
