/**
 * Checks that what was read from storage has the documented shape before the app trusts it. Anything else is
 * reported with a reason in plain words, and the raw value is kept for the person.
 */
import { type CardCollection, NETWORKS, THEMES } from './card';
import type { Preferences } from './preferences';
import type { AuthRecords, SecretRecord } from './secret';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isCardData(value: unknown): boolean {
  if (!isObject(value)) return false;
  const { number, expiry, cardholder, issuer, cvv, network, theme } = value;
  return (
    [number, expiry, cardholder, issuer, cvv].every(isString) &&
    (NETWORKS as readonly unknown[]).includes(network) &&
    (THEMES as readonly unknown[]).includes(theme)
  );
}

const isEncryptedData = (value: unknown): boolean =>
  isObject(value) && isString(value.cipherText) && isString(value.iv);

export function checkCollection(value: unknown): Checked<CardCollection> {
  if (!isObject(value) || !isObject(value.cards)) return { ok: false, reason: 'it is not a card collection' };
  if (value.type !== 'ENCRYPTED' && value.type !== 'UNENCRYPTED') {
    return { ok: false, reason: 'its type is neither ENCRYPTED nor UNENCRYPTED' };
  }
  const dataCheck = value.type === 'ENCRYPTED' ? isEncryptedData : isCardData;
  for (const [key, card] of Object.entries(value.cards)) {
    if (!isObject(card) || card.id !== key || !isTime(card.modifiedAt) || !dataCheck(card.data)) {
      return { ok: false, reason: `the card stored under "${key}" is not a valid ${value.type.toLowerCase()} card` };
    }
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

export function checkAuth(value: unknown): Checked<AuthRecords> {
  if (!isObject(value)) return { ok: false, reason: 'it is not a set of password and PIN records' };
  const { password = null, pin = null } = value;
  if (password !== null && !isSecretRecord(password)) return { ok: false, reason: 'its password record is damaged' };
  if (pin !== null && !isSecretRecord(pin)) return { ok: false, reason: 'its PIN record is damaged' };
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
