/**
 * Seeded, reproducible test data: the same seed always gives the same cards, so a failing seed can be pinned as a
 * regression case and benchmarks can reuse the exact same collections.
 */
import { CARD_ID_ALPHABET, NETWORKS, type PlainCard, THEMES } from '../../src/domain/card';

/** mulberry32: a tiny 32-bit PRNG, uniform in [0, 1). Not for secrets; only for test data. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const randomInt = (random: Random, below: number): number => Math.floor(random() * below);
export const pick = <T>(random: Random, items: readonly T[]): T => items[randomInt(random, items.length)]!;
const digits = (random: Random, count: number): string =>
  Array.from({ length: count }, () => String(randomInt(random, 10))).join('');

const NAMES = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Zoë Núñez', 'Kōji Satō', 'Émile Brontë'];
const ISSUERS = ['', 'First Bank', 'Caisse d’Épargne', 'Credit Union', 'Bänk'];

export function makeCardId(random: Random): string {
  return Array.from({ length: 8 }, () => pick(random, CARD_ID_ALPHABET.split(''))).join('');
}

export function makeCard(random: Random, id = makeCardId(random)): PlainCard {
  return {
    id,
    data: {
      number: digits(random, 16),
      expiry: `${String(1 + randomInt(random, 12)).padStart(2, '0')}/${String(25 + randomInt(random, 10))}`,
      cardholder: pick(random, NAMES),
      issuer: pick(random, ISSUERS),
      cvv: random() < 0.2 ? '' : digits(random, 3),
      network: pick(random, NETWORKS),
      theme: pick(random, THEMES),
    },
    modifiedAt: 1_700_000_000_000 + randomInt(random, 1_000_000),
  };
}

/** `count` random plain cards with distinct ids, the same for the same seed. */
export function makeCards(seed: number, count: number): PlainCard[] {
  const random = mulberry32(seed);
  const cards = new Map<string, PlainCard>();
  while (cards.size < count) {
    const card = makeCard(random);
    if (!cards.has(card.id)) cards.set(card.id, card);
  }
  return [...cards.values()];
}

/**
 * The base seed of a seeded run: the number given, a new random one when given `random`, else `fixed`, so that
 * `npm test` (and CI) always runs the same sequences. Every test that uses one prints it.
 */
export function baseSeed(given: string | undefined, fixed: number): number {
  if (given === 'random') return Math.floor(Math.random() * 2 ** 31);
  return given ? Number(given) >>> 0 : fixed;
}
