import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import { toCardRow } from '../../../src/domain/transfer/card-fields';
import { readExpiry } from '../../../src/domain/transfer/expiry';
import { namesNoNetwork, networkFromBrand } from '../../../src/domain/transfer/networks';
import { visaData } from '../../support/transfer-cards.mjs';

const base = { number: '4111111111111111', expiry: '01/30', cardholder: 'Ada Lovelace', theme: 'SKY' as const };
const reasonOf = (row: ReturnType<typeof toCardRow>) => ('reason' in row ? row.reason : null);
const cardOf = (row: ReturnType<typeof toCardRow>) => {
  if (!('card' in row)) throw new Error(`expected a card, got: ${row.reason}`);
  return row.card;
};

describe('card numbers', () => {
  test('spaces, dashes and dots are separators; only the digits are kept', () => {
    for (const number of ['4111 1111 1111 1111', '4111-1111-1111-1111', '4111.1111.1111.1111', ' 4111111111111111 ']) {
      expect(cardOf(toCardRow('Row 2', { ...base, number })).data.number).toBe('4111111111111111');
    }
  });

  test('a number of a length its network does not have, with letters, missing or not text says why', () => {
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '411111111111111', network: 'Visa' }))).toBe(
      'its card number has 15 digits; Sleeve keeps 16 digits for Visa cards',
    );
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '3782822463100051', network: 'Amex' }))).toBe(
      'its card number has 16 digits; Sleeve keeps 15 digits for American Express cards',
    );
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '3056930902590', network: 'Diners Club' }))).toBe(
      'its card number has 13 digits; Sleeve keeps 14 to 16 digits for Diners Club cards',
    );
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '353011133330000', network: 'JCB' }))).toBe(
      'its card number has 15 digits; Sleeve keeps 16 to 19 digits for cards of other networks',
    );
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '4111 1111 1111 111O' }))).toBe(
      'its card number holds characters other than digits',
    );
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '' }))).toBe('it has no card number');
    expect(reasonOf(toCardRow('Row 2', { ...base, number: null }))).toBe('it has no card number');
    // A JSON number may have lost leading zeros or its last digits: refused rather than stored wrong.
    expect(reasonOf(toCardRow('Row 2', { ...base, number: 4111111111111111 }))).toBe('its card number is not text');
    expect(reasonOf(toCardRow('Row 2', { ...base, number: { value: '4111111111111111' } }))).toBe(
      'its card number is not text',
    );
  });

  test('American Express (15 digits, 4-digit code), Diners Club (14) and 19-digit numbers come in', () => {
    const amex = cardOf(toCardRow('Row 2', { ...base, number: '3782 822463 10005', cvv: '1234', network: 'Amex' }));
    expect(amex.data).toMatchObject({ number: '378282246310005', cvv: '1234', network: 'AMEX' });
    expect(amex.changes).toEqual([]);
    const diners = cardOf(toCardRow('Row 2', { ...base, number: '36227206271667', network: 'Diners Club' }));
    expect(diners.data).toMatchObject({ number: '36227206271667', network: 'DINERS' });
    const long = cardOf(toCardRow('Row 2', { ...base, number: '6011 0000 0000 0000 001', network: 'Discover' }));
    expect(long.data).toMatchObject({ number: '6011000000000000001', network: 'DISCOVER' });
  });

  test('a number that fails the checksum comes in as it is, without a change', () => {
    const card = cardOf(toCardRow('Row 2', { ...base, number: '4111111111111112', network: 'Visa' }));
    expect(card.data.number).toBe('4111111111111112');
    expect(card.changes).toEqual([]);
  });

  test('a file that names no network gets the one the number shows, and is held to its lengths', () => {
    expect(cardOf(toCardRow('Row 2', { ...base })).data.network).toBe('VISA');
    expect(cardOf(toCardRow('Row 2', { ...base, network: 'unspecified' })).data.network).toBe('VISA');
    const amex = cardOf(toCardRow('Row 2', { ...base, number: '378282246310005', cvv: '1234' }));
    expect(amex.data).toMatchObject({ network: 'AMEX', cvv: '1234' });
    expect(amex.changes).toEqual([]);
    expect(cardOf(toCardRow('Row 2', { ...base, number: '30569309025904' })).data.network).toBe('DINERS');
    expect(cardOf(toCardRow('Row 2', { ...base, number: '3530111333300000' })).data.network).toBe('OTHER');
    expect(reasonOf(toCardRow('Row 2', { ...base, number: '41111111111111111' }))).toBe(
      'its card number has 17 digits; Sleeve keeps 16 digits for Visa cards',
    );
  });

  test('a network the file names wins over the number’s, Other included', () => {
    const other = cardOf(toCardRow('Row 2', { ...base, network: 'Other' }));
    expect(other.data.network).toBe('OTHER');
    expect(other.changes).toEqual([]);
    expect(cardOf(toCardRow('Row 2', { ...base, network: 'RuPay' })).data.network).toBe('RUPAY');
  });
});

describe('expiry dates', () => {
  test.each([
    ['01/30', '01/30'],
    ['1/30', '01/30'],
    ['01/2030', '01/30'],
    ['01-30', '01/30'],
    ['01.2030', '01/30'],
    ['0130', '01/30'],
    ['012030', '01/30'],
    ['2030-01', '01/30'],
    ['2030-1', '01/30'],
    ['2030-01-31', '01/30'],
    ['12 / 28', '12/28'],
  ])('%s reads as %s', (typed, expected) => {
    expect(readExpiry(typed)).toEqual({ expiry: expected });
  });

  test('a month and a year given apart', () => {
    expect(readExpiry({ month: '1', year: '2030' })).toEqual({ expiry: '01/30' });
    expect(readExpiry({ month: 12, year: 28 })).toEqual({ expiry: '12/28' });
    expect(readExpiry({ month: '09', year: '29' })).toEqual({ expiry: '09/29' });
  });

  test('what is not clearly a month and a year is a reason', () => {
    expect(readExpiry('13/27')).toEqual({ reason: 'its expiry date “13/27” is not a month and year Sleeve can read' });
    expect(readExpiry('00/27')).toEqual({ reason: 'its expiry date “00/27” is not a month and year Sleeve can read' });
    expect(readExpiry('30/01/2030')).toEqual({
      reason: 'its expiry date “30/01/2030” is not a month and year Sleeve can read',
    });
    expect(readExpiry('January 2030')).toEqual({
      reason: 'its expiry date “January 2030” is not a month and year Sleeve can read',
    });
    // A four-digit year outside 2000-2099 cannot be written as YY without guessing the century.
    expect(readExpiry('01/1999')).toEqual({
      reason: 'its expiry date “01/1999” is not a month and year Sleeve can read',
    });
    expect(readExpiry('')).toEqual({ reason: 'it has no expiry date' });
    expect(readExpiry(undefined)).toEqual({ reason: 'it has no expiry date' });
    expect(readExpiry({ month: '', year: '2030' })).toEqual({ reason: 'its expiry month is missing' });
    expect(readExpiry({ month: '5', year: null })).toEqual({ reason: 'its expiry year is missing' });
    expect(readExpiry({ month: '13', year: '2026' })).toEqual({
      reason: 'its expiry date “13/2026” is not a month and year Sleeve can read',
    });
  });
});

describe('cardholder, issuer, CVV and network', () => {
  test('the cardholder is required and held to the form’s limits', () => {
    expect(reasonOf(toCardRow('Row 2', { ...base, cardholder: '  ' }))).toBe('it has no cardholder name');
    expect(reasonOf(toCardRow('Row 2', { ...base, cardholder: 'A' }))).toBe(
      'its cardholder name is shorter than 2 characters',
    );
    expect(reasonOf(toCardRow('Row 2', { ...base, cardholder: 'A'.repeat(31) }))).toBe(
      'its cardholder name is longer than 30 characters',
    );
    expect(cardOf(toCardRow('Row 2', { ...base, cardholder: '  Zoë Núñez ' })).data.cardholder).toBe('Zoë Núñez');
  });

  test('a long issuer is shortened to 30 characters, and a change says so', () => {
    const card = cardOf(toCardRow('Row 2', { ...base, issuer: 'Shopping card from the department store downtown' }));
    expect(card.data.issuer).toBe('Shopping card from the departm');
    expect(card.changes).toEqual(['its issuer was shortened to 30 characters']);
  });

  test('a CVV not as long as its network’s codes is left out with a change; the card still comes in', () => {
    const four = cardOf(toCardRow('Row 2', { ...base, cvv: '1234' }));
    expect(four.data.cvv).toBe('');
    expect(four.changes).toEqual(['its 4-digit security code was left out; Sleeve keeps 3-digit codes for Visa cards']);
    const amex = cardOf(toCardRow('Row 2', { ...base, number: '378282246310005', cvv: '123', network: 'Amex' }));
    expect(amex.data.cvv).toBe('');
    expect(amex.changes).toEqual([
      'its 3-digit security code was left out; Sleeve keeps 4-digit codes for American Express cards',
    ]);
    const other = cardOf(toCardRow('Row 2', { ...base, number: '3530111333300000', cvv: '1234' }));
    expect(other.changes).toEqual([
      'its 4-digit security code was left out; Sleeve keeps 3-digit codes for cards of other networks',
    ]);
    const letters = cardOf(toCardRow('Row 2', { ...base, cvv: '12a' }));
    expect(letters.data.cvv).toBe('');
    expect(letters.changes).toEqual(['its security code was not digits and was left out']);
    expect(cardOf(toCardRow('Row 2', { ...base, cvv: ' 007 ' })).data.cvv).toBe('007');
    expect(cardOf(toCardRow('Row 2', { ...base, cvv: null })).changes).toEqual([]);
  });

  test('brand names map to Sleeve’s networks; an unknown one is Other with a change', () => {
    expect(networkFromBrand('Visa')).toBe('VISA');
    expect(networkFromBrand('MasterCard')).toBe('MASTERCARD');
    expect(networkFromBrand('American Express')).toBe('AMEX');
    expect(networkFromBrand('amex')).toBe('AMEX');
    expect(networkFromBrand('Diners Club')).toBe('DINERS');
    expect(networkFromBrand('RuPay')).toBe('RUPAY');
    expect(networkFromBrand('Discover')).toBe('DISCOVER');
    expect(networkFromBrand('AMEX')).toBe('AMEX');
    expect(networkFromBrand('')).toBe('OTHER');
    expect(networkFromBrand('JCB')).toBeNull();
    const jcb = cardOf(toCardRow('Row 2', { ...base, network: 'JCB' }));
    expect(jcb.data.network).toBe('OTHER');
    expect(jcb.changes).toEqual(['its network “JCB” is not one Sleeve knows, so it is kept as Other']);
    expect(namesNoNetwork('')).toBe(true);
    expect(namesNoNetwork(' Unknown ')).toBe(true);
    expect(namesNoNetwork('Other')).toBe(false);
  });

  test('a card that passes keeps every field in Sleeve’s shape', () => {
    const row = toCardRow('Row 2', { ...base, issuer: 'First Bank', cvv: '123', network: 'Visa' });
    expect(row).toEqual({
      where: 'Row 2',
      card: { data: visaData, changes: [], details: NO_DETAILS },
    });
  });
});
