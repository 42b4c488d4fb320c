/**
 * Sealing and opening Sleeve's backup files (src/domain/transfer/sleeve-backup.ts has the format). The key is derived
 * from the person's passphrase here, in the worker, and never leaves it: the page hands in cards and a passphrase and
 * gets back the file's text, or hands in the text and gets back the cards.
 *
 * AES-GCM cannot tell a wrong passphrase from a ciphertext changed after it was saved: either way the tag does not
 * verify, and the answer is `wrong-passphrase`, whose message names both. Everything that can be told apart (not a
 * backup, a newer version, a damaged header, contents that are not cards, a count that does not match) is its own
 * plain message.
 */
import type { PlainCard } from '../../src/domain/card';
import type { CardDetails } from '../../src/domain/card-details';
import { CARD_ID_PATTERN } from '../../src/domain/card-id';
import { InvalidArgumentError, Messages, SleeveError } from '../../src/domain/errors';
import type { BackupContents, BackupFile, BackupOpening } from '../../src/domain/transfer/sleeve-backup';
import {
  BACKUP_FORMAT,
  BACKUP_ITERATIONS,
  BACKUP_IV_BYTES,
  BACKUP_SALT_BYTES,
  BACKUP_VERSION,
  BackupMessages,
  backupCard,
  backupRows,
  backupText,
  readBackupFile,
} from '../../src/domain/transfer/sleeve-backup';
import { fromBase64, toBase64 } from '../crypto/base64';
import { type Bytes, fromUtf8, randomBytes, utf8 } from '../crypto/bytes';
import { deriveAesKey } from '../crypto/pbkdf2';
import { toCardData } from './card-shape';

export const BackupArgumentMessages = {
  noPassphrase: 'Choose a passphrase for the backup.',
  badCard: 'A card could not be written to the backup, so no backup was made.',
} as const;

/**
 * The cards exactly as stored, fields in wire order, each with its details from `details` (by card id) when it has
 * any; anything that is not a card refuses the whole backup.
 */
function contentsOf(cards: readonly PlainCard[], details?: ReadonlyMap<string, CardDetails>): BackupContents {
  try {
    return {
      cards: cards.map((card) => {
        if (typeof card.id !== 'string' || !CARD_ID_PATTERN.test(card.id)) throw new Error('bad id');
        if (typeof card.modifiedAt !== 'number' || !Number.isFinite(card.modifiedAt)) throw new Error('bad date');
        const stored = { id: card.id, data: toCardData(card.data), modifiedAt: card.modifiedAt };
        return backupCard(stored, details?.get(card.id));
      }),
    };
  } catch (cause) {
    throw new InvalidArgumentError(BackupArgumentMessages.badCard, { cause });
  }
}

/**
 * The backup file's text for `cards` and their `details` (by card id), encrypted under a key derived from
 * `passphrase`. One derivation.
 */
export async function sealBackup(
  passphrase: string,
  cards: readonly PlainCard[],
  now = new Date(),
  details?: ReadonlyMap<string, CardDetails>,
): Promise<string> {
  if (typeof passphrase !== 'string' || passphrase === '') {
    throw new InvalidArgumentError(BackupArgumentMessages.noPassphrase);
  }
  const contents = contentsOf(cards, details);
  const salt = randomBytes(BACKUP_SALT_BYTES);
  const iv = randomBytes(BACKUP_IV_BYTES);
  const key = await deriveAesKey(passphrase, salt, ['encrypt'], BACKUP_ITERATIONS);
  let cipherText: Bytes;
  try {
    cipherText = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, utf8(JSON.stringify(contents))),
    );
  } catch (cause) {
    throw new SleeveError(Messages.encryptFailed, { cause });
  }
  const file: BackupFile = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    kdf: { name: 'PBKDF2', hash: 'SHA-512', iterations: BACKUP_ITERATIONS, salt: toBase64(salt) },
    cipher: { name: 'AES-GCM', iv: toBase64(iv) },
    cipherText: toBase64(cipherText),
    exportedAt: now.toISOString(),
    count: contents.cards.length,
  };
  return backupText(file);
}

/** The backup's cards, row by row, or `wrong-passphrase`. One derivation, and none for a file that is not a backup. */
export async function openBackup(passphrase: string, text: string): Promise<BackupOpening> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new InvalidArgumentError(BackupMessages.notBackup, { cause });
  }
  const checked = readBackupFile(value);
  if (!checked.ok) throw new InvalidArgumentError(checked.reason);
  const { kdf, cipher, cipherText, count } = checked.file;
  const key = await deriveAesKey(passphrase, fromBase64(kdf.salt), ['decrypt'], kdf.iterations);
  let plaintext: Bytes;
  try {
    plaintext = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(cipher.iv) }, key, fromBase64(cipherText)),
    );
  } catch {
    return { status: 'wrong-passphrase' };
  }
  let contents: unknown;
  try {
    contents = JSON.parse(fromUtf8(plaintext));
  } catch (cause) {
    throw new InvalidArgumentError(BackupMessages.notCards, { cause });
  }
  const rows = backupRows(contents);
  if (rows === null) throw new InvalidArgumentError(BackupMessages.notCards);
  if (rows.length !== count) throw new InvalidArgumentError(BackupMessages.countMismatch);
  return { status: 'opened', rows };
}
