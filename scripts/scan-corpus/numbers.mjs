// The numbers of the corpus's real-looking cards: a network's range, one of the lengths it issues, and one of the ways
// cards of that length are printed. Ranges and lengths are those src/domain/card-brands.ts `isIssuedNumber` accepts
// (tests/domain/scan-corpus.test.ts draws many and checks them against it), so every label is a number the scanner
// may take.
import { luhnDigit, pick } from './cards.mjs';

/**
 * Issuers as printed: the network Sleeve detects (OTHER for UnionPay, which Sleeve names no network for), the mark on
 * the card, prefixes inside the ranges, the lengths issued (repeated to draw the longer ones more often, since they
 * and their groupings are what the older corpus lacked) and how often the issuer is drawn.
 */
const ISSUERS = [
  { network: 'VISA', mark: 'VISA', prefixes: ['4'], lengths: [16], weight: 3 },
  {
    network: 'MASTERCARD',
    mark: 'mastercard',
    prefixes: ['51', '52', '53', '54', '55', '2221', '23', '25', '26', '2720'],
    lengths: [16],
    weight: 3,
  },
  { network: 'AMEX', mark: 'AMERICAN EXPRESS', prefixes: ['34', '37'], lengths: [15], weight: 1.5 },
  {
    network: 'DISCOVER',
    mark: 'DISCOVER',
    prefixes: ['6011', '644', '647', '649', '65'],
    lengths: [16, 17, 18, 19, 19],
    weight: 1.5,
  },
  {
    network: 'DINERS',
    mark: 'Diners Club',
    prefixes: ['36', '36', '300', '305', '38', '39'],
    lengths: [14, 16],
    weight: 1,
  },
  { network: 'RUPAY', mark: 'RuPay', prefixes: ['60', '81', '82', '508'], lengths: [16, 19, 19], weight: 1 },
  { network: 'OTHER', mark: 'UnionPay', prefixes: ['62'], lengths: [16, 17, 18, 19, 19], weight: 1.5 },
];

/** How a number of each length is printed: Diners' 14 as 4-6-4, American Express 4-6-5, 19 digits three ways. */
const GROUPINGS = {
  14: ['4-6-4'],
  15: ['4-6-5'],
  16: ['4-4-4-4'],
  17: ['4-4-4-5'],
  18: ['4-4-4-6'],
  19: ['4-4-4-4-3', '5-4-5-5', '6-13'],
};

/**
 * @param {import('./cards.mjs').Random} random
 * @param {readonly { weight: number }[]} list
 */
function weighted(random, list) {
  let left = random() * list.reduce((sum, entry) => sum + entry.weight, 0);
  for (const entry of list) {
    left -= entry.weight;
    if (left < 0) return entry;
  }
  return list[list.length - 1];
}

/**
 * A number's groups by a grouping such as '4-6-5'.
 * @param {string} number
 * @param {string} grouping
 */
export function groupsOf(number, grouping) {
  const groups = [];
  let start = 0;
  for (const size of grouping.split('-').map(Number)) {
    groups.push(number.slice(start, start + size));
    start += size;
  }
  return groups;
}

/**
 * One number with its network, its mark and its grouping. `fours` keeps to 16 and 19 digits printed by fours, as a
 * portrait card stacks them; `valid: false` makes it fail the checksum (and nothing else).
 * @param {import('./cards.mjs').Random} random
 * @param {boolean} valid
 * @param {{ fours?: boolean }} [options]
 */
export function drawNumber(random, valid, options = {}) {
  const issuers = options.fours
    ? ISSUERS.filter((issuer) => issuer.lengths.some((length) => length === 16 || length === 19))
    : ISSUERS;
  const issuer = /** @type {(typeof ISSUERS)[number]} */ (weighted(random, issuers));
  const lengths = options.fours ? issuer.lengths.filter((length) => length === 16 || length === 19) : issuer.lengths;
  const length = pick(random, lengths);
  /** @type {string} */
  let body;
  // Where ranges overlap the more specific wins (card-brands.ts): RuPay's 60 holds Discover's 6011, Discover's 65
  // holds RuPay's 652150–653149; Diners is 14 digits only in 36. A number drawn in another's share is drawn again.
  do {
    body = pick(random, issuer.prefixes);
    while (body.length < length - 1) body += String(Math.floor(random() * 10));
  } while (
    (issuer.network === 'RUPAY' && body.startsWith('6011')) ||
    (issuer.network === 'DISCOVER' && Number(body.slice(0, 6)) >= 652150 && Number(body.slice(0, 6)) <= 653149) ||
    (issuer.network === 'DINERS' && length === 14 && !body.startsWith('36'))
  );
  const check = luhnDigit(body);
  const last = valid ? check : String((Number(check) + 1 + Math.floor(random() * 9)) % 10);
  const number = body + last;
  const grouping = options.fours
    ? length === 16
      ? '4-4-4-4'
      : '4-4-4-4-3'
    : pick(random, GROUPINGS[/** @type {keyof typeof GROUPINGS} */ (length)]);
  return { number, network: issuer.network, mark: issuer.mark, valid, grouping, groups: groupsOf(number, grouping) };
}
