// What else a real-looking card says besides its number: the expiry as cards print it (one date or two, with their
// words) and the holder (a person, sometimes under a company), and the typeface it is all set in.
import { between, pick } from './cards.mjs';

/** The typefaces a card is set in, from Debian's fonts-ocr-a, fonts-ocr-b, fonts-dejavu and fonts-liberation. */
export const TYPEFACES = {
  'ocr-a': "'OCRA', 'OCR A'",
  'ocr-b': "'OCR B'",
  'dejavu-sans': "'DejaVu Sans'",
  'dejavu-sans-mono': "'DejaVu Sans Mono'",
  'dejavu-serif': "'DejaVu Serif'",
  'dejavu-serif-condensed': "'DejaVu Serif Condensed', 'DejaVu Serif'",
  'liberation-sans': "'Liberation Sans'",
  'liberation-mono': "'Liberation Mono'",
  'liberation-serif': "'Liberation Serif'",
};

/**
 * How the expiry is worded: the words before the date (stacked tiny in two lines to its left, or on one line), the
 * tiny 'MONTH/YEAR' above it, or a 'valid from' date before it.
 */
export const EXPIRY_STYLES = ['valid-thru', 'valid-thru-line', 'good-thru', 'month-year', 'date-only', 'from-thru'];

/**
 * @param {number} month
 * @param {number} year two digits
 * @param {boolean} long whether the year is printed in four digits
 */
const dated = (month, year, long) => `${String(month).padStart(2, '0')}/${long ? 2000 + year : year}`;

/**
 * The expiry: `expiry` is what the editor takes (MM/YY, the later date when two are printed), `printed` the pieces
 * drawn on the card: each a date with the words beside it (`words`, stacked when `stacked`) and above it (`above`).
 * @param {import('./cards.mjs').Random} random
 */
export function drawExpiry(random) {
  const month = 1 + Math.floor(random() * 12);
  const year = 26 + Math.floor(random() * 8);
  const style = pick(random, EXPIRY_STYLES);
  const long = random() < 0.3;
  const thru = dated(month, year, long);
  /** @type {{ date: string, words: string[], stacked: boolean, above: string }[]} */
  const printed = [];
  if (style === 'valid-thru') printed.push({ date: thru, words: ['VALID', 'THRU'], stacked: true, above: '' });
  if (style === 'valid-thru-line') printed.push({ date: thru, words: ['VALID THRU'], stacked: false, above: '' });
  if (style === 'good-thru') {
    const stacked = random() < 0.6;
    printed.push({ date: thru, words: stacked ? ['GOOD', 'THRU'] : ['GOOD THRU'], stacked, above: '' });
  }
  if (style === 'month-year') {
    printed.push({ date: thru, words: ['VALID', 'THRU'], stacked: true, above: 'MONTH/YEAR' });
  }
  if (style === 'date-only') printed.push({ date: thru, words: [], stacked: false, above: '' });
  if (style === 'from-thru') {
    // Issued two to five years before it ends, so the later date is always the expiry.
    const fromYear = year - 2 - Math.floor(random() * 4);
    const fromMonth = 1 + Math.floor(random() * 12);
    const stacked = random() < 0.6;
    printed.push({
      date: dated(fromMonth, fromYear, long),
      words: stacked ? ['VALID', 'FROM'] : ['VALID FROM'],
      stacked,
      above: '',
    });
    printed.push({ date: thru, words: stacked ? ['VALID', 'THRU'] : ['VALID THRU'], stacked, above: '' });
  }
  return { expiry: dated(month, year, false), expiryStyle: style, expiryPrinted: printed };
}

const FIRST = ['ADA', 'GRACE', 'ALAN', 'KATHERINE', 'LINUS', 'MARIA', 'OLUWASEUN', 'JOSE', 'MEI', 'ANNA', 'RAVI'];
const MORE_FIRST = ['ZOE', 'TOMASZ', 'INGRID', 'KWAME', 'PRIYA', 'HUGO', 'SIOBHAN', 'YUKI', 'FATIMA', 'BJORN'];
const LAST = ['LOVELACE', 'HOPPER', 'TURING', 'JOHNSON', 'OKAFOR', 'GARCIA', 'NAKAMURA', 'SMITH', 'PATEL', 'NOVAK'];
const MORE_LAST = ["O'BRIEN", 'SMITH-JONES', 'VAN DER BERG', 'MACDONALD', 'WOJCIK', 'LEE', 'ABERNATHY', 'NGUYEN'];
const COMPANIES = [
  'ACME LOGISTICS LTD',
  'NORTHWIND TRADERS',
  'BLUE HERON DESIGN',
  'KESTREL LABS INC',
  'CONTOSO GMBH',
  'FABRIKAM & CO',
  'HARBOUR VIEW CAFE',
  'GLOBEX CORPORATION',
];

/**
 * The holder: `name` the person's line as printed ('' when the card has none), `company` the line above it, if any.
 * @param {import('./cards.mjs').Random} random
 */
export function drawHolder(random) {
  if (random() < 0.1) return { name: '', company: '' };
  const first = pick(random, random() < 0.6 ? FIRST : MORE_FIRST);
  const last = pick(random, random() < 0.7 ? LAST : MORE_LAST);
  const initial = random() < 0.2 ? ` ${String.fromCharCode(65 + Math.floor(random() * 26))}` : '';
  const company = random() < 0.2 ? pick(random, COMPANIES) : '';
  return { name: `${first}${initial} ${last}`, company };
}

/**
 * Text a card carries besides what is read: the bank's name and what kind of card it is.
 * @param {import('./cards.mjs').Random} random
 */
export function drawBank(random) {
  const banks = ['NORTHERN TRUST BANK', 'Meridian', 'CITY CREDIT UNION', 'Lakeside Bank', 'ORBIT', 'First Harbour'];
  const kinds = ['', 'debit', 'PLATINUM', 'World Elite', 'Signature', 'BUSINESS', 'Gold'];
  return { bank: pick(random, banks), kind: pick(random, kinds), bankSize: between(random, 0.8, 1.3) };
}
