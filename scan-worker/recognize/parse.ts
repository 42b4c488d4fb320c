/**
 * What the reader's raw text of each line means: an expiry, a name. A number line's text is kept as it is (its
 * digits in the groups read), since the page judges it whole.
 */
import { cardholderName } from '../../src/domain/scan-checks';

/**
 * 'MM/YY' from an expiry line, or null. The slash may be missed or read as a digit-like stroke, so besides 'MM/YY'
 * a five-character 'MM?YY' and a bare four-digit 'MMYY' are taken, the month checked to be 01–12.
 */
export function parseExpiry(text: string): string | null {
  const compact = text.replace(/\s/g, '');
  const match = /(\d{2})\/(\d{2})/.exec(compact) ?? /^\D*(\d{2})\d?(\d{2})\D*$/.exec(compact);
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
