import { describe, expect, it } from 'vitest';
import type { CardData } from '../../src/domain/card';
import {
  CardFormMessages,
  cleanCardNumber,
  cleanCvv,
  groupCardNumber,
  maskCardNumber,
  normaliseCard,
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

describe('card number input', () => {
  it('keeps digits only, at most 16, and shows them in groups of four', () => {
    expect(cleanCardNumber('4111-1111 abc 1111 1111 9999')).toBe('4111111111111111');
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('41111')).toBe('4111 1');
    expect(groupCardNumber('4111')).toBe('4111');
    expect(groupCardNumber(cleanCardNumber('4111 1111 1111 1111 1')).length).toBe(19);
  });

  it('masks the middle eight digits', () => {
    expect(maskCardNumber('4111222233334444')).toBe('4111 •••• •••• 4444');
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

  it('lets backspace remove the slash and the month digit before it', () => {
    expect(shapeExpiry('12', '12/')).toBe('1');
  });
});

describe('other fields', () => {
  it('keeps CVV to three digits and trims what is stored', () => {
    expect(cleanCvv('1a2b34')).toBe('123');
    expect(normaliseCard({ ...valid, cardholder: '  Ada  ', issuer: ` ${'b'.repeat(40)}` })).toMatchObject({
      cardholder: 'Ada',
      issuer: 'b'.repeat(30),
    });
  });
});
