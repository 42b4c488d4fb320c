/**
 * What a read must look like before the scanner takes it: a card number as cards print one, a name as cards print
 * one. One rule for both sides of the scanner: the recognition worker (scan-worker/recognize) stops reading once it
 * has what these allow, and the page (scan-accept.ts) decides what to fill in by them. Pure, and apart from
 * scan-accept.ts because the worker loads only the card rules it needs.
 */
import { isIssuedNumber } from './card-brands';
import { passesLuhn } from './card-checks';

/**
 * The groupings cards print a number in, as the sizes of its groups from the left: 16 digits in fours (a vertical
 * card's rows of four read the same), American Express's 15 as 4-6-5, Diners Club's 14 as 4-6-4, 19 digits as
 * 4-4-4-4-3, 5-4-5-5 or 6-13, and 20 in fours (which no issued length reaches today: `isIssuedNumber` refuses it). A
 * misread rarely keeps the grouping: a digit too many or too few leaves a group of 3 or 5, or a stray one alone.
 */
export const PRINTED_GROUPINGS: readonly string[] = [
  '4-4-4-4',
  '4-6-5',
  '4-6-4',
  '4-4-4-4-3',
  '4-4-4-4-4',
  '5-4-5-5',
  '6-13',
];

/** The digits of a number as read ('4111 1111 1111 1111' → '4111111111111111'). */
export const readDigits = (read: string): string => read.replace(/ /g, '');

/** Whether a number as read (digits, a single space between groups) is in a grouping cards print. */
export function isPrintedGrouping(read: string): boolean {
  if (!/^\d+( \d+)*$/.test(read)) return false;
  return PRINTED_GROUPINGS.includes(
    read
      .split(' ')
      .map((group) => group.length)
      .join('-'),
  );
}

/**
 * A number as read that a card could carry: in a grouping cards print, one a network issues at a length its cards
 * carry (card-brands.ts `isIssuedNumber`: stricter than the editor, which keeps any 16 to 19 digits as OTHER), and
 * passing the Luhn check. Digits read without the gaps between their groups are not taken: the grouping is what
 * tells a misread digit's extra or missing place, which Luhn lets through one time in ten.
 */
export function isCardNumber(read: string): boolean {
  const digits = readDigits(read);
  return isPrintedGrouping(read) && isIssuedNumber(digits) && passesLuhn(digits);
}

/** The most characters a card's name line holds (ISO/IEC 7813's name field); a longer read took in something else. */
export const PRINTED_NAME_MAX = 26;

/** A word of a name: letters (any script), joined by ' or - (O'NEILL, NEILL-SMITH), maybe ending in '.' (J., JR.). */
const NAME_WORD = /^\p{L}+(?:['-]\p{L}+)*\.?$/u;

/**
 * Words of the networks' marks, printed beside the name on many cards: a read holding one took in the logo, and what
 * is left of the name beside it is as likely cut short.
 */
const MARK_WORDS: ReadonlySet<string> = new Set([
  'VISA',
  'MASTERCARD',
  'AMERICAN',
  'EXPRESS',
  'DISCOVER',
  'DINERS',
  'UNIONPAY',
  'RUPAY',
]);

/**
 * The most words a name line holds ('MARIA DE LA CRUZ LOPEZ'): more is one name read with gaps inside its words
 * ('K AT HE RI NE Z G A RC IA').
 */
const NAME_WORDS_MAX = 5;

/**
 * A cardholder's name as read, spaces collapsed, or '' when it does not read as one: at most `PRINTED_NAME_MAX`
 * characters, two to `NAME_WORDS_MAX` words (a name read as one word has lost the gap between its words: 'JOSELOVELACE'), each
 * word a `NAME_WORD` and none a network's (`MARK_WORDS`), the last of at least two letters (an initial stands before
 * a surname; a lone letter at the end is a stray mark or a word broken in two). Digits, a symbol or a stray mark
 * anywhere refuse the whole read: a name filled in wrong is worse than one left for the person to type.
 */
export function cardholderName(read: string | null): string {
  const name = (read ?? '').trim().replace(/\s+/g, ' ');
  if (name.length > PRINTED_NAME_MAX) return '';
  const words = name.split(' ');
  if (words.length < 2 || words.length > NAME_WORDS_MAX || !words.every((word) => NAME_WORD.test(word))) return '';
  if (words.some((word) => MARK_WORDS.has(word.toUpperCase().replace(/\.$/, '')))) return '';
  const lastLetters = words[words.length - 1]?.match(/\p{L}/gu)?.length ?? 0;
  return lastLetters >= 2 ? name : '';
}
