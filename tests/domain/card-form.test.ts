import { describe, expect, it } from 'vitest';
import type { CardData } from '../../src/domain/card';
import {
  CardFormMessages,
  CHECKSUM_WARNING,
  cleanCardNumber,
  cleanCvv,
  cvvMessage,
  EXPIRY_MONTH_MESSAGE,
  normaliseCard,
  numberMessage,
  numberWarning,
  shapeExpiry,
  validateCard,
} from '../../src/domain/card-form';

const valid: CardData = {
  number: '4111111111111111',
  expiry: '12/29',
  cardholder: 'Ada Lovelace',
  issuer: 'First Bank',
  cvv: '123',
  network: 'VISA',
  theme: 'SKY',
};

describe('validateCard', () => {
  it('accepts a complete card, with or without a CVV', () => {
    expect(validateCard(valid)).toEqual({});
    expect(validateCard({ ...valid, cvv: '', issuer: '' })).toEqual({});
  });

  it('gives each field its exact message', () => {
    const empty: CardData = { ...valid, number: '', expiry: '', cardholder: '', cvv: '12' };
    expect(validateCard(empty)).toEqual({
      number: CardFormMessages.number,
      expiry: CardFormMessages.expiry,
      cardholder: CardFormMessages.cardholder,
      cvv: CardFormMessages.cvv,
    });
    expect(CardFormMessages).toEqual({
      number: 'Card number must be exact 16 digits long',
      expiry: 'Expiry date must be a valid date in MM/YY format',
      cardholder: 'Cardholder name must be at least 2 characters long',
      cvv: 'CVV must be exact 3 digits long or can be empty',
    });
  });

  it('wants exactly 16 digits and a cardholder of 2 to 30 characters', () => {
    expect(validateCard({ ...valid, number: '411111111111111' }).number).toBeDefined();
    expect(validateCard({ ...valid, number: '41111111111111112' }).number).toBeDefined();
    expect(validateCard({ ...valid, cardholder: 'A' }).cardholder).toBeDefined();
    expect(validateCard({ ...valid, cardholder: ' A ' }).cardholder).toBeDefined();
    expect(validateCard({ ...valid, cardholder: 'Al' }).cardholder).toBeUndefined();
    expect(validateCard({ ...valid, cardholder: 'x'.repeat(31) }).cardholder).toBeDefined();
  });
});

describe('rules by network', () => {
  const amex: CardData = { ...valid, number: '378282246310005', cvv: '1234', network: 'AMEX' };

  it('keeps SPEC.md’s messages for 16-digit numbers and 3-digit codes', () => {
    expect(numberMessage('VISA')).toBe(CardFormMessages.number);
    expect(numberMessage('MASTERCARD')).toBe(CardFormMessages.number);
    expect(cvvMessage('VISA')).toBe(CardFormMessages.cvv);
    expect(validateCard({ ...valid, number: '411111111111111' }).number).toBe(CardFormMessages.number);
    expect(validateCard({ ...valid, cvv: '1234' }).cvv).toBe(CardFormMessages.cvv);
  });

  it('says their own length for the other networks', () => {
    expect(numberMessage('AMEX')).toBe('Card number must be exact 15 digits long');
    expect(numberMessage('DINERS')).toBe('Card number must be between 14 and 16 digits long');
    expect(numberMessage('DISCOVER')).toBe('Card number must be between 16 and 19 digits long');
    expect(numberMessage('RUPAY')).toBe('Card number must be between 16 and 19 digits long');
    expect(numberMessage('OTHER', '123')).toBe('Card number must be between 16 and 19 digits long');
    expect(cvvMessage('AMEX')).toBe('CVV must be exact 4 digits long or can be empty');
  });

  it('says SPEC.md’s text for an empty form, where nothing names a length yet', () => {
    expect(numberMessage('OTHER', '')).toBe(CardFormMessages.number);
    expect(numberMessage('AMEX', '')).toBe('Card number must be exact 15 digits long');
  });

  it('accepts an American Express card of 15 digits with a 4-digit code, and refuses 16 digits or 3', () => {
    expect(validateCard(amex)).toEqual({});
    expect(validateCard({ ...amex, cvv: '' })).toEqual({});
    expect(validateCard({ ...amex, number: '3782822463100052', cvv: '123' })).toEqual({
      number: 'Card number must be exact 15 digits long',
      cvv: 'CVV must be exact 4 digits long or can be empty',
    });
  });

  it('accepts Diners Club from 14 to 16 digits, and 16 to 19 for Discover, RuPay and Other', () => {
    const diners = { ...valid, network: 'DINERS' as const };
    expect(validateCard({ ...diners, number: '3'.repeat(13) }).number).toBeDefined();
    for (const length of [14, 15, 16]) expect(validateCard({ ...diners, number: '3'.repeat(length) })).toEqual({});
    expect(validateCard({ ...diners, number: '3'.repeat(17) }).number).toBeDefined();
    for (const network of ['DISCOVER', 'RUPAY', 'OTHER'] as const) {
      expect(validateCard({ ...valid, network, number: '6'.repeat(15) }).number).toBeDefined();
      for (const length of [16, 17, 18, 19]) {
        expect(validateCard({ ...valid, network, number: '6'.repeat(length) })).toEqual({});
      }
      expect(validateCard({ ...valid, network, number: '6'.repeat(20) }).number).toBeDefined();
    }
  });

  it('warns of a failing checksum only for a number of a length its network allows; it never blocks saving', () => {
    expect(numberWarning('4111111111111112', 'VISA')).toBe(CHECKSUM_WARNING);
    expect(CHECKSUM_WARNING).toBe('This number fails the card checksum. Check it for a typo.');
    expect(validateCard({ ...valid, number: '4111111111111112' })).toEqual({});
    expect(numberWarning('4111111111111111', 'VISA')).toBeUndefined();
    expect(numberWarning('411111111111111', 'VISA')).toBeUndefined();
    expect(numberWarning('378282246310006', 'AMEX')).toBe(CHECKSUM_WARNING);
    expect(numberWarning('378282246310005', 'AMEX')).toBeUndefined();
  });
});

describe('expiry month', () => {
  it.each(['00/29', '13/29', '19/29'])('refuses %s with the month message', (expiry) => {
    expect(validateCard({ ...valid, expiry }).expiry).toBe(EXPIRY_MONTH_MESSAGE);
    expect(EXPIRY_MONTH_MESSAGE).toBe('Expiry month must be between 01 and 12');
  });

  it('accepts 01 and 12; a short or malformed date keeps SPEC.md’s message', () => {
    expect(validateCard({ ...valid, expiry: '01/29' })).toEqual({});
    expect(validateCard({ ...valid, expiry: '12/29' })).toEqual({});
    expect(validateCard({ ...valid, expiry: '1/29' }).expiry).toBe(CardFormMessages.expiry);
    expect(validateCard({ ...valid, expiry: '12-29' }).expiry).toBe(CardFormMessages.expiry);
  });
});

describe('card number input', () => {
  it('keeps digits only, at most as many as the network has', () => {
    expect(cleanCardNumber('4111-1111 abc 1111 1111 9999', 'VISA')).toBe('4111111111111111');
    expect(cleanCardNumber('3782 822463 100059', 'AMEX')).toBe('378282246310005');
    expect(cleanCardNumber('3056 930902 5904 123', 'DINERS')).toBe('3056930902590412');
    expect(cleanCardNumber('6011 0000 0000 0000 0019', 'DISCOVER')).toBe('6011000000000000001');
    expect(cleanCardNumber('1234 5678 9012 3456 7890', 'OTHER')).toBe('1234567890123456789');
  });
});

describe('expiry input', () => {
  it.each([
    ['1', '', '1'],
    ['3', '', '03/'],
    ['12', '1', '12/'],
    ['12/2', '12/', '12/2'],
    ['12/25', '12/2', '12/25'],
    ['12/256', '12/25', '12/25'],
    ['1225', '', '12/25'],
    ['ab0', '', '0'],
  ])('typing %s after %s shows %s', (typed, previous, shown) => {
    expect(shapeExpiry(typed, previous)).toBe(shown);
  });

  it.each([
    ['12/2031', '12/31'],
    ['7/2031', '07/31'],
    ['07 - 2031', '07/31'],
  ])('a browser filling %s gives %s', (filled, shown) => {
    expect(shapeExpiry(filled, '')).toBe(shown);
  });

  it('lets backspace remove the slash and the month digit before it', () => {
    expect(shapeExpiry('12', '12/')).toBe('1');
  });
});

describe('other fields', () => {
  it('keeps the CVV to the network’s length and trims what is stored', () => {
    expect(cleanCvv('1a2b34', 'VISA')).toBe('123');
    expect(cleanCvv('1a2b345', 'AMEX')).toBe('1234');
    expect(
      normaliseCard({ ...valid, number: '4111 1111 1111 1111', cardholder: '  Ada  ', issuer: ` ${'b'.repeat(40)}` }),
    ).toMatchObject({
      number: '4111111111111111',
      cardholder: 'Ada',
      issuer: 'b'.repeat(30),
    });
  });
});
