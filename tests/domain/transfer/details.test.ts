import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import { readDetails } from '../../../src/domain/transfer/details';

describe('a card’s details on the way in', () => {
  test('values are stored as the card editor stores them: trimmed, a website with its scheme, valid from as MM/YY', () => {
    expect(
      readDetails({
        pin: ' 0420 ',
        notes: '  Travel card\n  no fees abroad  ',
        validFrom: '2024-03',
        phone: '+44  20 7946   0000',
        website: 'bank.example',
      }),
    ).toEqual({
      details: {
        pin: '0420',
        notes: 'Travel card\n  no fees abroad',
        validFrom: '03/24',
        phone: '+44 20 7946 0000',
        website: 'https://bank.example/',
      },
      changes: [],
    });
    for (const validFrom of ['03/24', '3/24', '03/2024', '0324', '2024-03-01']) {
      expect(readDetails({ validFrom }).details.validFrom).toBe('03/24');
    }
    expect(readDetails({})).toEqual({ details: NO_DETAILS, changes: [] });
  });

  test('a value that fails its rule is kept in the notes as a “Name: value” line, after the notes, and said so', () => {
    expect(
      readDetails({
        pin: '12',
        notes: 'Reported lost once',
        validFrom: '2024-13',
        phone: 'call the branch',
        website: 'javascript:alert(1)',
      }),
    ).toEqual({
      details: {
        ...NO_DETAILS,
        notes: 'Reported lost once\nPIN: 12\nValid from: 2024-13\nPhone: call the branch\nWebsite: javascript:alert(1)',
      },
      changes: [
        'its card PIN is not 4 to 12 digits, so it is kept in its notes',
        'its valid-from date is not a month and year Sleeve can read, so it is kept in its notes',
        'its phone number is not one Sleeve can dial, so it is kept in its notes',
        'its website is not a web address Sleeve can open, so it is kept in its notes',
      ],
    });
    expect(readDetails({ pin: '1234567890123' }).details).toEqual({ ...NO_DETAILS, notes: 'PIN: 1234567890123' });
  });

  test('a custom field plainly naming one detail fills it, whatever its case and spacing; the rest go to the notes', () => {
    const fields = [
      { name: 'Card PIN', value: '2468' },
      { name: 'Branch', value: 'High Street' },
      { name: 'customer service', value: '0800 123 456' },
      { name: 'Bank website', value: 'https://bank.example' },
      { name: 'VALID FROM', value: '05/23' },
      { name: '', value: 'a field without a name' },
      { name: 'Empty', value: '  ' },
    ];
    expect(readDetails({ notes: 'Mine', fields })).toEqual({
      details: {
        pin: '2468',
        notes: 'Mine\nBranch: High Street\na field without a name',
        validFrom: '05/23',
        phone: '0800 123 456',
        website: 'https://bank.example/',
      },
      changes: ['its 2 other fields are kept in its notes'],
    });
    for (const name of ['PIN', 'pin code', 'Pin-Number']) {
      expect(readDetails({ fields: [{ name, value: '2468' }] }).details.pin).toBe('2468');
    }
    for (const name of ['Phone', 'Bank phone', 'Phone number']) {
      expect(readDetails({ fields: [{ name, value: '0800 123 456' }] }).details.phone).toBe('0800 123 456');
    }
    // 'Code' could as well be the CVV: not a PIN.
    expect(readDetails({ fields: [{ name: 'Code', value: '2468' }] }).details).toEqual({
      ...NO_DETAILS,
      notes: 'Code: 2468',
    });
  });

  test('two fields that could be one detail are both kept in the notes, never one picked on a guess', () => {
    expect(
      readDetails({
        fields: [
          { name: 'PIN', value: '1111' },
          { name: 'Card PIN', value: '2222' },
          { name: 'Phone', value: '0800 123 456' },
        ],
      }),
    ).toEqual({
      details: { ...NO_DETAILS, notes: 'PIN: 1111\nCard PIN: 2222', phone: '0800 123 456' },
      changes: ['it has 2 fields that could be its card PIN, so they are kept in its notes'],
    });
    // The file's own PIN wins over a field of the same name, which is kept in the notes.
    expect(readDetails({ pin: '1357', fields: [{ name: 'PIN', value: '2468' }] })).toEqual({
      details: { ...NO_DETAILS, pin: '1357', notes: 'PIN: 2468' },
      changes: ['its other field is kept in its notes'],
    });
  });

  test('notes longer than 1,000 characters are cut there, and said so; 1,000 are kept whole', () => {
    const whole = '😀'.repeat(1000);
    expect(readDetails({ notes: whole })).toEqual({ details: { ...NO_DETAILS, notes: whole }, changes: [] });
    const long = readDetails({ notes: 'n'.repeat(995), pin: '12' });
    expect(long.details.notes).toBe(`${'n'.repeat(995)}\nPIN:`);
    expect(long.changes).toEqual([
      'its card PIN is not 4 to 12 digits, so it is kept in its notes',
      'its notes were cut to 1,000 characters, the most Sleeve keeps',
    ]);
  });

  test('a value that is not text is left out, and said so; a number is read as its digits', () => {
    expect(readDetails({ pin: 2468, notes: { text: 'x' }, phone: true })).toEqual({
      details: { ...NO_DETAILS, pin: '2468' },
      changes: ['its notes were not text and were left out', 'its phone number was not text and was left out'],
    });
  });
});
