/**
 * Checks that what was read from storage has the documented shape before the app trusts it. Anything else is
 * reported with a reason in plain words, and the raw value is kept for the person.
 */
import type { CardCollection } from './card';
import type { Outbox, OutboxEntry } from './outbox';
import type { Preferences } from './preferences';
import type { AuthRecords, PinRecord, SecretRecord } from './secret';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Where in a stored map something is wrong: a short key as it is, in quotes; a long or unprintable one is not written out. */
const under = (key: string): string =>
  /^[\p{L}\p{N}\p{P}\p{Zs}]{1,40}$/u.test(key) ? `under ${JSON.stringify(key)}` : 'under one of its keys';

const isEncryptedData = (value: unknown): boolean =>
  isObject(value) && isString(value.cipherText) && isString(value.iv);

/**
 * The collection's structure: a type and a map of objects. What is wrong inside one card (a damaged date, unknown
 * network, bad ciphertext) does not make the whole value unreadable: it is found when opening and reported with that
 * card (src/domain/stored-cards.ts), so one bad record never blocks the rest.
 */
export function checkCollection(value: unknown): Checked<CardCollection> {
  if (!isObject(value) || !isObject(value.cards)) return { ok: false, reason: 'it is not a card collection' };
  if (value.type !== 'ENCRYPTED' && value.type !== 'UNENCRYPTED') {
    return { ok: false, reason: 'its type is neither ENCRYPTED nor UNENCRYPTED' };
  }
  for (const [key, card] of Object.entries(value.cards)) {
    if (!isObject(card)) return { ok: false, reason: `the value stored ${under(key)} is not a card` };
  }
  return { ok: true, value: value as unknown as CardCollection };
}

export function isSecretRecord(value: unknown): value is SecretRecord {
  return (
    isObject(value) &&
    isString(value.salt) &&
    isObject(value.encryptedDek) &&
    isString(value.encryptedDek.ciphertext) &&
    isString(value.encryptedDek.iv) &&
    isTime(value.modifiedAt)
  );
}

/** A PIN record, plain or with the `device` layer that binds it to this device. */
const isPinRecord = (value: unknown): value is PinRecord =>
  isSecretRecord(value) &&
  (!Object.hasOwn(value, 'device') ||
    (isObject((value as PinRecord).device) && isString((value as PinRecord).device?.iv)));

export function checkAuth(value: unknown): Checked<AuthRecords> {
  if (!isObject(value)) return { ok: false, reason: 'it is not a set of password and PIN records' };
  const { password = null, pin = null } = value;
  if (password !== null && !isSecretRecord(password)) return { ok: false, reason: 'its password record is damaged' };
  if (pin !== null && !isPinRecord(pin)) return { ok: false, reason: 'its PIN record is damaged' };
  return { ok: true, value: { password, pin } };
}

export function checkPreferences(value: unknown): Checked<Preferences> {
  if (!isObject(value) || !isObject(value.userInterface) || !isObject(value.updates)) {
    return { ok: false, reason: 'it is not a set of preferences' };
  }
  const { maskCardNumber } = value.userInterface;
  const { checkAtLaunch } = value.updates;
  if (typeof maskCardNumber !== 'boolean' || typeof checkAtLaunch !== 'boolean') {
    return { ok: false, reason: 'its settings are not true or false' };
  }
  return { ok: true, value: { userInterface: { maskCardNumber }, updates: { checkAtLaunch } } };
}

/**
 * A deletion is exactly `{id, deleted: true, modifiedAt}`; anything else that says `deleted` is damaged, never taken
 * for a card: the outbox's rules (src/domain/outbox.ts) would otherwise send a card with `deleted: false` as a
 * deletion.
 */
function isOutboxEntry(key: string, value: unknown): value is OutboxEntry {
  if (!isObject(value) || value.id !== key || !isTime(value.modifiedAt)) return false;
  if (Object.hasOwn(value, 'deleted')) return value.deleted === true && Object.keys(value).length === 3;
  return isEncryptedData(value.data);
}

export function checkOutbox(value: unknown): Checked<Outbox> {
  if (!isObject(value) || !isObject(value.cards) || (value.uid !== null && !isString(value.uid))) {
    return { ok: false, reason: 'it is not a list of changes waiting to sync' };
  }
  for (const [key, entry] of Object.entries(value.cards)) {
    if (!isOutboxEntry(key, entry)) return { ok: false, reason: `the change stored ${under(key)} is damaged` };
  }
  return { ok: true, value: value as unknown as Outbox };
}
