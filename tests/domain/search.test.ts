import { describe, expect, it } from 'vitest';
import type { Network, PlainCard } from '../../src/domain/card';
import { byModifiedDesc, type SearchEntry, searchCards, toSearchEntry } from '../../src/domain/search';
import { searchIndex, searchIndexOf } from '../../src/screens/home/search-index';
import { baseSeed, makeCards, mulberry32, pick, type Random, randomInt } from '../support/seeded';

function card(id: string, number: string, issuer: string, cardholder: string, network: Network, modifiedAt = 0) {
  return {
    id,
    modifiedAt,
    data: { number, issuer, cardholder, network, expiry: '01/30', cvv: '', theme: 'SKY' },
  } satisfies PlainCard;
}

const cards = [
  card('a', '4111111111111111', 'First Bank', 'Ada Lovelace', 'VISA', 3),
  card('b', '5500005555555559', 'Second Credit Union', 'Grace Hopper', 'MASTERCARD', 1),
  card('c', '6011000990139424', '', 'Alan Turing', 'OTHER', 2),
];
const entries = cards.map((one) => toSearchEntry(one));
const ids = (query: string) => searchCards(entries, query).map((found) => found.id);

describe('searchCards', () => {
  it('shows every card for an empty or blank query', () => {
    expect(ids('')).toEqual(['a', 'b', 'c']);
    expect(ids('   ')).toEqual(['a', 'b', 'c']);
  });

  it('matches issuer, cardholder and network, trimmed and case-insensitive', () => {
    expect(ids('  first BANK ')).toEqual(['a']);
    expect(ids('hopper')).toEqual(['b']);
    expect(ids('mastercard')).toEqual(['b']);
    expect(ids('visa')).toEqual(['a']);
  });

  it('finds a card by words in its notes, under the same trimming and case rules', () => {
    const noted = [
      toSearchEntry(cards[0] as PlainCard, 'Travel card: no foreign fees\nKeep in the blue wallet'),
      toSearchEntry(cards[1] as PlainCard),
    ];
    const found = (query: string) => searchCards(noted, query).map((one) => one.id);
    expect(found('  FOREIGN fees ')).toEqual(['a']);
    expect(found('blue wallet')).toEqual(['a']);
    expect(found('groceries')).toEqual([]);
  });

  it('never matches the network OTHER', () => {
    expect(ids('other')).toEqual([]);
  });

  it('matches numbers with or without the spaces a person types', () => {
    expect(ids('4111 1111')).toEqual(['a']);
    expect(ids('41111111')).toEqual(['a']);
    expect(ids('9424')).toEqual(['c']);
  });

  it('finds numbers of every length, whole or in part, typed in any grouping', () => {
    const lengths = [
      card('amex', '378282246310005', '', 'Amex Holder', 'AMEX'),
      card('diners', '30569309025904', '', 'Diners Holder', 'DINERS'),
      card('long', '6011000000000000001', '', 'Long Holder', 'DISCOVER'),
    ];
    const index = lengths.map((one) => toSearchEntry(one));
    const found = (query: string) => searchCards(index, query).map((match) => match.id);
    expect(found('3782 822463 10005')).toEqual(['amex']);
    expect(found('10005')).toEqual(['amex']);
    expect(found('3056 930902 5904')).toEqual(['diners']);
    expect(found('30569309025904')).toEqual(['diners']);
    expect(found('6011 0000 0000 0000 001')).toEqual(['long']);
    expect(found('0000001')).toEqual(['long']);
    expect(found('amex')).toEqual(['amex']);
  });

  it('sorts newest first', () => {
    expect([...cards].sort(byModifiedDesc).map((found) => found.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('searchIndex', () => {
  it('finds what a fresh search finds as a person types, deletes and retypes', () => {
    const index = cards.map((one) => toSearchEntry(one, one.id === 'c' ? 'Kept at home' : ''));
    const typed = [
      ...['a', 'ad', 'ada', 'ada ', 'ada l', 'ada', 'a', '', 'A', 'AL', 'al', 'alan turing'],
      ...['4', '41', '4111 ', '4111 1', '4111 11', '411', '9', '94', '942', ' 9424 ', '5', '55 00', '5500 0'],
      ...['h', 'ho', 'hom', 'home', 'hop', 'hopper', 'er', 'credit', 'credit union', 'union', 'visa', 'v', 'vi'],
    ];
    for (const query of typed) {
      expect(
        searchIndex(index, query).map((one) => one.id),
        query,
      ).toEqual(searchCards(index, query).map((one) => one.id));
    }
  });

  it('after a change, finds the cards it did not touch as before and the changed ones as they are now', () => {
    const before = searchIndexOf(cards, {});
    // Unchanged card, unchanged notes: the entry it had.
    expect(searchIndexOf([cards[0]!], {})[0]).toBe(before[0]);
    // A card replaced (an edit), another's notes changed (its card object stays), one deleted.
    const edited = { ...cards[1]!, data: { ...cards[1]!.data, issuer: 'Harbour Savings' } };
    const after = searchIndexOf([cards[0]!, edited], {
      a: { notes: 'Travel card', pin: '', phone: '', website: '', validFrom: '' },
    });
    expect(after[0]).not.toBe(before[0]);
    expect(searchIndex(after, 'travel').map((one) => one.id)).toEqual(['a']);
    expect(searchIndex(after, 'harbour').map((one) => one.id)).toEqual(['b']);
    expect(searchIndex(after, 'second credit')).toEqual([]);
  });
});

describe('matchingPositions against a plain search of every card', () => {
  const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
  const SEED = baseSeed(env.SLEEVE_SEARCH_SEED, 407_331_905);
  /** What SPEC.md §2 asks, searched card by card without the index's shortcuts. */
  const plainly = (entries: readonly SearchEntry[], query: string): string[] => {
    const needle = query.trim().toLowerCase();
    const compact = needle.replace(/\s+/g, '');
    const numeric = /^\d+$/.test(compact);
    return entries
      .filter((entry) => needle === '' || entry.text.includes(needle) || (numeric && entry.digits.includes(compact)))
      .map((entry) => entry.card.id);
  };
  const NOTES = ['', '', 'Gate code 4410', 'PIN at home: ß-Straße', 'Joint account, İstanbul branch', 'ÅLAND 2B'];
  const KEYS = [...'abcdefghijklmnopqrstuvwxyz0123456789', ' ', 'é', 'ō', 'ß', 'İ', 'Z', '-', ':', '’'];

  /** A query a person might type: one key, part of a card's text or number (digits sometimes grouped), or noise. */
  function queryFor(random: Random, entries: readonly SearchEntry[]): string {
    const entry = pick(random, entries);
    const kind = randomInt(random, 4);
    if (kind === 0) return pick(random, KEYS);
    const source = kind === 1 ? entry.text : kind === 2 ? entry.digits : entry.card.data.cardholder.toUpperCase();
    const start = randomInt(random, source.length);
    const part = source.slice(start, start + 1 + randomInt(random, 6));
    return kind === 2 && random() < 0.5 ? `${part.slice(0, 2)} ${part.slice(2)} ` : part;
  }

  it(`finds exactly the same cards, for queries from seed ${SEED}`, () => {
    console.info(`search: queries from seed ${SEED} (SLEEVE_SEARCH_SEED replays it)`);
    const random = mulberry32(SEED);
    const made = makeCards(SEED, 300);
    const notes = made.map(() => pick(random, NOTES));
    const entries = made.map((one, at) => toSearchEntry(one, notes[at]));
    // The same cards as Home indexes them, its columns filled as each entry is made.
    const details = Object.fromEntries(
      made.map((one, at) => [one.id, { notes: notes[at] ?? '', pin: '', phone: '', website: '', validFrom: '' }]),
    );
    const built = searchIndexOf(made, details);
    for (let run = 0; run < 2_000; run++) {
      const query = queryFor(random, entries);
      const expected = plainly(entries, query);
      expect(
        searchCards(entries, query).map((one) => one.id),
        `seed ${SEED}, query ${JSON.stringify(query)}`,
      ).toEqual(expected);
      // Typed a key at a time, each search narrowing the last.
      const typed = query.slice(0, 1 + randomInt(random, query.length));
      expect(
        searchIndex(entries, typed).map((one) => one.id),
        `seed ${SEED}, typed ${JSON.stringify(typed)}`,
      ).toEqual(plainly(entries, typed));
      expect(
        searchIndex(built, typed).map((one) => one.id),
        `seed ${SEED}, typed ${JSON.stringify(typed)} into Home's index`,
      ).toEqual(plainly(entries, typed));
    }
  });

  it('answers a query of one letter or digit from the card text and number alone', () => {
    expect(ids('z')).toEqual([]);
    expect(ids('Z')).toEqual([]);
    expect(ids('g')).toEqual(['b', 'c']);
    expect(ids('K')).toEqual(['a']);
    expect(ids('9')).toEqual(['b', 'c']);
    expect(ids('7')).toEqual([]);
    const noted = [toSearchEntry(cards[2] as PlainCard, 'Zone 7 locker')];
    expect(searchCards(noted, '7').map((one) => one.id)).toEqual(['c']);
    expect(searchCards(noted, 'z').map((one) => one.id)).toEqual(['c']);
  });
});
