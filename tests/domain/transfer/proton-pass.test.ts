import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import { ProtonPassMessages, readProtonPass } from '../../../src/domain/transfer/proton-pass';
import { ReadFileMessages, readImportFile } from '../../../src/domain/transfer/read-file';
import { detailsAndChanges, fixtureBytes, fixtureJson, sky } from './fixtures';

// Proton Pass keeps no brand (card type 0), so each card's network is the one its number shows.
const expected = [
  {
    where: 'Item 1 “Everyday Visa”',
    card: {
      data: {
        number: '4111111111111111',
        expiry: '01/30',
        cardholder: 'Ada Lovelace',
        issuer: 'Everyday Visa',
        cvv: '123',
        network: 'VISA',
        theme: 'SKY',
      },
      changes: [],
      details: NO_DETAILS,
    },
  },
  {
    where: 'Item 3 “Old style date”',
    card: {
      data: {
        number: '5555555555554444',
        expiry: '11/27',
        cardholder: 'Grace Hopper',
        issuer: 'Old style date',
        cvv: '',
        network: 'MASTERCARD',
        theme: 'SKY',
      },
      changes: [],
      // The PIN and the item's note come with the card.
      details: { ...NO_DETAILS, pin: '4321', notes: 'exported by an older app' },
    },
  },
  { where: 'Item 4 “Company card”', reason: 'it has no expiry date' },
  { where: 'Item 5 “Cancelled card”', reason: 'it is in the trash in Proton Pass' },
];

describe('reading a Proton Pass export', () => {
  test('the cards of every vault, in order; logins and notes are counted, not imported', () => {
    const parse = readProtonPass(fixtureJson('proton-pass-data.json'), sky);
    expect(parse).toEqual({ format: 'proton-pass', rows: expected, leftOut: 2 });
  });

  test('data.json on its own and the ZIP Proton Pass saves read the same', async () => {
    const fromJson = await readImportFile(fixtureBytes('proton-pass-data.json'), sky);
    const fromZip = await readImportFile(fixtureBytes('proton-pass.zip'), sky);
    expect(fromJson).toEqual({ kind: 'rows', parse: { format: 'proton-pass', rows: expected, leftOut: 2 } });
    expect(fromZip).toEqual(fromJson);
  });

  test('a ZIP without data.json, an encrypted one and a damaged one are each refused with their own reason', async () => {
    await expect(readImportFile(fixtureBytes('proton-pass-no-data.zip'), sky)).rejects.toThrow(
      ReadFileMessages.zipWithoutData,
    );
    await expect(readImportFile(fixtureBytes('proton-pass-encrypted.zip'), sky)).rejects.toThrow(
      ReadFileMessages.zipEncrypted,
    );
    await expect(readImportFile(fixtureBytes('damaged.zip'), sky)).rejects.toThrow(ReadFileMessages.damagedZip);
  });

  test('an export marked encrypted is refused as a whole', () => {
    expect(() => readProtonPass({ version: '1.0', encrypted: true, vaults: {} }, sky)).toThrow(
      ProtonPassMessages.encrypted,
    );
  });

  test('vaults and items of the wrong shape are skipped or given a reason, never a failure of the file', () => {
    const parse = readProtonPass(
      {
        vaults: {
          a: null,
          b: { items: 'nope' },
          c: { items: [{ data: { type: 'creditCard', metadata: { name: 'Blank' } } }, 17] },
        },
      },
      sky,
    );
    expect(parse.rows).toEqual([{ where: 'Item 1 “Blank”', reason: 'it has no card details' }]);
    expect(parse.leftOut).toBe(1);
  });

  test('a card type other than unspecified is named in a change and the card kept as Other, not mapped on a guess', () => {
    const parse = readProtonPass(
      {
        vaults: {
          a: {
            items: [
              {
                data: {
                  type: 'creditCard',
                  metadata: { name: 'Typed' },
                  content: {
                    cardholderName: 'Ada Lovelace',
                    cardType: 2,
                    number: '4111111111111111',
                    expirationDate: '2030-01',
                  },
                },
              },
            ],
          },
        },
      },
      sky,
    );
    const [row] = parse.rows;
    expect(row && 'card' in row && row.card.data.network).toBe('OTHER');
    expect(row && 'card' in row && row.card.changes).toEqual([
      'its network “Proton Pass card type 2” is not one Sleeve knows, so it is kept as Other',
    ]);
  });
});

describe('a Proton Pass card’s details', () => {
  test('the PIN, the item’s note and its extra fields come with the card; fields that are no detail stay in the notes', () => {
    const parse = readProtonPass(fixtureJson('proton-pass-details.json'), sky);
    expect(detailsAndChanges(parse.rows)).toEqual([
      [
        {
          pin: '9753',
          notes: 'Travel only\nOnline banking password: hunter2\nSign-in code: otpauth://totp/Bank?secret=JBSWY3DP',
          validFrom: '',
          phone: '+1 (800) 555-0100',
          website: 'https://bank.example/',
        },
        ['its 2 other fields are kept in its notes'],
      ],
      [
        { ...NO_DETAILS, notes: 'PIN: 12345678901234' },
        ['its card PIN is not 4 to 12 digits, so it is kept in its notes'],
      ],
    ]);
  });
});
