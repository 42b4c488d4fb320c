/**
 * The odd values damage puts in place: keys special to JavaScript objects or to Sleeve's shapes, strange strings and
 * numbers, long text, copies of other parts of the tree and values nested past what recursive code survives.
 */
import { NETWORKS, THEMES } from '../../../src/domain/card';
import { makeCardId, pick, type Random, randomInt } from '../seeded';
import { copyOf, Deep, ownObject, type Slot, valueAt } from './values';

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'then',
];
export const SHAPE_KEYS = [
  'id',
  'data',
  'modifiedAt',
  'cipherText',
  'ciphertext',
  'iv',
  'type',
  'cards',
  'password',
  'pin',
  'salt',
  'encryptedDek',
  'uid',
  'deleted',
  'number',
  'expiry',
  'cardholder',
  'issuer',
  'cvv',
  'network',
  'theme',
  'userInterface',
  'updates',
  'maskCardNumber',
  'checkAtLaunch',
];
const WEIRD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1e999',
  'null',
  'undefined',
  'NaN',
  'true',
  '[object Object]',
  '💳💳',
  'Zoë Núñez',
  '\u202Eevil',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\uFEFF',
  'ENCRYPTED',
  'UNENCRYPTED',
  'encrypted',
  'visa',
  'GOLD',
  'JCB',
  '12/30',
  '13/99',
  '4111 1111 1111 1111',
  '411111111111111x',
  'AAAA',
  'A===',
  '====',
  'YWJj\n',
  ' YWJj',
  'YWJ',
  '\\',
  '"',
  '{}',
  '[]',
  '<script>alert(1)</script>',
  ...PROTOTYPE_KEYS,
];
export const WEIRD_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -1e308,
  1e308,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1_700_000_000_000,
  -1_700_000_000_000,
  8.64e15,
  8.64e15 + 1,
];
/** How deep `Deep` nests: mostly shallow (the database allows 32 levels), sometimes past what recursive code survives. */
const depth = (random: Random): number =>
  random() < 0.95 ? pick(random, [2, 3, 30, 33, 500]) : pick(random, [5_000, 20_000, 20_000, 100_000]);

function longString(random: Random): string {
  const length = pick(random, [100, 1_000, 10_000, 70_000]);
  if (length > 10_000 || random() < 0.5) return pick(random, ['x', '9', 'é', '💳', '\u0000', 'A=']).repeat(length);
  return Array.from({ length }, () => String.fromCharCode(randomInt(random, 0x10000))).join('');
}

function weirdString(random: Random): string {
  const roll = random();
  if (roll < 0.05) return longString(random);
  if (roll < 0.2) return makeCardId(random);
  if (roll < 0.3) return pick(random, [...NETWORKS, ...THEMES]);
  if (roll < 0.4) return pick(random, SHAPE_KEYS);
  return pick(random, WEIRD_STRINGS);
}

export function weirdKey(random: Random, slots: readonly Slot[]): string {
  const roll = random();
  if (roll < 0.25) return pick(random, PROTOTYPE_KEYS);
  if (roll < 0.4) return pick(random, SHAPE_KEYS);
  if (roll < 0.5) {
    // Another key already in the value: a card moved over another one.
    const keys = slots.filter((slot) => typeof slot.key === 'string').map((slot) => slot.key as string);
    if (keys.length > 0) return pick(random, keys);
  }
  if (roll < 0.53) return 'k'.repeat(pick(random, [300, 20_000]));
  return weirdString(random);
}

export function weirdValue(random: Random, slots: readonly Slot[], allowUndefined: boolean): unknown {
  const roll = random();
  if (roll < 0.25) return weirdString(random);
  if (roll < 0.45) return pick(random, WEIRD_NUMBERS);
  if (roll < 0.5) return random() < 0.5;
  if (roll < 0.6) return null;
  if (roll < 0.65) return allowUndefined ? undefined : null;
  if (roll < 0.7) return random() < 0.5 ? {} : [];
  if (roll < 0.8 && slots.length > 0) return copyOf(valueAt(pick(random, slots)));
  if (roll < 0.88) return ownObject([[weirdKey(random, slots), weirdString(random)]]);
  if (roll < 0.93) return [weirdString(random), pick(random, WEIRD_NUMBERS), null];
  return deepOf(random, random() < 0.5 ? weirdString(random) : {});
}

export const deepOf = (random: Random, inner: unknown): Deep =>
  new Deep(depth(random), inner, random() < 0.5 ? 'array' : 'object');
