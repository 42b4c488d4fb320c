/**
 * What a card's number and expiry say beyond their format: whether the number passes the Luhn checksum (a typo
 * check: a failing number can still be kept, with a warning), whether the card has expired or expires soon, and
 * how much of the number a masked view may show. The clock is always passed in, so the rules can be tested at
 * month and year ends.
 */
import type { Network, PlainCard } from './card';
import { groupCardNumber } from './card-brands';

/** Shown beside the number, never blocking: a number that fails the checksum may still be the one on the card. */
export const CHECKSUM_WARNING = 'This number fails the card checksum. Check it for a typo.';

/** The Luhn (mod 10) check every payment card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    // Every second digit from the right is doubled; a two-digit result counts as the sum of its digits.
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An expiry's month and four-digit year from MM/YY (every card year is 20YY), or null when it is not one. */
export function readExpiryMonth(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Months counted from year 0, so that month arithmetic crosses year ends without special cases. */
const monthIndex = (year: number, month: number): number => year * 12 + (month - 1);

export type ExpiryStatus = 'expired' | 'soon';

export const EXPIRY_LABELS: Readonly<Record<ExpiryStatus, string>> = {
  expired: 'Expired',
  soon: 'Expires soon',
};

/** How many months after this one still count as soon: this month and the next two. */
const SOON_MONTHS = 2;

/**
 * 'expired' once the card's month has passed (a card is valid through the last day of its month), 'soon' in that
 * month and the two before it, otherwise null; null too for an expiry that is not a month and year. `now` is the
 * device's clock, read in local time, as the person reads a calendar.
 */
export function expiryStatus(expiry: string, now: Date): ExpiryStatus | null {
  const read = readExpiryMonth(expiry);
  if (!read) return null;
  const monthsLeft = monthIndex(read.year, read.month) - monthIndex(now.getFullYear(), now.getMonth() + 1);
  if (monthsLeft < 0) return 'expired';
  return monthsLeft <= SOON_MONTHS ? 'soon' : null;
}

/**
 * The cards with the earliest expiry first, so expired cards lead, then those expiring soon, then the rest; cards
 * whose expiry is not a month and year go last. Cards of one month keep the order they came in (newest first).
 */
export function byExpiry(cards: readonly PlainCard[]): PlainCard[] {
  const keyed = cards.map((card, position) => {
    const read = readExpiryMonth(card.data.expiry);
    return { card, position, key: read ? monthIndex(read.year, read.month) : Number.POSITIVE_INFINITY };
  });
  keyed.sort((a, b) => (a.key === b.key ? a.position - b.position : a.key < b.key ? -1 : 1));
  return keyed.map((entry) => entry.card);
}

/**
 * Which digits a masked number still shows. PCI DSS 3.4.1 allows at most the first six and the last four; Sleeve
 * shows the first four and the last four, so a 16-digit number reads '4111 •••• •••• 1111' as it always has, and
 * longer and shorter numbers hide their whole middle too. A number too short to keep a hidden middle of four shows
 * fewer: only its last four from 8 digits, nothing below.
 */
function visibleEnds(length: number): { first: number; last: number } {
  if (length >= 12) return { first: 4, last: 4 };
  if (length >= 8) return { first: 0, last: 4 };
  return { first: 0, last: 0 };
}

const HIDDEN_DIGIT = '•';

/**
 * A masked number in its network's groups, in three parts: what shows before the hidden digits, the hidden digits
 * (dots, with the spaces between their groups), and what shows after: '4111 ', '•••• ••••', ' 1111'.
 */
export function maskedNumberParts(digits: string, network: Network): { start: string; middle: string; end: string } {
  const { first, last } = visibleEnds(digits.length);
  const masked =
    digits.slice(0, first) + HIDDEN_DIGIT.repeat(digits.length - first - last) + digits.slice(digits.length - last);
  const grouped = groupCardNumber(masked, network);
  const from = grouped.indexOf(HIDDEN_DIGIT);
  if (from === -1) return { start: grouped, middle: '', end: '' };
  const to = grouped.lastIndexOf(HIDDEN_DIGIT) + 1;
  return { start: grouped.slice(0, from), middle: grouped.slice(from, to), end: grouped.slice(to) };
}

/** The masked number as one text: '4111 •••• •••• 1111', '3782 •••••• •0005'. */
export function maskCardNumber(digits: string, network: Network): string {
  const { start, middle, end } = maskedNumberParts(digits, network);
  return start + middle + end;
}
