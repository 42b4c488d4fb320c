/**
 * Sleeve's encrypted backup file (docs/formats.md, 'The backup file'): a versioned JSON document whose cards are encrypted
 * with AES-GCM under a key derived from a passphrase with PBKDF2-SHA-512. This module holds the shape and its checks;
 * the cryptography runs in the worker (worker/vault/backup.ts), so no key ever exists on the page.
 *
 *   {format: 'sleeve-backup', version: 1,
 *    kdf: {name: 'PBKDF2', hash: 'SHA-512', iterations: 210000, salt},
 *    cipher: {name: 'AES-GCM', iv}, cipherText, exportedAt, count}
 *
 * The plaintext is the UTF-8 JSON `{"cards": [{id, data: {number, expiry, cardholder, issuer, cvv, network, theme},
 * modifiedAt, details?}]}`, each card exactly as Sleeve stores a plain card, and beside it, when it has any, its
 * details (card-details.ts) as their record holds them: `{pin, notes, validFrom, phone, website}`, absent ones left
 * out. A backup made before cards had details has none, and reads as before.
 */
import type { PlainCard } from '../card';
import type { CardDetails } from '../card-details';
import { hasDetails, NO_DETAILS, readDetailsPlain, writeDetailsPlain } from '../card-details';
import { CARD_ID_PATTERN } from '../card-id';
import { cardDataProblem } from '../stored-cards';
import { readDetails } from './details';
import type { ImportRow } from './import-row';
import { isObject } from './import-row';

export const BACKUP_FORMAT = 'sleeve-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_ITERATIONS = 210_000;
/** Files may ask for more iterations than Sleeve writes, up to ten times as many; never fewer. */
export const BACKUP_MAX_ITERATIONS = 2_100_000;
export const BACKUP_SALT_BYTES = 16;
export const BACKUP_IV_BYTES = 12;

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  kdf: { name: 'PBKDF2'; hash: 'SHA-512'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  /** Standard base64 of the AES-GCM output, the 16-byte tag appended (WebCrypto's layout). */
  cipherText: string;
  /** When the backup was made, ISO 8601 in UTC. */
  exportedAt: string;
  /** How many cards it holds; checked against what the ciphertext opens to. */
  count: number;
}

/** A card in the plaintext: as Sleeve stores it, and its details when it has any. */
export interface BackupCard extends PlainCard {
  /** The details' given fields only, as `writeDetailsPlain` writes them. */
  details?: Record<string, unknown>;
}

/** What the ciphertext holds. */
export interface BackupContents {
  cards: BackupCard[];
}

/** A card's entry in the plaintext; `details` only when it has some, so a card without them is written as before. */
export function backupCard(card: PlainCard, details: CardDetails = NO_DETAILS): BackupCard {
  const entry: BackupCard = { id: card.id, data: card.data, modifiedAt: card.modifiedAt };
  if (hasDetails(details)) entry.details = writeDetailsPlain({ details, unknown: {} });
  return entry;
}

/**
 * A backup card's details, held to the same rules as any file's (a later version's may allow more). A field this
 * version does not know is text the person kept, so it goes to the notes like another app's custom field.
 */
function backupDetails(value: unknown): { details: CardDetails; changes: string[] } {
  if (value === undefined) return { details: { ...NO_DETAILS }, changes: [] };
  const plain = readDetailsPlain(value);
  if (!plain) return { details: { ...NO_DETAILS }, changes: ['its details are damaged and were left out'] };
  const fields = Object.entries(plain.unknown).flatMap(([name, field]) =>
    typeof field === 'string' ? [{ name, value: field }] : [],
  );
  return readDetails({ ...plain.details, fields });
}

export const BackupMessages = {
  wrongPassphrase: 'This passphrase does not open the backup, or the file was changed after it was saved.',
  notBackup: 'This file is not a Sleeve backup.',
  newer: (version: number) =>
    `This backup was made by a newer version of Sleeve (backup format ${version}). Update Sleeve, then import it.`,
  damaged: (what: string) => `This backup file is damaged (${what}), so nothing can be imported from it.`,
  notCards: 'This backup opened, but what it holds is not a list of cards, so nothing can be imported from it.',
  countMismatch:
    'This backup holds a different number of cards than its header says, so it was changed after it was saved.',
} as const;

/** Whether a JSON value says it is a Sleeve backup (of any version); its shape is checked by `readBackupFile`. */
export const isBackupValue = (value: unknown): boolean => isObject(value) && value.format === BACKUP_FORMAT;

const isBase64 = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value);

/** The number of bytes a standard base64 text decodes to. */
const decodedLength = (text: string): number =>
  (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

/** The backup's header, checked field by field, or the plain sentence that says why it cannot be opened. */
export function readBackupFile(value: unknown): { ok: true; file: BackupFile } | { ok: false; reason: string } {
  if (!isBackupValue(value)) return { ok: false, reason: BackupMessages.notBackup };
  const file = value as Record<string, unknown>;
  if (typeof file.version !== 'number' || !Number.isInteger(file.version) || file.version < 1) {
    return { ok: false, reason: BackupMessages.damaged('its version is not a whole number') };
  }
  if (file.version > BACKUP_VERSION) return { ok: false, reason: BackupMessages.newer(file.version) };
  const { kdf, cipher } = file;
  if (!isObject(kdf) || kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-512') {
    return { ok: false, reason: BackupMessages.damaged('its key derivation is not PBKDF2 with SHA-512') };
  }
  const iterations = kdf.iterations;
  if (
    typeof iterations !== 'number' ||
    !Number.isInteger(iterations) ||
    iterations < BACKUP_ITERATIONS ||
    iterations > BACKUP_MAX_ITERATIONS
  ) {
    return { ok: false, reason: BackupMessages.damaged('its iteration count is outside what Sleeve accepts') };
  }
  if (!isBase64(kdf.salt) || decodedLength(kdf.salt) !== BACKUP_SALT_BYTES) {
    return { ok: false, reason: BackupMessages.damaged('its salt is not 16 bytes of base64') };
  }
  if (!isObject(cipher) || cipher.name !== 'AES-GCM') {
    return { ok: false, reason: BackupMessages.damaged('its cipher is not AES-GCM') };
  }
  if (!isBase64(cipher.iv) || decodedLength(cipher.iv) !== BACKUP_IV_BYTES) {
    return { ok: false, reason: BackupMessages.damaged('its IV is not 12 bytes of base64') };
  }
  if (!isBase64(file.cipherText)) return { ok: false, reason: BackupMessages.damaged('its cipher text is not base64') };
  if (typeof file.count !== 'number' || !Number.isInteger(file.count) || file.count < 0) {
    return { ok: false, reason: BackupMessages.damaged('its card count is not a whole number') };
  }
  if (typeof file.exportedAt !== 'string') return { ok: false, reason: BackupMessages.damaged('its date is missing') };
  return { ok: true, file: value as BackupFile };
}

/** The file's text: indented, so a person who opens it sees what it is. */
export const backupText = (file: BackupFile): string => `${JSON.stringify(file, null, 2)}\n`;

/**
 * The decrypted contents as rows: each card kept exactly as it was backed up (id, data, date), or the reason it
 * cannot be. Throws nothing; a plaintext that is not a list of cards at all is `null`.
 */
export function backupRows(contents: unknown): ImportRow[] | null {
  if (!isObject(contents) || !Array.isArray(contents.cards)) return null;
  return contents.cards.map((entry: unknown, index): ImportRow => {
    const where = `Card ${index + 1}`;
    if (!isObject(entry)) return { where, reason: 'it is not a card' };
    const problem = cardDataProblem(entry.data);
    if (problem !== null) return { where, reason: problem };
    if (typeof entry.modifiedAt !== 'number' || !Number.isFinite(entry.modifiedAt)) {
      return { where, reason: 'its date is damaged' };
    }
    const data = entry.data as PlainCard['data'];
    const card = {
      data: {
        number: data.number,
        expiry: data.expiry,
        cardholder: data.cardholder,
        issuer: data.issuer,
        cvv: data.cvv,
        network: data.network,
        theme: data.theme,
      },
      modifiedAt: entry.modifiedAt,
      ...backupDetails(entry.details),
    };
    // An id that is not one Sleeve could have made is not kept; the card gets a new one.
    return typeof entry.id === 'string' && CARD_ID_PATTERN.test(entry.id)
      ? { where, card: { ...card, id: entry.id } }
      : { where, card };
  });
}

/** What opening a backup gives: its cards, row by row, or the answer that the passphrase does not open it. */
export type BackupOpening = { status: 'opened'; rows: ImportRow[] } | { status: 'wrong-passphrase' };
