/**
 * What both sides of the database worker agree on: the messages a failed read or write carries (SPEC.md §8), the
 * exact wire shapes (DESIGN.md) that the worker builds before anything leaves, and how a server's refusal is told
 * from a failure in this client. Pure: the page imports it without Firebase.
 */

import type { EncryptedCard } from '../domain/card';
import type { CardParts } from '../domain/card-parts';
import { InvalidArgumentError, type WireError } from '../domain/errors';
import type { SecretRecord } from '../domain/secret';
import { asEncryptedCard } from '../domain/server-shapes';
import { isSecretRecord } from '../domain/stored-shapes';

export const DatabaseMessages = {
  unencryptedCard: "Unencrypted card can't be saved on server",
  setCardFailed: 'Failed to add or update card on server',
  deleteCardFailed: 'Failed to delete card from server',
  setPasswordFailed: 'Failed to set password on server',
  removePasswordFailed: 'Failed to remove password from server',
  readCardsFailed: 'Failed to get cards from server',
  readPasswordFailed: 'Failed to get password from server',
} as const;

export const AccountKeyMessages = {
  replaceFailed: 'Failed to replace the encryption key on server',
} as const;

/** Only encrypted cards, each re-built in exactly the wire shape; `message` for anything else. */
export function wireCards(values: readonly unknown[], message: string): EncryptedCard[] {
  return values.map((value) => {
    const card = asEncryptedCard(value);
    if (!card) throw new InvalidArgumentError(message);
    return card;
  });
}

/** What a compare-and-set of the password record came to: written, or not, as the server holds `held` instead. */
export type RecordSwap = { readonly written: true } | { readonly written: false; readonly held: SecretRecord | null };

/** The record in exactly the wire shape (DESIGN.md), or a refusal for anything else. */
export function wireRecord(record: SecretRecord): SecretRecord {
  if (!isSecretRecord(record)) throw new InvalidArgumentError(DatabaseMessages.setPasswordFailed);
  return {
    salt: record.salt,
    encryptedDek: { ciphertext: record.encryptedDek.ciphertext, iv: record.encryptedDek.iv },
    modifiedAt: record.modifiedAt,
  };
}

/**
 * Whether a failed write was answered by the server (refused by the rules: it will never land as it is), rather
 * than failing in this client before it left. The SDK gives a server's answer a status code (`PERMISSION_DENIED` …),
 * which the error keeps across the worker boundary (src/domain/errors.ts).
 */
export function refusedByServer(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return true;
  }
  return false;
}

/**
 * What a listener of the database worker heard, posted on the worker's own port (database/listeners.ts): its values,
 * each as it is or, carrying many cards, in parts; or the error that ended it.
 */
export interface HeardMessage {
  readonly listening: number;
  readonly values?: readonly ({ value: unknown } | { parts: CardParts })[];
  readonly error?: WireError;
}
