import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/domain/card';
import { NETWORKS } from '../../src/domain/card';
import { BRAND_RULES, detectNetwork, displayLength, hasBrandLength, ISSUER_RANGES } from '../../src/domain/card-brands';
import { groupCardNumber } from '../../src/domain/number-groups';

/**
 * Every range's first and last prefix, and the prefixes just outside it, with what each of them is. A prefix just
 * outside one range can be inside another (37 is American Express, 36 just below it Diners Club), so each is named.
 */
const boundaries: readonly [prefix: string, network: Network][] = [
  // Visa: 4
  ['4', 'VISA'],
  ['3', 'OTHER'],
  ['5', 'OTHER'],
  // Mastercard: 51-55
  ['51', 'MASTERCARD'],
  ['55', 'MASTERCARD'],
  ['50', 'OTHER'],
  ['56', 'OTHER'],
  // Mastercard: 2221-2720
  ['2221', 'MASTERCARD'],
  ['2720', 'MASTERCARD'],
  ['2220', 'OTHER'],
  ['2721', 'OTHER'],
  // American Express: 34, 37
  ['34', 'AMEX'],
  ['33', 'OTHER'],
  ['35', 'OTHER'],
  ['37', 'AMEX'],
  // Diners Club: 300-305, 36, 38-39
  ['300', 'DINERS'],
  ['305', 'DINERS'],
  ['299', 'OTHER'],
  ['306', 'OTHER'],
  ['36', 'DINERS'],
  ['38', 'DINERS'],
  ['39', 'DINERS'],
  ['40', 'VISA'],
  // Discover: 6011, 644-649, 65
  ['6011', 'DISCOVER'],
  ['6010', 'RUPAY'],
  ['6012', 'RUPAY'],
  ['644', 'DISCOVER'],
  ['649', 'DISCOVER'],
  ['643', 'OTHER'],
  ['650', 'DISCOVER'],
  ['65', 'DISCOVER'],
  ['64', 'OTHER'],
  ['66', 'OTHER'],
  // RuPay: 60, 652150-653149, 81-82, 508
  ['60', 'RUPAY'],
  ['59', 'OTHER'],
  ['61', 'OTHER'],
  ['652150', 'RUPAY'],
  ['653149', 'RUPAY'],
  ['652149', 'DISCOVER'],
  ['653150', 'DISCOVER'],
  ['81', 'RUPAY'],
  ['82', 'RUPAY'],
  ['80', 'OTHER'],
  ['83', 'OTHER'],
  ['508', 'RUPAY'],
  ['507', 'OTHER'],
  ['509', 'OTHER'],
];

describe('detectNetwork', () => {
  it.each(boundaries)('%s is %s', (prefix, network) => {
    expect(detectNetwork(prefix)).toBe(network);
  });

  it('checks the first and last prefix of every range in the table', () => {
    const checked = new Set(boundaries.map(([prefix]) => prefix));
    for (const range of ISSUER_RANGES) {
      expect(checked).toContain(String(range.from));
      expect(checked).toContain(String(range.to));
      expect(detectNetwork(String(range.from))).toBe(range.network);
      expect(detectNetwork(String(range.to))).toBe(range.network);
    }
  });

  it('reads whole numbers by their prefix, whatever follows it', () => {
    expect(detectNetwork('4111111111111111')).toBe('VISA');
    expect(detectNetwork('2223003122003222')).toBe('MASTERCARD');
    expect(detectNetwork('378282246310005')).toBe('AMEX');
    expect(detectNetwork('30569309025904')).toBe('DINERS');
    expect(detectNetwork('6011000990139424')).toBe('DISCOVER');
    expect(detectNetwork('6073849700004947')).toBe('RUPAY');
    expect(detectNetwork('3530111333300000')).toBe('OTHER');
    expect(detectNetwork('')).toBe('OTHER');
  });

  it('lets the longer prefix win where ranges overlap', () => {
    // RuPay's 60 holds Discover's 6011; Discover's 65 holds RuPay's 652150-653149.
    expect(detectNetwork('6011000000000004')).toBe('DISCOVER');
    expect(detectNetwork('6012000000000000')).toBe('RUPAY');
    expect(detectNetwork('6521500000000006')).toBe('RUPAY');
    expect(detectNetwork('6500000000000002')).toBe('DISCOVER');
  });

  it('changes its answer as a number is typed, once a longer prefix decides', () => {
    expect(['6', '60', '601', '6011'].map(detectNetwork)).toEqual(['OTHER', 'RUPAY', 'RUPAY', 'DISCOVER']);
    expect(['6', '65', '6521', '65215', '652150'].map(detectNetwork)).toEqual([
      'OTHER',
      'DISCOVER',
      'DISCOVER',
      'DISCOVER',
      'RUPAY',
    ]);
    expect(['2', '22', '222', '2221'].map(detectNetwork)).toEqual(['OTHER', 'OTHER', 'OTHER', 'MASTERCARD']);
  });

  it('has no two ranges of one prefix length that overlap, so the longer-prefix rule always decides', () => {
    for (const [index, a] of ISSUER_RANGES.entries()) {
      expect(a.from).toBeLessThanOrEqual(a.to);
      expect(String(a.from)).toHaveLength(a.prefixLength);
      expect(String(a.to)).toHaveLength(a.prefixLength);
      for (const b of ISSUER_RANGES.slice(index + 1)) {
        if (a.prefixLength === b.prefixLength) expect(a.to < b.from || b.to < a.from).toBe(true);
      }
    }
  });
});

describe('lengths by network', () => {
  const cases: readonly [Network, number, number, number][] = [
    ['VISA', 16, 16, 3],
    ['MASTERCARD', 16, 16, 3],
    ['AMEX', 15, 15, 4],
    ['DINERS', 14, 16, 3],
    ['DISCOVER', 16, 19, 3],
    ['RUPAY', 16, 19, 3],
    ['OTHER', 16, 19, 3],
  ];

  it('names every network', () => {
    expect(cases.map(([network]) => network).sort()).toEqual([...NETWORKS].sort());
  });

  it.each(cases)('%s: %i to %i digits, a %i-digit code', (network, min, max, cvv) => {
    expect(BRAND_RULES[network]).toEqual({ minDigits: min, maxDigits: max, cvvDigits: cvv });
    expect(hasBrandLength('1'.repeat(min - 1), network)).toBe(false);
    expect(hasBrandLength('1'.repeat(min), network)).toBe(true);
    expect(hasBrandLength('1'.repeat(max), network)).toBe(true);
    expect(hasBrandLength('1'.repeat(max + 1), network)).toBe(false);
  });

  it('wants digits only', () => {
    expect(hasBrandLength('4111 1111 1111 111', 'VISA')).toBe(false);
    expect(hasBrandLength('', 'OTHER')).toBe(false);
  });
});

describe('grouping', () => {
  it('groups American Express 4-6-5, as it is printed, also while typed', () => {
    expect(groupCardNumber('378282246310005', 'AMEX')).toBe('3782 822463 10005');
    expect(groupCardNumber('37828', 'AMEX')).toBe('3782 8');
    expect(groupCardNumber('3782822463', 'AMEX')).toBe('3782 822463');
    expect(groupCardNumber('37828224631', 'AMEX')).toBe('3782 822463 1');
  });

  it('groups Diners Club 4-6-4 up to 14 digits, and longer ones by fours', () => {
    expect(groupCardNumber('30569309025904', 'DINERS')).toBe('3056 930902 5904');
    expect(groupCardNumber('305693', 'DINERS')).toBe('3056 93');
    expect(groupCardNumber('305693090259041', 'DINERS')).toBe('3056 9309 0259 041');
    expect(groupCardNumber('3056930902590412', 'DINERS')).toBe('3056 9309 0259 0412');
  });

  it('groups every other network by fours, up to 19 digits', () => {
    expect(groupCardNumber('4111111111111111', 'VISA')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('41111', 'VISA')).toBe('4111 1');
    expect(groupCardNumber('4111', 'VISA')).toBe('4111');
    expect(groupCardNumber('6011000000000000001', 'DISCOVER')).toBe('6011 0000 0000 0000 001');
    expect(groupCardNumber('6073849700004947123', 'RUPAY')).toBe('6073 8497 0000 4947 123');
    expect(groupCardNumber('12345678901234567', 'OTHER')).toBe('1234 5678 9012 3456 7');
    expect(groupCardNumber('', 'OTHER')).toBe('');
  });

  it('gives the number field room for the longest number of each network and its spaces', () => {
    expect(displayLength('VISA')).toBe(19);
    expect(displayLength('MASTERCARD')).toBe(19);
    expect(displayLength('AMEX')).toBe(17);
    expect(displayLength('DINERS')).toBe(19);
    expect(displayLength('DISCOVER')).toBe(23);
    expect(displayLength('RUPAY')).toBe(23);
    expect(displayLength('OTHER')).toBe(23);
  });
});
