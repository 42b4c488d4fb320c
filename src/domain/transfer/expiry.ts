/**
 * Expiry dates as other apps write them, read into Sleeve's MM/YY. Only forms that say unambiguously which part is
 * the month and which the year are read: MM/YY, MM/YYYY, M/YY, MM-YY, MMYY, MMYYYY, YYYY-MM (ISO 8601, as Credential
 * Exchange and Proton Pass write it), or a month and a year given apart. Anything else is a reason, never a guess.
 */
import { readExpiryMonth } from '../card-checks';
import { quoted, textOf } from './import-row';

/** A whole expiry date as text, or its month and year given separately (Bitwarden, some CSV files). */
export type ExpiryInput = unknown | { month: unknown; year: unknown };

const isPair = (value: unknown): value is { month: unknown; year: unknown } =>
  typeof value === 'object' && value !== null && 'month' in value && 'year' in value;

/** Two digits of the year: 2030 and 30 both give 30; only years 2000 to 2099 are read from four digits. */
function shortYear(year: string): string | null {
  if (/^\d{2}$/.test(year)) return year;
  if (/^20\d{2}$/.test(year)) return year.slice(2);
  return null;
}

function fromParts(month: string, year: string): string | null {
  if (!/^\d{1,2}$/.test(month)) return null;
  const number = Number(month);
  if (number < 1 || number > 12) return null;
  const yy = shortYear(year);
  return yy === null ? null : `${String(number).padStart(2, '0')}/${yy}`;
}

function fromText(typed: string): string | null {
  // YYYY-MM (ISO 8601); a day after it is ignored (YYYY-MM-DD).
  const iso = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(typed);
  if (iso) return fromParts(iso[2] as string, iso[1] as string);
  // MM/YY, MM/YYYY, M/YY, MM-YY, MM.YY and the same with spaces around the separator.
  const separated = /^(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/.exec(typed);
  if (separated) return fromParts(separated[1] as string, separated[2] as string);
  // MMYY and MMYYYY without a separator.
  const joined = /^(\d{2})(\d{2}|\d{4})$/.exec(typed);
  if (joined) return fromParts(joined[1] as string, joined[2] as string);
  return null;
}

/** The expiry as MM/YY, or why it cannot be read. */
export function readExpiry(input: ExpiryInput): { expiry: string } | { reason: string } {
  if (isPair(input)) {
    const month = textOf(input.month);
    const year = textOf(input.year);
    if (month === null || year === null) return { reason: 'its expiry date is not text' };
    if (month === '' && year === '') return { reason: 'it has no expiry date' };
    if (month === '') return { reason: 'its expiry month is missing' };
    if (year === '') return { reason: 'its expiry year is missing' };
    const expiry = fromParts(month, year);
    if (expiry) return { expiry };
    return { reason: unreadable(`${month}/${year}`) };
  }
  const typed = textOf(input);
  if (typed === null) return { reason: 'its expiry date is not text' };
  if (typed === '') return { reason: 'it has no expiry date' };
  const expiry = fromText(typed);
  return expiry ? { expiry } : { reason: unreadable(typed) };
}

function unreadable(typed: string): string {
  const shown = quoted(typed);
  return shown
    ? `its expiry date ${shown} is not a month and year Sleeve can read`
    : 'its expiry date is not a month and year Sleeve can read';
}

/** Sleeve's MM/YY as a month number and a four-digit year, for the formats that write them apart; null if unreadable. */
export const splitExpiry = readExpiryMonth;
