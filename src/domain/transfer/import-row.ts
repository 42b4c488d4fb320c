/**
 * What reading an export gives, whatever its format: one row per card in the file, each either a card Sleeve can
 * store or the reason it cannot, in words the preview shows. Nothing is guessed silently: a value Sleeve had to
 * leave out or shorten on the way in is listed with the card as a change.
 */
import type { CardData, Theme } from '../card';
import type { CardDetails } from '../card-details';

/** The formats Sleeve reads. */
export type ImportFormat = 'sleeve-backup' | 'bitwarden' | 'proton-pass' | 'cxf' | 'csv';

export const FORMAT_NAMES: Readonly<Record<ImportFormat, string>> = {
  'sleeve-backup': 'Sleeve backup',
  bitwarden: 'Bitwarden export',
  'proton-pass': 'Proton Pass export',
  cxf: 'Credential Exchange file',
  csv: 'CSV file',
};

/** A card as it will be stored, before it has an id of its own on this device. */
export interface ImportedCard {
  data: CardData;
  /** Kept from a Sleeve backup, so a restored card is the card it was; a new id is drawn if it is taken. */
  id?: string;
  /** Kept from a Sleeve backup; other formats' cards are dated when they are imported. */
  modifiedAt?: number;
  /** What changed on the way in (a code left out, an issuer shortened), for the person to see before importing. */
  changes: string[];
  /** What the file keeps about the card beyond its fields (a PIN, notes, a phone number); NO_DETAILS when nothing. */
  details: CardDetails;
}

interface RowBase {
  /** Where the row is in the file, as the person would find it there: 'Row 4', 'Item 2 “Travel card”'. */
  where: string;
}

export type ImportRow = (RowBase & { card: ImportedCard }) | (RowBase & { reason: string });

export const isCardRow = (row: ImportRow): row is RowBase & { card: ImportedCard } => 'card' in row;

/** A whole file read: its rows, and how many of its entries were something other than a payment card. */
export interface ImportParse {
  format: ImportFormat;
  rows: ImportRow[];
  /** Logins, notes and other items the file holds beside its cards; they are left out and only counted. */
  leftOut: number;
}

/** Where a card's colour comes from when the file has none: a new card gets a random theme (SPEC.md §3). */
export type ThemeSource = () => Theme;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export { isObject };

/**
 * A value as text, trimmed; absent is ''. A number in a JSON file is read as its digits; anything else (an object, a
 * boolean) is not text, and null says so.
 */
export function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

/** A column or field name as names are compared: lower-cased, everything but letters and digits dropped. */
export const nameKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A short value from the file named in a reason or change: printable text of at most 24 characters, in quotes; anything
 * else is not written out, so a reason stays one short sentence.
 */
export function quoted(value: unknown): string | null {
  return typeof value === 'string' && /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]{1,24}$/u.test(value) ? `“${value}”` : null;
}

/** 'Item 3' with the item's own name when it is short enough to show. */
export function itemWhere(position: number, name: unknown): string {
  const shown = typeof name === 'string' ? quoted(name.trim()) : null;
  return shown ? `Item ${position} ${shown}` : `Item ${position}`;
}
