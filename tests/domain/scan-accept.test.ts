import { describe, expect, it } from 'vitest';
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

// 4111111111111112 differs from a valid Visa number in its check digit.
const FAILS_LUHN = '4111111111111112';

/** `body` with the one last digit that makes it pass Luhn. */
function withCheckDigit(body: string): string {
  const digits = [...'0123456789'].map((last) => body + last).filter(passesLuhn);
  expect(digits).toHaveLength(1);
  return digits[0] as string;
}

describe('a number', () => {
  it('must pass Luhn and have its network’s length', () => {
    expect(isCardNumber('4111111111111111')).toBe(true);
    expect(isCardNumber('378282246310005')).toBe(true);
    expect(isCardNumber('30569309025904')).toBe(true);
    expect(isCardNumber(FAILS_LUHN)).toBe(false);
    // Passes Luhn, but a Visa number has 16 digits.
    expect(isCardNumber('4111111111111111110')).toBe(false);
    expect(isCardNumber('42')).toBe(false);
    expect(isCardNumber('')).toBe(false);
  });

  it('must start in a range a network issues, at a length its cards carry, though the editor keeps any as OTHER', () => {
    // A specimen's 16 printed digits read as 17 starting with 1, passing Luhn by chance: no network issues it.
    const readAsSeventeen = withCheckDigit('1400012345678901');
    expect(passesLuhn(readAsSeventeen)).toBe(true);
    expect(isCardNumber(readAsSeventeen)).toBe(false);
    expect(acceptPhoto(read({ numbers: [readAsSeventeen, readAsSeventeen] }), NOW)).toBeNull();
    // Nor 9 or 7, however many digits.
    for (const body of ['900012345678901', '70001234567890123', '800012345678901']) {
      expect(isCardNumber(withCheckDigit(body)), body).toBe(false);
    }
    // UnionPay's 62, which Sleeve names no network for, carries 16 to 19 digits.
    for (const body of ['621234567890123', '621234567890123456']) {
      const number = withCheckDigit(body);
      expect(isCardNumber(number), number).toBe(true);
      expect(acceptPhoto(read({ numbers: [number, number] }), NOW)?.network).toBe('OTHER');
    }
    expect(isCardNumber(withCheckDigit('62123456789012'))).toBe(false);
    expect(isCardNumber(withCheckDigit('6212345678901234567'))).toBe(false);
  });

  it('from one photo needs two passes that agree', () => {
    expect(acceptPhoto(read({ numbers: ['4111111111111111'] }), NOW)).toBeNull();
    expect(acceptPhoto(read({ numbers: ['4111111111111111', '4111111111111121'] }), NOW)).toBeNull();
    expect(acceptPhoto(read({ numbers: ['4111111111111111', '4111 1111 1111 1111'] }), NOW)).toEqual({
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
    expect(tallyFrame(tally, read({ numbers: ['5555555555554444', '5555555555554444'] }), NOW)).toBeNull();
    expect(tallyFrame(tally, read({ numbers: ['4111111111111111'] }), NOW)).toBeNull();
    const result = tallyFrame(tally, read({ numbers: ['5555555555554444'], expiry: '08/29' }), NOW);
    expect(result).toEqual({ number: '5555555555554444', network: 'MASTERCARD', expiry: '08/29', cardholder: '' });
  });

  it('keeps the plausible expiry and name an earlier frame read', () => {
    const tally = emptyTally();
    tallyFrame(tally, read({ numbers: ['378282246310005'], expiry: '03/31', name: 'GRACE HOPPER' }), NOW);
    const result = tallyFrame(tally, read({ numbers: ['378282246310005'], expiry: '13/31', name: '4$%' }), NOW);
    expect(result).toEqual({ number: '378282246310005', network: 'AMEX', expiry: '03/31', cardholder: 'GRACE HOPPER' });
  });

  it('asks later frames only for the lines no frame has given yet', () => {
    const tally = emptyTally();
    expect(detailsWanted(tally)).toEqual({ expiry: true, name: true, seen: [] });
    // An implausible expiry is as good as none: the next frame looks for it again.
    tallyFrame(tally, read({ numbers: ['378282246310005'], expiry: '13/31', name: 'GRACE HOPPER' }), NOW);
    expect(detailsWanted(tally)).toEqual({ expiry: true, name: false, seen: ['378282246310005'] });
    tallyFrame(tally, read({ numbers: ['4111111111111111'], expiry: '03/31' }), NOW);
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

  it('is empty for digits, symbols, a single letter or more than the editor takes', () => {
    expect(plausibleName('VALID THRU 12/28')).toBe('');
    expect(plausibleName('A')).toBe('');
    expect(plausibleName('. -')).toBe('');
    expect(plausibleName('-ADA')).toBe('');
    expect(plausibleName('A'.repeat(31))).toBe('');
    expect(plausibleName(null)).toBe('');
  });

  it('fills the result of a photo only when plausible', () => {
    const numbers = ['4111111111111111', '4111111111111111'];
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
