import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import { BitwardenMessages, readBitwarden, writeBitwarden } from '../../../src/domain/transfer/bitwarden';
import { ReadFileMessages, readImportFile } from '../../../src/domain/transfer/read-file';
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

/** What the preview shows of each row: where it is, and its card (number, expiry, holder, issuer, CVV, network) or why not. */
const shown = (rows: ReturnType<typeof readBitwarden>['rows']) =>
  rows.map((row) =>
    'card' in row
      ? [row.where, Object.values(row.card.data).slice(0, 6).join(' | '), row.card.changes]
      : [row.where, row.reason],
  );

describe('reading a Bitwarden export', () => {
  test('every card item is a row, in the file’s order; logins and notes are counted, not imported', () => {
    const parse = readBitwarden(fixtureJson('bitwarden.json'), sky);
    expect(parse.format).toBe('bitwarden');
    expect(parse.leftOut).toBe(2);
    expect(shown(parse.rows)).toEqual([
      ['Item 1 “First Bank Visa”', '4111111111111111 | 01/30 | Ada Lovelace | First Bank Visa | 123 | VISA', []],
      // The name Sleeve's own export makes up for a card without an issuer is not taken for one.
      ['Item 3 “Mastercard ending 4444”', '5555555555554444 | 12/28 | Grace Hopper |  |  | MASTERCARD', []],
      // American Express: 15 digits in its own grouping, and a 4-digit code.
      ['Item 4 “Travel Amex”', '378282246310005 | 06/27 | Alan Turing | Travel Amex | 1234 | AMEX', []],
      [
        'Item 5',
        '3530111333300000 | 09/29 | Kōji Satō | Shopping card from the departm |  | OTHER',
        [
          'its issuer was shortened to 30 characters',
          'its 4-digit security code was left out; Sleeve keeps 3-digit codes for cards of other networks',
          'its network “JCB” is not one Sleeve knows, so it is kept as Other',
        ],
      ],
      ['Item 6 “No name on it”', 'it has no cardholder name'],
      ['Item 7 “Typo”', 'its card number holds characters other than digits'],
      ['Item 8 “Old card”', 'its expiry date “13/2026” is not a month and year Sleeve can read'],
      ['Item 9 “Deleted card”', 'it is in the trash in Bitwarden'],
      ['Item 10 “Empty card item”', 'it has no card details'],
    ]);
  });

  test('an encrypted export is refused as a whole, saying how to make one Sleeve can read', async () => {
    await expect(readImportFile(fixtureBytes('bitwarden-encrypted.json'), sky)).rejects.toThrow(
      BitwardenMessages.encrypted,
    );
    const accountEncrypted = { encrypted: true, encKeyValidation_DO_NOT_EDIT: '2.x|y|z', folders: [], items: [] };
    expect(() => readBitwarden(accountEncrypted, sky)).toThrow(BitwardenMessages.encrypted);
  });

  // Saved as .txt so the linter leaves it broken; Sleeve tells files apart by content, not by name.
  test('a file cut off half way is damaged JSON, not an empty export', async () => {
    await expect(readImportFile(fixtureBytes('bitwarden-truncated.txt'), sky)).rejects.toThrow(
      ReadFileMessages.damagedJson,
    );
  });

  test('items of the wrong shape are rows with a reason, never a failure of the whole file', () => {
    const parse = readBitwarden(
      {
        encrypted: false,
        items: [
          null,
          { type: 3, name: 42, card: 'not an object' },
          { type: 3, card: { number: '4111111111111111', cardholderName: 'Ada Lovelace', expMonth: 1, expYear: 2030 } },
        ],
      },
      sky,
    );
    expect(parse.leftOut).toBe(1);
    expect(shown(parse.rows)).toEqual([
      ['Item 2', 'it has no card details'],
      // No brand: the network is the one the number shows.
      ['Item 3', '4111111111111111 | 01/30 | Ada Lovelace |  |  | VISA', []],
    ]);
  });
});

describe('writing a Bitwarden export', () => {
  const cards = twoCards({ number: '378282246310005', cvv: '1234', network: 'AMEX' }, [
    Date.UTC(2024, 2, 1),
    Date.UTC(2024, 2, 2),
  ]);
  let next = 0;
  const uuid = () => `00000000-0000-4000-8000-00000000000${next++}`;

  test('card items of type 3 in Bitwarden’s own shape', async () => {
    const file = JSON.parse((await writeBitwarden(cards, { now: new Date(Date.UTC(2024, 3, 1)), uuid })).join(''));
    expect(file.encrypted).toBe(false);
    expect(file.folders).toEqual([]);
    expect(file.items[0]).toEqual({
      id: expect.stringMatching(/^00000000-/),
      organizationId: null,
      folderId: null,
      type: 3,
      reprompt: 0,
      name: 'First Bank',
      notes: null,
      favorite: false,
      card: {
        cardholderName: 'Ada Lovelace',
        brand: 'Visa',
        number: '4111111111111111',
        expMonth: '1',
        expYear: '2030',
        code: '123',
      },
      collectionIds: null,
      revisionDate: '2024-03-01T00:00:00.000Z',
      creationDate: '2024-03-01T00:00:00.000Z',
      deletedDate: null,
    });
    expect(file.items[1].name).toBe('American Express ending 0005');
    expect(file.items[1].card).toMatchObject({ brand: 'Amex', expMonth: '12', expYear: '2028', code: '1234' });
  });

  test('read back, every card comes out as it went in (the theme, which Bitwarden has no place for, aside)', async () => {
    const parse = readBitwarden(JSON.parse((await writeBitwarden(cards, { now: new Date() })).join('')), () => 'ROSE');
    const back = parse.rows.map((row) => ('card' in row ? { ...row.card.data, theme: undefined } : row.reason));
    expect(back).toEqual(cards.map((card) => ({ ...card.data, theme: undefined })));
  });
});

describe('a Bitwarden card’s details', () => {
  test('the notes and custom fields come with the card; a field plainly naming a detail fills it, the rest are notes', () => {
    const parse = readBitwarden(fixtureJson('bitwarden-details.json'), sky);
    expect(detailsAndChanges(parse.rows)).toEqual([
      [
        {
          pin: '2468',
          notes: 'Rewards: 2% back on travel\nBranch: High Street\nSecurity answer: Rex',
          validFrom: '03/24',
          phone: '+44 20 7946 0000',
          website: 'https://bank.example/',
        },
        ['its 2 other fields are kept in its notes'],
      ],
      [
        { ...NO_DETAILS, notes: 'PIN: 1111\ncard pin: 2222', phone: '0800 123 456' },
        ['it has 2 fields that could be its card PIN, so they are kept in its notes'],
      ],
      [
        { ...NO_DETAILS, notes: 'Reported lost once\nPin code: 12\nValid from: 2024-13' },
        [
          'its card PIN is not 4 to 12 digits, so it is kept in its notes',
          'its valid-from date is not a month and year Sleeve can read, so it is kept in its notes',
        ],
      ],
    ]);
  });

  test('written as the notes and the custom fields PIN (hidden), Valid from, Phone and Website', async () => {
    const cards = twoCards();
    const file = JSON.parse((await writeBitwarden(cards, { now: new Date(), details: someDetails(cards) })).join(''));
    expect(file.items[0].notes).toBe(fullDetails.notes);
    expect(file.items[0].fields).toEqual([
      { name: 'PIN', value: '0420', type: 1, linkedId: null },
      { name: 'Valid from', value: '03/24', type: 0, linkedId: null },
      { name: 'Phone', value: '+44 20 7946 0000', type: 0, linkedId: null },
      { name: 'Website', value: 'https://bank.example/cards', type: 0, linkedId: null },
    ]);
    expect(file.items[1].notes).toBe('Only notes');
    expect(file.items[1]).not.toHaveProperty('fields');
  });

  test('read back, every detail comes back as it went out', async () => {
    await expectEveryDetailBack(
      async (cards, details) =>
        readBitwarden(JSON.parse((await writeBitwarden(cards, { now: new Date(), details })).join('')), sky).rows,
    );
  });
});
