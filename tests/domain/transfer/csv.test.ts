import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import type { CsvTable } from '../../../src/domain/transfer/csv';
import { columnLetter, guessMapping, mappingProblem, readCsv, readCsvInSlices } from '../../../src/domain/transfer/csv';
import type { ImportRow } from '../../../src/domain/transfer/import-row';
import { ReadFileMessages, readImportFile } from '../../../src/domain/transfer/read-file';
import { detailsAndChanges, fixtureBytes, sky } from './fixtures';

async function tableOf(name: string): Promise<CsvTable> {
  const read = await readImportFile(fixtureBytes(name), sky);
  if (read.kind !== 'csv') throw new Error(`${name} was not read as CSV`);
  return read.table;
}

const encoder = new TextEncoder();
const shown = (rows: ImportRow[]) =>
  rows.map((row) =>
    'card' in row ? [row.where, Object.values(row.card.data).slice(0, 6).join(' | ')] : [row.where, row.reason],
  );

describe('CSV files', () => {
  test('cells are split by Papa Parse: quoted commas, doubled quotes and a blank line read as a person wrote them', async () => {
    const table = await tableOf('cards.csv');
    expect(table.rows).toHaveLength(6);
    expect(table.rows[2]).toEqual([
      '5555555555554444',
      'Hopper, Grace',
      '12/2028',
      '',
      'Bank "The Best"',
      'MasterCard',
    ]);
    expect(table.problems.size).toBe(0);
  });

  test('the mapping is guessed from the column names and the first row is taken for them', async () => {
    const table = await tableOf('cards.csv');
    expect(guessMapping(table)).toEqual({
      headerRow: true,
      columns: { number: 0, cardholder: 1, expiry: 2, cvv: 3, issuer: 4, network: 5 },
    });
  });

  test('each data row is a card or a reason, numbered as a spreadsheet numbers its rows', async () => {
    const table = await tableOf('cards.csv');
    const parse = readCsv(table, guessMapping(table), sky);
    expect(parse.format).toBe('csv');
    expect(shown(parse.rows)).toEqual([
      ['Row 2', '4111111111111111 | 01/30 | Ada Lovelace | First Bank | 123 | VISA'],
      ['Row 3', '5555555555554444 | 12/28 | Hopper, Grace | Bank "The Best" |  | MASTERCARD'],
      ['Row 4', '378282246310005 | 06/27 | Alan Turing | Travel | 1234 | AMEX'],
      ['Row 5', '6011000990139424 | 07/27 | Émile Brontë | Caisse d’Épargne | 456 | DISCOVER'],
      ['Row 6', 'its expiry date “13/27” is not a month and year Sleeve can read'],
    ]);
  });

  test('semicolons, and a month and a year in columns of their own', async () => {
    const table = await tableOf('cards-month-year.csv');
    const mapping = guessMapping(table);
    expect(mapping).toEqual({
      headerRow: true,
      columns: { number: 0, cardholder: 1, expiryMonth: 2, expiryYear: 3, cvv: 4 },
    });
    expect(shown(readCsv(table, mapping, sky).rows)).toEqual([
      // No network column: each card's network is the one its number shows.
      ['Row 2', '4111111111111111 | 01/30 | Ada Lovelace |  | 123 | VISA'],
      ['Row 3', '5555555555554444 | 12/28 | Grace Hopper |  |  | MASTERCARD'],
    ]);
  });

  test('a row whose quotes do not pair up is a reason, never a half-read card; the rows before it still import', async () => {
    const table = await tableOf('cards-broken-quotes.csv');
    expect(shown(readCsv(table, guessMapping(table), sky).rows)).toEqual([
      ['Row 2', '4111111111111111 | 01/30 | Ada Lovelace |  | 123 | VISA'],
      // Quotes inside an unquoted cell are text, as spreadsheets read them.
      ['Row 3', '6011000990139424 | 07/27 | Alan ""Al"" Turing |  | 456 | DISCOVER'],
      ['Row 4', 'its quotes do not pair up, so its cells (and any lines the open quote took in) cannot be told apart'],
    ]);
  });

  test('a file without column names: no mapping is guessed, and the person maps the columns', async () => {
    const read = await readImportFile(encoder.encode('4111111111111111,Ada Lovelace,01/30\n'), sky);
    if (read.kind !== 'csv') throw new Error('not CSV');
    const mapping = guessMapping(read.table);
    expect(mapping).toEqual({ headerRow: false, columns: {} });
    expect(mappingProblem(mapping)).toBe('Choose the column that holds the card number.');
    const chosen = { headerRow: false, columns: { number: 0, cardholder: 1, expiry: 2 } };
    expect(shown(readCsv(read.table, chosen, sky).rows)).toEqual([
      ['Row 1', '4111111111111111 | 01/30 | Ada Lovelace |  |  | VISA'],
    ]);
  });

  test('the mapping must name a number, an expiry (one column, or month and year) and a cardholder', () => {
    expect(mappingProblem({ headerRow: true, columns: { number: 0, cardholder: 1 } })).toBe(
      'Choose the column that holds the expiry date, or the columns for its month and year.',
    );
    expect(mappingProblem({ headerRow: true, columns: { number: 0, expiryMonth: 1, cardholder: 2 } })).toBe(
      'Choose the column that holds the expiry date, or the columns for its month and year.',
    );
    expect(mappingProblem({ headerRow: true, columns: { number: 0, expiry: 1, expiryYear: 3, cardholder: 2 } })).toBe(
      'Choose either one expiry date column or a month and a year column, not both.',
    );
    expect(mappingProblem({ headerRow: true, columns: { number: 0, expiry: 1 } })).toBe(
      'Choose the column that holds the cardholder name.',
    );
    expect(mappingProblem({ headerRow: true, columns: { number: 0, expiry: 1, cardholder: 2 } })).toBeNull();
    expect(() => readCsv({ rows: [], problems: new Map() }, { headerRow: true, columns: {} }, sky)).toThrow(
      'Choose the column that holds the card number.',
    );
  });

  test('a row shorter than the header misses cells, which are reasons of their own', async () => {
    const read = await readImportFile(encoder.encode('number,name,expiry\n4111111111111111,Ada Lovelace\n'), sky);
    if (read.kind !== 'csv') throw new Error('not CSV');
    expect(shown(readCsv(read.table, guessMapping(read.table), sky).rows)).toEqual([
      ['Row 2', 'it has no expiry date'],
    ]);
  });

  test('text with no second column is not a CSV file', async () => {
    await expect(readImportFile(encoder.encode('just some notes\nabout cards\n'), sky)).rejects.toThrow(
      ReadFileMessages.notCsv,
    );
  });

  test('columns are lettered as spreadsheets letter them', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('a CSV row’s details', () => {
  test('PIN, notes, valid-from, phone and website columns are suggested from their names and come with the card', async () => {
    const table = await tableOf('cards-details.csv');
    const mapping = guessMapping(table);
    expect(mapping.columns).toEqual({
      number: 0,
      cardholder: 1,
      expiry: 2,
      pin: 3,
      notes: 4,
      validFrom: 5,
      phone: 6,
      website: 7,
    });
    const parse = readCsv(table, mapping, sky);
    expect(detailsAndChanges(parse.rows)).toEqual([
      [
        {
          pin: '1234',
          notes: 'Travel card, no fees abroad',
          validFrom: '01/24',
          phone: '+44 20 7946 0000',
          website: 'https://bank.example/',
        },
        [],
      ],
      [
        { ...NO_DETAILS, notes: 'PIN: 12\nValid from: 13/24' },
        [
          'its card PIN is not 4 to 12 digits, so it is kept in its notes',
          'its valid-from date is not a month and year Sleeve can read, so it is kept in its notes',
        ],
      ],
    ]);
  });

  test('other names a spreadsheet gives these columns are suggested too', () => {
    const names = (header: string[]) => guessMapping({ rows: [header], problems: new Map() }).columns;
    expect(names(['pin', 'comments', 'valid from', 'phone', 'website'])).toEqual({
      pin: 0,
      notes: 1,
      validFrom: 2,
      phone: 3,
      website: 4,
    });
    expect(names(['PIN code', 'Note', 'Start date', 'Phone number', 'url'])).toEqual({
      pin: 0,
      notes: 1,
      validFrom: 2,
      phone: 3,
      website: 4,
    });
  });

  test('read a slice of rows at a time, a large file gives exactly the rows read in one go, refused rows included', async () => {
    const lines = ['number,name,expiry'];
    for (let index = 0; index < 1300; index++) {
      lines.push(index % 101 === 0 ? `1234,Ada ${index},01/30` : `4111111111111111,Ada ${index},01/30`);
    }
    const read = await readImportFile(encoder.encode(lines.join('\n')), sky);
    if (read.kind !== 'csv') throw new Error('not read as CSV');
    const mapping = guessMapping(read.table);
    const sliced = await readCsvInSlices(read.table, mapping, sky);
    expect(sliced).toEqual(readCsv(read.table, mapping, sky));
    expect(sliced.rows).toHaveLength(1300);
    expect(sliced.rows.filter((row) => 'reason' in row)).toHaveLength(13);
    expect(sliced.rows[0]?.where).toBe('Row 2');
  });
});
