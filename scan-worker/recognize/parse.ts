/** What the reader's raw text of each line means: the digits of a number, an expiry, a name. */

/** The digits of a number line: everything but digits dropped (the reader may emit spaces between groups). */
export function numberDigits(text: string): string {
  return text.replace(/\D/g, '');
}

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
 * A cardholder's name from a name line, or null: capital letters with single spaces and . ' -, at least two
 * letters; anything shorter is noise from an empty band.
 */
export function parseName(text: string): string | null {
  const cleaned = text
    .toUpperCase()
    .replace(/[^A-Z .'-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = cleaned.split(' ').filter((word) => /[A-Z]{2}/.test(word));
  if (words.length === 0) return null;
  const name = words.join(' ');
  return name.replace(/[^A-Z]/g, '').length >= 3 ? name : null;
}
