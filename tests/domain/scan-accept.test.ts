import { describe, expect, it } from 'vitest';
import { isIssuedNumber } from '../../src/domain/card-brands';
import { passesLuhn } from '../../src/domain/card-checks';
import {
  acceptPhoto,
  detailsWanted,
  emptyTally,
  hintFor,
  isCardNumber,
  plausibleExpiry,
  plausibleName,
  SCAN_HINTS,
  tallyFrame,
} from '../../src/domain/scan-accept';
import { isPrintedGrouping } from '../../src/domain/scan-checks';
import type { FrameRead } from '../../src/domain/scan-read';
import { fillFromScan } from '../../src/domain/scan-result';

const NOW = new Date(2026, 10, 27);

const read = (fields: Partial<FrameRead> = {}): FrameRead => ({
  card: true,
  numbers: [],
  expiry: null,
  name: null,
  light: 0.6,
  sharpness: 0.8,
  size: 0.8,
  ...fields,
});

// 4111 1111 1111 1112 differs from a valid Visa number in its check digit.
const FAILS_LUHN = '4111 1111 1111 1112';
const VISA = '4111 1111 1111 1111';
const AMEX = '3782 822463 10005';
const MASTERCARD = '5555 5555 5555 4444';

/** `body` with the one last digit that makes it pass Luhn. */
function withCheckDigit(body: string): string {
  const digits = [...'0123456789'].map((last) => body + last).filter((number) => passesLuhn(number.replace(/ /g, '')));
  expect(digits).toHaveLength(1);
  return digits[0] as string;
}

describe('a number', () => {
  it('must be grouped as cards print it, pass Luhn and have its network’s length', () => {
    expect(isCardNumber(VISA)).toBe(true);
    expect(isCardNumber(AMEX)).toBe(true);
    expect(isCardNumber('3056 930902 5904')).toBe(true);
    expect(isCardNumber(FAILS_LUHN)).toBe(false);
    // Passes Luhn, but a Visa number has 16 digits.
    expect(isCardNumber('4111 1111 1111 1111 110')).toBe(false);
    expect(isCardNumber('42')).toBe(false);
    expect(isCardNumber('')).toBe(false);
  });

  it('read as digits run together, or split where no card splits them, is refused', () => {
    // Sixteen digits in one run: the gaps between the groups were not seen.
    expect(isPrintedGrouping('4111111111111111')).toBe(false);
    expect(isCardNumber('4111111111111111')).toBe(false);
    expect(acceptPhoto(read({ numbers: ['4111111111111111', '4111111111111111'] }), NOW)).toBeNull();
    for (const number of ['4111 1111 11111111', '4111 111111 111111', '41111 1111 1111 111', ' 4111 1111 1111 1111']) {
      expect(isCardNumber(number), number).toBe(false);
    }
    // American Express and Diners Club in fours, though Luhn and the range hold.
    expect(isCardNumber('3782 8224 6310 005')).toBe(false);
    expect(isCardNumber('3056 9309 0259 04')).toBe(false);
  });

  it('of 17 or 18 digits read as fours and a stray group is refused, though Luhn and the range hold', () => {
    // Discover takes 16 to 19 digits: these are issued numbers that pass Luhn, in no grouping a card prints.
    const seventeen = withCheckDigit('6011 0000 0000 0000 ');
    expect(isIssuedNumber(seventeen.replace(/ /g, ''))).toBe(true);
    expect(isCardNumber(seventeen)).toBe(false);
    expect(acceptPhoto(read({ numbers: [seventeen, seventeen] }), NOW)).toBeNull();
    expect(isCardNumber(withCheckDigit('6011 0000 0000 0000 1'))).toBe(false);
  });

  it('of 19 digits may be printed 4-4-4-4-3, 5-4-5-5 or 6-13', () => {
    const digits = withCheckDigit('601100000000000001');
    expect(digits).toHaveLength(19);
    for (const number of [
      digits.replace(/^(\d{4})(\d{4})(\d{4})(\d{4})/, '$1 $2 $3 $4 '),
      digits.replace(/^(\d{5})(\d{4})(\d{5})/, '$1 $2 $3 '),
      digits.replace(/^(\d{6})/, '$1 '),
    ]) {
      expect(isCardNumber(number), number).toBe(true);
      expect(acceptPhoto(read({ numbers: [number, number] }), NOW)?.number).toBe(digits);
    }
  });

  it('read as a 17-digit number starting with 1 off a printed one failing Luhn is refused (the issue’s case)', () => {
    // The card prints 4000 1234 5678 9016, which fails Luhn; a stray 1 before it makes 17 digits that pass.
    const printed = '4000 1234 5678 9016';
    const misread = `1${printed.replace(/ /g, '')}`;
    expect(passesLuhn(printed.replace(/ /g, ''))).toBe(false);
    expect(passesLuhn(misread)).toBe(true);
    for (const number of ['1 4000 1234 5678 9016', '14000 1234 5678 9016', '1400 0123 4567 8901 6', misread]) {
      expect(isCardNumber(number), number).toBe(false);
      expect(acceptPhoto(read({ numbers: [number, number, number] }), NOW)).toBeNull();
    }
  });

  it('must start in a range a network issues, at a length its cards carry, though the editor keeps any as OTHER', () => {
    // Nor 9 or 7, however many digits.
    for (const body of ['9000 1234 5678 901', '7000 1234 5678 9012 12', '8000 1234 5678 901']) {
      expect(isCardNumber(withCheckDigit(body)), body).toBe(false);
    }
    // UnionPay's 62, which Sleeve names no network for, carries 16 to 19 digits.
    for (const body of ['6212 3456 7890 123', '6212 3456 7890 1234 56']) {
      const number = withCheckDigit(body);
      expect(isCardNumber(number), number).toBe(true);
      expect(acceptPhoto(read({ numbers: [number, number] }), NOW)?.network).toBe('OTHER');
    }
    expect(isCardNumber(withCheckDigit('6212 345678 901'))).toBe(false);
  });

  it('from one photo needs two passes that agree on the digits, each grouped as printed', () => {
    expect(acceptPhoto(read({ numbers: [VISA] }), NOW)).toBeNull();
    expect(acceptPhoto(read({ numbers: [VISA, '4111 1111 1111 1121'] }), NOW)).toBeNull();
    // The same digits, but one pass ran two groups together: it is no vote.
    expect(acceptPhoto(read({ numbers: [VISA, '4111 1111 11111111'] }), NOW)).toBeNull();
    expect(acceptPhoto(read({ numbers: [VISA, '4111 1111 11111111', VISA] }), NOW)).toEqual({
      number: '4111111111111111',
      network: 'VISA',
      expiry: '',
      cardholder: '',
    });
  });

  it('failing Luhn never fills, however often it is read', () => {
    expect(acceptPhoto(read({ numbers: [FAILS_LUHN, FAILS_LUHN, FAILS_LUHN] }), NOW)).toBeNull();
    const tally = emptyTally();
    for (let frame = 0; frame < 5; frame += 1) {
      expect(tallyFrame(tally, read({ numbers: [FAILS_LUHN, FAILS_LUHN] }), NOW)).toBeNull();
    }
  });

  it('from the camera needs two frames: passes within one frame count once', () => {
    const tally = emptyTally();
    expect(tallyFrame(tally, read({ numbers: [MASTERCARD, MASTERCARD] }), NOW)).toBeNull();
    expect(tallyFrame(tally, read({ numbers: [VISA] }), NOW)).toBeNull();
    // A frame of the same digits not grouped as printed does not count.
    expect(tallyFrame(tally, read({ numbers: ['5555555555554444'] }), NOW)).toBeNull();
    const result = tallyFrame(tally, read({ numbers: [MASTERCARD], expiry: '08/29' }), NOW);
    expect(result).toEqual({ number: '5555555555554444', network: 'MASTERCARD', expiry: '08/29', cardholder: '' });
  });

  it('keeps the plausible expiry and name an earlier frame read', () => {
    const tally = emptyTally();
    tallyFrame(tally, read({ numbers: [AMEX], expiry: '03/31', name: 'GRACE HOPPER' }), NOW);
    const result = tallyFrame(tally, read({ numbers: [AMEX], expiry: '13/31', name: '4$%' }), NOW);
    expect(result).toEqual({ number: '378282246310005', network: 'AMEX', expiry: '03/31', cardholder: 'GRACE HOPPER' });
  });

  it('asks later frames only for the lines no frame has given yet', () => {
    const tally = emptyTally();
    expect(detailsWanted(tally)).toEqual({ expiry: true, name: true, seen: [] });
    // An implausible expiry is as good as none: the next frame looks for it again.
    tallyFrame(tally, read({ numbers: [AMEX], expiry: '13/31', name: 'GRACE HOPPER' }), NOW);
    expect(detailsWanted(tally)).toEqual({ expiry: true, name: false, seen: ['378282246310005'] });
    tallyFrame(tally, read({ numbers: [VISA], expiry: '03/31' }), NOW);
    expect(detailsWanted(tally)).toEqual({
      expiry: false,
      name: false,
      seen: ['378282246310005', '4111111111111111'],
    });
  });
});

describe('an expiry', () => {
  it('has a month 01–12', () => {
    expect(plausibleExpiry('01/28', NOW)).toBe('01/28');
    expect(plausibleExpiry('12/28', NOW)).toBe('12/28');
    expect(plausibleExpiry('00/28', NOW)).toBe('');
    expect(plausibleExpiry('13/28', NOW)).toBe('');
  });

  it('has a year from last year to twenty years ahead', () => {
    expect(plausibleExpiry('06/25', NOW)).toBe('06/25');
    expect(plausibleExpiry('06/24', NOW)).toBe('');
    expect(plausibleExpiry('06/46', NOW)).toBe('06/46');
    expect(plausibleExpiry('06/47', NOW)).toBe('');
  });

  it('is empty when nothing like one was read', () => {
    expect(plausibleExpiry(null, NOW)).toBe('');
    expect(plausibleExpiry('6/28', NOW)).toBe('');
    expect(plausibleExpiry('0628', NOW)).toBe('');
  });
});

describe('a name', () => {
  it('is letters, spaces and . ’ -, collapsed', () => {
    expect(plausibleName('ADA  LOVELACE')).toBe('ADA LOVELACE');
    expect(plausibleName("J. O'NEILL-SMITH")).toBe("J. O'NEILL-SMITH");
    expect(plausibleName('ZOË ÅSTRÖM')).toBe('ZOË ÅSTRÖM');
  });

  it('is empty for digits, symbols, a single letter or more than a card’s name line holds', () => {
    expect(plausibleName('VALID THRU 12/28')).toBe('');
    expect(plausibleName('A')).toBe('');
    expect(plausibleName('. -')).toBe('');
    expect(plausibleName('-ADA')).toBe('');
    expect(plausibleName('ADA LOVE.LACE')).toBe('');
    expect(plausibleName("ADA O'")).toBe('');
    expect(plausibleName(null)).toBe('');
    expect(plausibleName(`${'A'.repeat(12)} ${'B'.repeat(13)}`)).toBe(`${'A'.repeat(12)} ${'B'.repeat(13)}`);
    expect(plausibleName(`${'A'.repeat(13)} ${'B'.repeat(13)}`)).toBe('');
  });

  it('is at least two words, the last not a lone letter: a name read as one word lost its gap', () => {
    expect(plausibleName('JOSELOVELACE')).toBe('');
    expect(plausibleName('ADA LOVELACE I')).toBe('');
    expect(plausibleName('A B')).toBe('');
    expect(plausibleName('A B SMITH')).toBe('A B SMITH');
    expect(plausibleName('MEI SM')).toBe('MEI SM');
  });

  it('is at most five words: more is one name read with gaps inside its words', () => {
    expect(plausibleName('MARIA DE LA CRUZ LOPEZ')).toBe('MARIA DE LA CRUZ LOPEZ');
    expect(plausibleName('K AT HE RI NE Z G A RC IA')).toBe('');
    expect(plausibleName('OL U WAS EU N NOV AK')).toBe('');
  });

  it('is not a network’s mark, printed beside the name on many cards', () => {
    expect(plausibleName('AMERICAN EXPRESS')).toBe('');
    expect(plausibleName('ALAN TURING DISCOVER')).toBe('');
    expect(plausibleName('GLOBEX CORPORATION VISA')).toBe('');
    expect(plausibleName('Ada Lovelace visa')).toBe('');
    expect(plausibleName('VISAKH MENON')).toBe('VISAKH MENON');
  });

  it('fills the result of a photo only when plausible', () => {
    const numbers = [VISA, VISA];
    expect(acceptPhoto(read({ numbers, name: 'ADA LOVELACE', expiry: '12/29' }), NOW)).toMatchObject({
      cardholder: 'ADA LOVELACE',
      expiry: '12/29',
    });
    expect(acceptPhoto(read({ numbers, name: '|||', expiry: '99/99' }), NOW)).toMatchObject({
      cardholder: '',
      expiry: '',
    });
  });
});

describe('the hint', () => {
  it('asks for light first, then the card, then distance, then stillness', () => {
    expect(SCAN_HINTS[hintFor(read({ light: 0.05, card: false }))]).toBe('More light');
    expect(SCAN_HINTS[hintFor(read({ card: false, size: 0 }))]).toBe('Hold your card inside the frame');
    expect(SCAN_HINTS[hintFor(read({ size: 0.3 }))]).toBe('Move closer');
    expect(SCAN_HINTS[hintFor(read({ sharpness: 0.1 }))]).toBe('Hold still');
  });
});

describe('filling the editor', () => {
  it('fills what was read and keeps every other field as typed', () => {
    const typed = {
      number: '4111',
      expiry: '02/27',
      cardholder: 'Ada Lovelace',
      issuer: 'Test Bank',
      cvv: '123',
      network: 'VISA' as const,
      theme: 'SKY' as const,
    };
    const read = { number: '5555555555554444', network: 'MASTERCARD' as const, expiry: '', cardholder: '' };
    expect(fillFromScan(typed, read)).toEqual({ ...typed, number: '5555555555554444', network: 'MASTERCARD' });
    expect(fillFromScan(typed, { ...read, expiry: '09/30', cardholder: 'GRACE HOPPER' })).toEqual({
      ...typed,
      number: '5555555555554444',
      network: 'MASTERCARD',
      expiry: '09/30',
      cardholder: 'GRACE HOPPER',
    });
  });
});
