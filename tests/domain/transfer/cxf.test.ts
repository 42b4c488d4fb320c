import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import { CxfMessages, readCxf, writeCxf } from '../../../src/domain/transfer/cxf';
import { readImportFile } from '../../../src/domain/transfer/read-file';
import { twoCards } from '../../support/transfer-cards.mjs';
import {
  detailsAndChanges,
  expectEveryDetailBack,
  fixtureBytes,
  fixtureJson,
  fullDetails,
  sky,
  someDetails,
} from './fixtures';

describe('reading a Credential Exchange file', () => {
  test('every credit-card credential of every item is a row; items without one are counted, not imported', () => {
    const parse = readCxf(fixtureJson('cxf.json'), sky);
    expect(parse.format).toBe('cxf');
    expect(parse.leftOut).toBe(1);
    expect(
      parse.rows.map((row) =>
        'card' in row ? [row.where, row.card.data, row.card.changes, row.card.details] : [row.where, row.reason],
      ),
    ).toEqual([
      [
        'Item 1 “Rewards Visa”',
        {
          number: '4111111111111111',
          expiry: '01/30',
          cardholder: 'Ada Lovelace',
          issuer: 'Rewards Visa',
          cvv: '123',
          network: 'VISA',
          theme: 'SKY',
        },
        [],
        // The credential's PIN and valid-from month come with the card.
        { ...NO_DETAILS, pin: '0000', validFrom: '01/25' },
      ],
      [
        'Item 3 “Household cards”, card 1',
        {
          number: '5555555555554444',
          expiry: '12/28',
          cardholder: 'Grace Hopper',
          issuer: 'Household cards',
          cvv: '',
          network: 'MASTERCARD',
          theme: 'SKY',
        },
        [],
        NO_DETAILS,
      ],
      [
        'Item 3 “Household cards”, card 2',
        {
          number: '36227206271667',
          expiry: '12/28',
          cardholder: 'Grace Hopper',
          issuer: 'Household cards',
          cvv: '',
          network: 'DINERS',
          theme: 'SKY',
        },
        [],
        NO_DETAILS,
      ],
      [
        'Item 4 “Draft-style card”',
        {
          number: '6011000990139424',
          expiry: '07/27',
          cardholder: 'Alan Turing',
          issuer: 'Draft-style card',
          cvv: '456',
          network: 'DISCOVER',
          theme: 'SKY',
        },
        [],
        NO_DETAILS,
      ],
      ['Item 5 “Bad date”', 'its expiry date “2027-13” is not a month and year Sleeve can read'],
    ]);
  });

  test('a newer major version is refused as a whole; the file is told apart from other JSON by its content', async () => {
    await expect(readImportFile(fixtureBytes('cxf-version-2.json'), sky)).rejects.toThrow(CxfMessages.newer(2));
    const read = await readImportFile(fixtureBytes('cxf.json'), sky);
    expect(read.kind === 'rows' && read.parse.format).toBe('cxf');
  });
});

const options = {
  now: new Date(Date.UTC(2024, 3, 1)),
  rpId: 'sleeve.example',
  randomBytes: () => new Uint8Array(16),
};

describe('writing a Credential Exchange file', () => {
  const cards = twoCards({ number: '3530111333300000', network: 'OTHER' }, [
    Date.UTC(2024, 2, 1),
    Date.UTC(2024, 2, 2),
  ]);

  test('a CXF 1.0 header with one account, and each card an item holding one credit-card credential', async () => {
    const file = JSON.parse((await writeCxf(cards, options)).join(''));
    expect(file).toMatchObject({
      version: { major: 1, minor: 0 },
      exporterRpId: 'sleeve.example',
      exporterDisplayName: 'Sleeve',
      timestamp: Date.UTC(2024, 3, 1) / 1000,
    });
    expect(file.accounts).toHaveLength(1);
    expect(file.accounts[0]).toMatchObject({ id: 'AAAAAAAAAAAAAAAAAAAAAA', username: '', email: '', collections: [] });
    expect(file.accounts[0].items[0]).toEqual({
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      creationAt: Date.UTC(2024, 2, 1) / 1000,
      modifiedAt: Date.UTC(2024, 2, 1) / 1000,
      title: 'First Bank',
      credentials: [
        {
          type: 'credit-card',
          number: { fieldType: 'concealed-string', value: '4111111111111111' },
          fullName: { fieldType: 'string', value: 'Ada Lovelace' },
          cardType: { fieldType: 'string', value: 'Visa' },
          verificationNumber: { fieldType: 'concealed-string', value: '123' },
          expiryDate: { fieldType: 'year-month', value: '2030-01' },
        },
      ],
    });
    // No CVV and no network: those fields are left out rather than written empty.
    expect(file.accounts[0].items[1].title).toBe('Card ending 0000');
    expect(Object.keys(file.accounts[0].items[1].credentials[0])).toEqual(['type', 'number', 'fullName', 'expiryDate']);
  });

  test('read back, every card comes out as it went in (the theme aside)', async () => {
    const parse = readCxf(JSON.parse((await writeCxf(cards, options)).join('')), () => 'ROSE');
    const back = parse.rows.map((row) => ('card' in row ? { ...row.card.data, theme: undefined } : row.reason));
    expect(back).toEqual(cards.map((card) => ({ ...card.data, theme: undefined })));
  });

  test('an Other card whose number is in a known range comes back with that network: CXF writes no network', async () => {
    const [first] = cards;
    if (!first) throw new Error('no card');
    const mastercard = { ...first, data: { ...first.data, number: '5555555555554444', network: 'OTHER' as const } };
    const [row] = readCxf(JSON.parse((await writeCxf([mastercard], options)).join('')), () => 'ROSE').rows;
    expect(row && 'card' in row && row.card.data.network).toBe('MASTERCARD');
  });
});

describe('a Credential Exchange card’s details', () => {
  test('the credential’s PIN and valid-from month and the item’s note come with the card', () => {
    const parse = readCxf(fixtureJson('cxf-details.json'), sky);
    expect(detailsAndChanges(parse.rows)).toEqual([
      [
        {
          pin: '1357',
          // The phone and website lines at the end of the note are the bank's, as Sleeve writes them.
          notes: 'Keep in the blue wallet.',
          validFrom: '05/24',
          phone: '0800 123 456',
          website: 'https://bank.example/cards',
        },
        [],
      ],
      [
        { ...NO_DETAILS, notes: 'PIN: 12\nValid from: 2024-13\nPhone: call the branch' },
        [
          'its card PIN is not 4 to 12 digits, so it is kept in its notes',
          'its valid-from date is not a month and year Sleeve can read, so it is kept in its notes',
          'its phone number is not one Sleeve can dial, so it is kept in its notes',
        ],
      ],
    ]);
  });

  test('written as the credential’s pin and validFrom, and a note credential ending in the phone and website', async () => {
    const cards = twoCards();
    const file = JSON.parse((await writeCxf(cards, { ...options, details: someDetails(cards) })).join(''));
    const [first, second] = file.accounts[0].items;
    expect(first.credentials).toEqual([
      expect.objectContaining({
        type: 'credit-card',
        pin: { fieldType: 'concealed-string', value: '0420' },
        validFrom: { fieldType: 'year-month', value: '2024-03' },
      }),
      {
        type: 'note',
        content: {
          fieldType: 'string',
          value: `${fullDetails.notes}\nPhone: +44 20 7946 0000\nWebsite: https://bank.example/cards`,
        },
      },
    ]);
    expect(second.credentials[1]).toEqual({ type: 'note', content: { fieldType: 'string', value: 'Only notes' } });
    expect(Object.keys(second.credentials[0])).not.toContain('pin');
  });

  test('read back, every detail comes back as it went out', async () => {
    await expectEveryDetailBack(
      async (cards, details) =>
        readCxf(JSON.parse((await writeCxf(cards, { ...options, details })).join('')), sky).rows,
    );
  });
});
