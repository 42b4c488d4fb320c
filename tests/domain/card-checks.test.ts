import { describe, expect, it } from 'vitest';
import type { Network, PlainCard } from '../../src/domain/card';
import {
  byExpiry,
  expiryStatus,
  maskCardNumber,
  maskedNumberParts,
  passesLuhn,
  readExpiryMonth,
} from '../../src/domain/card-checks';
import { baseSeed, makeCards, mulberry32, pick, randomInt } from '../support/seeded';

const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
/** The base of the seeded checks below, printed with any failure: SLEEVE_EXPIRY_SEED=s replays it, =random draws one. */
const EXPIRY_SEED = baseSeed(env.SLEEVE_EXPIRY_SEED, 20_261_130);

/** Networks' published test numbers, and (marked) numbers made up here with a correct check digit. */
const validNumbers: readonly [Network, string][] = [
  ['VISA', '4111111111111111'],
  ['VISA', '4012888888881881'],
  ['MASTERCARD', '5555555555554444'],
  ['MASTERCARD', '2223003122003222'],
  ['AMEX', '378282246310005'],
  ['AMEX', '371449635398431'],
  ['DINERS', '30569309025904'],
  ['DINERS', '36227206271667'],
  ['DINERS', '38520000023237'],
  ['DISCOVER', '6011111111111117'],
  ['DISCOVER', '6011000990139424'],
  ['RUPAY', '6073849700004947'],
  ['RUPAY', '8171999927660000'],
  // Made up: RuPay's share of 65, RuPay's 508, and a 19-digit Discover number.
  ['RUPAY', '6521500000000006'],
  ['RUPAY', '5085000000000007'],
  ['DISCOVER', '6011000000000000001'],
];

/** The number with the digit at `position` changed to the next one (9 becomes 0). */
const typo = (digits: string, position: number): string =>
  digits.slice(0, position) + String((Number(digits[position]) + 1) % 10) + digits.slice(position + 1);

describe('passesLuhn', () => {
  it.each(validNumbers)('a %s test number passes: %s', (_network, digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });

  it.each(validNumbers)('a %s number with one digit mistyped fails: %s', (_network, digits) => {
    expect(passesLuhn(typo(digits, 6))).toBe(false);
  });

  it('catches a mistyped digit in every position', () => {
    const digits = '4111111111111111';
    for (let position = 0; position < digits.length; position += 1) {
      expect(passesLuhn(typo(digits, position))).toBe(false);
    }
  });

  it('wants digits', () => {
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(false);
  });
});

describe('expiry', () => {
  it('reads MM/YY with a month from 01 to 12, in the years 2000 to 2099', () => {
    expect(readExpiryMonth('01/30')).toEqual({ month: 1, year: 2030 });
    expect(readExpiryMonth('12/99')).toEqual({ month: 12, year: 2099 });
    for (const expiry of ['00/30', '13/30', '1/30', '01/2030', '', 'ab/cd']) expect(readExpiryMonth(expiry)).toBeNull();
  });

  it('reads any text as the pattern MM/YY would, digits beside slashes, spaces and look-alikes', () => {
    const seed = EXPIRY_SEED;
    console.info(`expiry: texts from seed ${seed} (SLEEVE_EXPIRY_SEED replays it)`);
    const random = mulberry32(seed);
    const characters = ['0', '1', '2', '9', '/', ' ', ':', '.', '٣', '１', '\n', 'a'];
    // The rule as a pattern: two ASCII digits, a slash, two ASCII digits, a month 01-12.
    const byPattern = (expiry: string) => {
      const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
      const month = Number(match?.[1]);
      return match && month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : null;
    };
    for (let run = 0; run < 5_000; run++) {
      const length = pick(random, [5, 5, 5, 4, 6, randomInt(random, 8)]);
      const expiry = Array.from({ length }, (_, at) =>
        at === 2 && randomInt(random, 4) > 0 ? '/' : pick(random, characters),
      ).join('');
      expect(readExpiryMonth(expiry), `seed ${seed}, ${JSON.stringify(expiry)}`).toEqual(byPattern(expiry));
    }
  });

  // Local time, as the device shows its clock: the last minute of November, of the year, and the first of the next.
  const endOfNovember = new Date(2026, 10, 30, 23, 59, 59);
  const endOfYear = new Date(2026, 11, 31, 23, 59, 59);
  const newYear = new Date(2027, 0, 1, 0, 0, 0);

  it.each([
    [endOfNovember, '10/26', 'expired'],
    [endOfNovember, '11/26', 'soon'],
    [endOfNovember, '12/26', 'soon'],
    [endOfNovember, '01/27', 'soon'],
    [endOfNovember, '02/27', null],
    [endOfYear, '11/26', 'expired'],
    [endOfYear, '12/26', 'soon'],
    [endOfYear, '02/27', 'soon'],
    [endOfYear, '03/27', null],
    [newYear, '12/26', 'expired'],
    [newYear, '01/27', 'soon'],
    [newYear, '03/27', 'soon'],
    [newYear, '04/27', null],
    [newYear, '01/26', 'expired'],
    [newYear, '01/28', null],
  ] as const)('at %s, %s is %s', (now, expiry, status) => {
    expect(expiryStatus(expiry, now)).toBe(status);
  });

  it('flags nothing for an expiry that is not a month and year', () => {
    expect(expiryStatus('', newYear)).toBeNull();
    expect(expiryStatus('13/26', newYear)).toBeNull();
    expect(expiryStatus('01/2', newYear)).toBeNull();
  });

  it('orders cards by expiry, earliest first; unreadable ones last; one month keeps its order', () => {
    const card = (id: string, expiry: string): PlainCard => ({
      id,
      modifiedAt: 0,
      data: { number: '', expiry, cardholder: '', issuer: '', cvv: '', network: 'OTHER', theme: 'SKY' },
    });
    const cards = [
      card('late', '01/31'),
      card('broken', '13/29'),
      card('soonA', '12/26'),
      card('expired', '03/25'),
      card('soonB', '12/26'),
      card('nextYear', '01/27'),
    ];
    expect(byExpiry(cards).map((found) => found.id)).toEqual([
      'expired',
      'soonA',
      'soonB',
      'nextYear',
      'late',
      'broken',
    ]);
    expect(cards[0]?.id).toBe('late');
  });

  it('orders any wallet as a sort by comparisons would, cards of one month (or none) in the order they came', () => {
    const base = EXPIRY_SEED;
    console.info(`expiry: wallets from base seed ${base} (SLEEVE_EXPIRY_SEED replays it)`);
    const expiries = ['01/00', '12/99', '02/27', '02/27', '13/27', '00/27', '2/27', 'soon', '', '11/26', '07/31'];
    const monthOf = (card: PlainCard) => {
      const read = readExpiryMonth(card.data.expiry);
      return read ? read.year * 12 + read.month : Number.POSITIVE_INFINITY;
    };
    for (const [run, count] of [0, 1, 2, 50, 3_000].entries()) {
      const seed = base + run;
      const random = mulberry32(seed);
      const cards = makeCards(seed, count).map((card, index) => ({
        ...card,
        data: { ...card.data, expiry: index % 3 === 0 ? pick(random, expiries) : card.data.expiry },
      }));
      const expected = cards
        .map((card, position) => ({ card, position, month: monthOf(card) }))
        .sort((a, b) => (a.month === b.month ? a.position - b.position : a.month < b.month ? -1 : 1))
        .map((entry) => entry.card.id);
      expect(
        byExpiry(cards).map((card) => card.id),
        `seed ${seed}, ${count} cards`,
      ).toEqual(expected);
    }
  });
});

describe('masking', () => {
  it('shows the first and last four of a 16-digit number, as SPEC.md has it', () => {
    expect(maskCardNumber('4111222233334444', 'VISA')).toBe('4111 •••• •••• 4444');
    expect(maskedNumberParts('4111222233334444', 'VISA')).toEqual({
      start: '4111 ',
      middle: '•••• ••••',
      end: ' 4444',
    });
  });

  it('hides the middle of every other length, in its network’s groups', () => {
    expect(maskCardNumber('378282246310005', 'AMEX')).toBe('3782 •••••• •0005');
    expect(maskedNumberParts('378282246310005', 'AMEX')).toEqual({ start: '3782 ', middle: '•••••• •', end: '0005' });
    expect(maskCardNumber('30569309025904', 'DINERS')).toBe('3056 •••••• 5904');
    expect(maskCardNumber('305693090259041', 'DINERS')).toBe('3056 •••• •••9 041');
    expect(maskCardNumber('6011000000000000001', 'DISCOVER')).toBe('6011 •••• •••• •••0 001');
  });

  it('never shows more than the first six and the last four (PCI DSS 3.4.1)', () => {
    for (let length = 1; length <= 19; length += 1) {
      const digits = '1234567890123456789'.slice(0, length);
      const shown = maskCardNumber(digits, 'OTHER').replace(/\s/g, '');
      expect(shown).toHaveLength(length);
      const visible = [...shown].filter((character) => character !== '•').length;
      // At most six at the start and four at the end, and never so many that fewer than four stay hidden.
      expect(shown.slice(6, -4)).toMatch(/^•*$/);
      if (length >= 8) expect(length - visible).toBeGreaterThanOrEqual(4);
    }
    expect(maskCardNumber('1234567890', 'OTHER')).toBe('•••• ••78 90');
    expect(maskCardNumber('1234567', 'OTHER')).toBe('•••• •••');
    expect(maskCardNumber('', 'OTHER')).toBe('');
  });
});
