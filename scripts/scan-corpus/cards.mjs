// What each generated card says: a number of a real network's range and length (Luhn-valid unless asked otherwise),
// an expiry, a name, and how it is printed. Seeded, so one seed always gives the same corpus.
import { readFileSync } from 'node:fs';

/**
 * mulberry32: small, fast and good enough to vary pictures; the same seed gives the same sequence.
 * @param {number} seed
 * @returns {() => number}
 */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @typedef {() => number} Random */

/**
 * @template T
 * @param {Random} random
 * @param {readonly T[]} list
 * @returns {T}
 */
export const pick = (random, list) => /** @type {T} */ (list[Math.floor(random() * list.length)]);
/** @type {(random: Random, low: number, high: number) => number} */
export const between = (random, low, high) => low + random() * (high - low);

/**
 * Networks as printed: a prefix to start from, the lengths issued, and the grouping on the card face. The ranges and
 * lengths are those of src/domain/card-brands.ts; the corpus test checks every label against that module.
 */
const NETWORKS = [
  { network: 'VISA', prefixes: ['4'], lengths: [16] },
  { network: 'MASTERCARD', prefixes: ['51', '52', '53', '54', '55', '2221', '2720', '23'], lengths: [16] },
  { network: 'AMEX', prefixes: ['34', '37'], lengths: [15] },
  { network: 'DISCOVER', prefixes: ['6011', '644', '65'], lengths: [16, 19] },
  { network: 'DINERS', prefixes: ['36', '300', '38'], lengths: [14, 16] },
  { network: 'RUPAY', prefixes: ['60', '81', '508'], lengths: [16, 19] },
];

/**
 * The Luhn check digit that completes `body`.
 * @param {string} body
 */
export function luhnDigit(body) {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The groups a number is printed in: American Express 4-6-5, Diners' 14 digits 4-6-4, others in fours.
 * @param {string} number
 * @returns {string[]}
 */
export function printedGroups(number) {
  if (number.length === 15) return [number.slice(0, 4), number.slice(4, 10), number.slice(10)];
  if (number.length === 14) return [number.slice(0, 4), number.slice(4, 10), number.slice(10)];
  return number.match(/.{1,4}/g) ?? [];
}

const FIRST = [
  'ADA',
  'GRACE',
  'ALAN',
  'KATHERINE',
  'LINUS',
  'MARIA',
  'OLUWASEUN',
  'JOSE',
  'MEI',
  'ANNA',
  'RAVI',
  'ZOE',
];
const LAST = ['LOVELACE', 'HOPPER', 'TURING', 'JOHNSON', 'OKAFOR', 'GARCIA', 'NAKAMURA', 'SMITH', 'PATEL', 'NOVAK'];
/** How a number is printed: flat in OCR-A or OCR-B (as most cards), monospace, or embossed (raised, lit from above). */
export const LOOKS = ['ocr-a', 'ocr-b', 'mono', 'embossed-ocr-a', 'embossed-ocr-b'];

/** Sleeve's 15 themes, read from the app's own source, and card colours beyond them (light ones too). */
export function cardColours() {
  const source = readFileSync(new URL('../../src/components/card-themes.ts', import.meta.url), 'utf8');
  const themes = [...source.matchAll(/([A-Z]+): \['(#[0-9a-f]{6})', '(#[0-9a-f]{6})'\]/g)].map((match) => ({
    name: match[1] ?? '',
    from: match[2] ?? '',
    to: match[3] ?? '',
    text: '#ffffff',
  }));
  const others = [
    { name: 'BLACK', from: '#1f1f1f', to: '#050505', text: '#e8e8e8' },
    { name: 'SILVER', from: '#e5e7eb', to: '#9ca3af', text: '#1f2937' },
    { name: 'GOLD', from: '#f5d27a', to: '#b8860b', text: '#2b1d00' },
    { name: 'WHITE', from: '#ffffff', to: '#e5e5e5', text: '#111111' },
    { name: 'PASTEL', from: '#bfdbfe', to: '#fbcfe8', text: '#1e293b' },
  ];
  return [...themes, ...others];
}

/**
 * One card: what it says and how it is printed. `valid: false` makes the number fail the checksum.
 * @param {Random} random
 */
export function makeCard(random, valid = true) {
  const { network, prefixes, lengths } = pick(random, NETWORKS);
  const length = pick(random, lengths);
  /** @type {string} */
  let body;
  // Where ranges overlap the more specific wins (card-brands.ts): RuPay's 60 holds Discover's 6011, Discover's 65
  // holds RuPay's 652150–653149. A number drawn inside the other network's share is drawn again.
  do {
    body = pick(random, prefixes);
    while (body.length < length - 1) body += String(Math.floor(random() * 10));
  } while (
    (network === 'RUPAY' && body.startsWith('6011')) ||
    (network === 'DISCOVER' && Number(body.slice(0, 6)) >= 652150 && Number(body.slice(0, 6)) <= 653149)
  );
  const check = luhnDigit(body);
  const last = valid ? check : String((Number(check) + 1 + Math.floor(random() * 9)) % 10);
  const month = 1 + Math.floor(random() * 12);
  const year = 26 + Math.floor(random() * 8);
  return {
    number: body + last,
    network,
    valid,
    expiry: `${String(month).padStart(2, '0')}/${year}`,
    name: random() < 0.85 ? `${pick(random, FIRST)} ${pick(random, LAST)}` : '',
    look: pick(random, LOOKS),
  };
}
