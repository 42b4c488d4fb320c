import { describe, expect, it } from 'vitest';
import type { Network, PlainCard } from '../../src/domain/card';
import { byModifiedDesc, searchCards, toSearchEntry } from '../../src/domain/search';

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
const entries = cards.map(toSearchEntry);
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

  it('never matches the network OTHER', () => {
    expect(ids('other')).toEqual([]);
  });

  it('matches numbers with or without the spaces a person types', () => {
    expect(ids('4111 1111')).toEqual(['a']);
    expect(ids('41111111')).toEqual(['a']);
    expect(ids('9424')).toEqual(['c']);
  });

  it('sorts newest first', () => {
    expect([...cards].sort(byModifiedDesc).map((found) => found.id)).toEqual(['a', 'c', 'b']);
  });
});
