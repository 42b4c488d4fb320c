/**
 * Checks that what was read from storage has the documented shape before the app trusts it. Anything else is
 * reported with a reason in plain words, and the raw value is kept for the person.
 */
import type { CardCollection } from './card';
import type { Outbox, OutboxEntry } from './outbox';
import type { Preferences, SecurityPreferences } from './preferences';
import { defaultSecurityPreferences, isClipboardClearSeconds, isLockAfterMinutes } from './preferences';
import type { AuthRecords, PasskeyRecord, PinRecord, RetiredKeys, SecretRecord } from './secret';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `checkCollection`'s answer as it crosses from the worker: `collection` by that name, so that it goes in parts. */
export type StoredCardsRead = { ok: true; collection: CardCollection } | { ok: false; reason: string };

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

export function isRetiredKeys(value: unknown): value is RetiredKeys {
  return isObject(value) && isString(value.ciphertext) && isString(value.iv);
}

export function isPasskeyRecord(value: unknown): value is PasskeyRecord {
  return (
    isObject(value) &&
    isString(value.credentialId) &&
    isString(value.salt) &&
    isObject(value.encryptedDek) &&
    isString(value.encryptedDek.ciphertext) &&
    isString(value.encryptedDek.iv) &&
    isTime(value.modifiedAt)
  );
}

/**
 * A PIN record, plain or with the `device` layer that binds it to this device, at any version: one the worker cannot
 * open is refused there, as a damaged record, rather than keeping the whole of auth from being read.
 */
const isPinRecord = (value: unknown): value is PinRecord => {
  if (!isSecretRecord(value)) return false;
  if (!Object.hasOwn(value, 'device')) return true;
  const device = (value as PinRecord).device;
  return (
    isObject(device) && isString(device.iv) && (device.version === undefined || Number.isSafeInteger(device.version))
  );
};

/**
 * Auth as stored. Stored by an earlier version, it has no `passkey` and reads as `passkey: null`. A passkey record
 * with neither a PIN nor a password beside it opens nothing that can be stored (encrypted cards need one of them),
 * so it is read as none rather than blocking the device; the next write of auth leaves it out.
 */
export function checkAuth(value: unknown): Checked<AuthRecords> {
  if (!isObject(value)) return { ok: false, reason: 'it is not a set of password and PIN records' };
  const { password = null, pin = null, passkey = null } = value;
  if (password !== null && !isSecretRecord(password)) return { ok: false, reason: 'its password record is damaged' };
  if (pin !== null && !isPinRecord(pin)) return { ok: false, reason: 'its PIN record is damaged' };
  if (passkey !== null && !isPasskeyRecord(passkey)) return { ok: false, reason: 'its passkey record is damaged' };
  const alone = password === null && pin === null;
  return { ok: true, value: { password, pin, passkey: alone ? null : passkey } };
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
  const security = checkSecurity(value.security);
  if (!security.ok) return security;
  return {
    ok: true,
    value: { userInterface: { maskCardNumber }, updates: { checkAtLaunch }, security: security.value },
  };
}

/**
 * The lock, clipboard and PIN settings. Written by later versions than the first, so a value without them, or without
 * one of them, reads as the defaults (an older device never wrote 'Ask before showing PINs': off); a value that is
 * there must be one Sleeve offers.
 */
function checkSecurity(value: unknown): Checked<SecurityPreferences> {
  const defaults = defaultSecurityPreferences();
  if (value === undefined) return { ok: true, value: defaults };
  if (!isObject(value)) return { ok: false, reason: 'its security settings are not a set of settings' };
  const lockAfterMinutes = Object.hasOwn(value, 'lockAfterMinutes')
    ? value.lockAfterMinutes
    : defaults.lockAfterMinutes;
  const clipboardClearSeconds = Object.hasOwn(value, 'clipboardClearSeconds')
    ? value.clipboardClearSeconds
    : defaults.clipboardClearSeconds;
  if (!isLockAfterMinutes(lockAfterMinutes)) {
    return { ok: false, reason: "its 'Lock after' setting is not 1, 5, 15 or 60 minutes or never" };
  }
  if (!isClipboardClearSeconds(clipboardClearSeconds)) {
    return { ok: false, reason: 'its clipboard setting is not 15, 30, 60 or 120 seconds or never' };
  }
  const askBeforeShowingPins = Object.hasOwn(value, 'askBeforeShowingPins')
    ? value.askBeforeShowingPins
    : defaults.askBeforeShowingPins;
  if (typeof askBeforeShowingPins !== 'boolean') {
    return { ok: false, reason: "its 'Ask before showing PINs' setting is not true or false" };
  }
  return { ok: true, value: { lockAfterMinutes, clipboardClearSeconds, askBeforeShowingPins } };
}

/**
 * A deletion is exactly `{id, deleted: true, modifiedAt}`; anything else that says `deleted` is damaged, never taken
 * for a card: the outbox's rules (src/domain/outbox.ts) would otherwise send a card with `deleted: false` as a
 * deletion.
 */
function isOutboxEntry(key: string, value: unknown): value is OutboxEntry {
  if (!isObject(value) || value.id !== key || !isTime(value.modifiedAt)) return false;
  if (Object.hasOwn(value, 'deleted')) return value.deleted === true && Object.keys(value).length === 3;
  return isEncryptedData(value.data) && (value.details === undefined || isDetailsOf(key, value.details));
}

/** The details record a card's change carries: sealed, of that card, dated. */
const isDetailsOf = (key: string, value: unknown): boolean =>
  isObject(value) && value.id === key && isTime(value.modifiedAt) && isEncryptedData(value.data);

export function checkOutbox(value: unknown): Checked<Outbox> {
  if (!isObject(value) || !isObject(value.cards) || (value.uid !== null && !isString(value.uid))) {
    return { ok: false, reason: 'it is not a list of changes waiting to sync' };
  }
  for (const [key, entry] of Object.entries(value.cards)) {
    if (!isOutboxEntry(key, entry)) return { ok: false, reason: `the change stored ${under(key)} is damaged` };
  }
  return { ok: true, value: value as unknown as Outbox };
}
