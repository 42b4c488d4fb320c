/**
 * What the reader's raw text of each line means: an expiry, a name. A number line's text is kept as it is (its
 * digits in the groups read), since the page judges it whole.
 */
import { cardholderName } from '../../src/domain/scan-checks';

/**
 * 'MM/YY' from an expiry line, or null. A line may carry a label ('VALID THRU', 'MONTH/YEAR'), a four-digit year
 * ('MM/YYYY') or two dates (valid from and thru): the latest date with a month of 01–12 is the expiry. The slash may
 * be missed or read as a digit-like stroke, so without a date a five-character 'MM?YY' and a bare four-digit 'MMYY'
 * are taken.
 */
export function parseExpiry(text: string): string | null {
  let latest: { month: number; year: number } | null = null;
  for (const match of text.matchAll(/(\d{2}) ?\/ ?(20\d{2}|\d{2})(?!\d)/g)) {
    const month = Number(match[1]);
    const year = Number(match[2]) % 100;
    if (month < 1 || month > 12) continue;
    if (!latest || year * 12 + month > latest.year * 12 + latest.month) latest = { month, year };
  }
  if (latest) return `${String(latest.month).padStart(2, '0')}/${String(latest.year).padStart(2, '0')}`;
  const compact = text.replace(/\s/g, '');
  const match = /^\D*(\d{2})\d?(\d{2})\D*$/.exec(compact);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return `${match[1]}/${match[2]}`;
}

/**
 * A cardholder's name from a name line, or null when it does not read as one (src/domain/scan-checks.ts
 * `cardholderName`, the rule the page checks it by again).
 */
export function parseName(text: string): string | null {
  return cardholderName(text.toUpperCase()) || null;
}
