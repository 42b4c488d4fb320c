/**
 * CSV files, from a spreadsheet or any app that exports one. A CSV says nothing about which column is which, so the
 * person maps columns to Sleeve's fields (a mapping is suggested from the column names); each data row then becomes
 * a card or a reason. The text is split into cells by Papa Parse (read-file.ts), which also reports rows whose
 * quoting is broken; those rows are reasons too, never half-read cards.
 */
import { InvalidArgumentError } from '../errors';
import { inSlices } from '../next-task';
import { toCardRow } from './card-fields';
import { DETAIL_NAMES } from './details';
import type { ExpiryInput } from './expiry';
import type { ImportParse, ImportRow, ThemeSource } from './import-row';
import { nameKey } from './import-row';

/** The file's cells, and the rows Papa Parse could not split cleanly, by index into `rows`, with why. */
export interface CsvTable {
  rows: string[][];
  problems: ReadonlyMap<number, string>;
}

/**
 * The Sleeve fields a column can feed: the card's, then its details (card-details.ts). An expiry is one column, or a
 * month column and a year column.
 */
export const CSV_FIELDS = [
  'number',
  'expiry',
  'expiryMonth',
  'expiryYear',
  'cardholder',
  'issuer',
  'cvv',
  'network',
  'pin',
  'notes',
  'validFrom',
  'phone',
  'website',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

export const CSV_FIELD_LABELS: Readonly<Record<CsvField, string>> = {
  number: 'Card number',
  expiry: 'Expiry date',
  expiryMonth: 'Expiry month',
  expiryYear: 'Expiry year',
  cardholder: 'Cardholder',
  issuer: 'Issuer',
  cvv: 'CVV',
  network: 'Network',
  pin: 'Card PIN',
  notes: 'Notes',
  validFrom: 'Valid from',
  phone: 'Phone',
  website: 'Website',
};

/** Which column (0-based) feeds which field, and whether the first row names the columns rather than holding a card. */
export interface CsvMapping {
  headerRow: boolean;
  columns: Partial<Record<CsvField, number>>;
}

/** Column names that suggest a field, compared lower-cased with everything but letters and digits dropped. */
const NAMES: Readonly<Record<CsvField, readonly string[]>> = {
  number: ['cardnumber', 'number', 'ccnumber', 'cardno', 'pan', 'cardnum', 'creditcardnumber'],
  expiry: [
    'expiry',
    'expirydate',
    'expiration',
    'expirationdate',
    'exp',
    'expdate',
    'expires',
    'validthru',
    'validuntil',
  ],
  expiryMonth: ['expirymonth', 'expmonth', 'expirationmonth', 'month'],
  expiryYear: ['expiryyear', 'expyear', 'expirationyear', 'year'],
  cardholder: ['cardholder', 'cardholdername', 'nameoncard', 'holder', 'holdername', 'owner', 'fullname', 'name'],
  issuer: ['issuer', 'bank', 'issuingbank', 'bankname', 'title', 'cardname', 'label'],
  cvv: ['cvv', 'cvc', 'cvv2', 'cvc2', 'csc', 'securitycode', 'verificationnumber', 'verificationcode', 'code'],
  network: ['network', 'brand', 'cardbrand', 'type', 'cardtype', 'scheme'],
  ...DETAIL_NAMES,
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
};

/** Whether a cell looks like a card number rather than a column name. */
const looksLikeNumber = (cell: string): boolean => cell.replace(/[\s.-]/g, '').length >= 12 && /^[\d\s.-]+$/.test(cell);

/**
 * A first guess for the person to check: the first row is taken for column names unless one of its cells looks like
 * a card number, and each field takes the first column whose name suggests it.
 */
export function guessMapping(table: CsvTable): CsvMapping {
  const first = table.rows[0] ?? [];
  const headerRow = first.length > 0 && !first.some(looksLikeNumber);
  const columns: Partial<Record<CsvField, number>> = {};
  if (!headerRow) return { headerRow, columns };
  const used = new Set<number>();
  for (const field of CSV_FIELDS) {
    const index = first.findIndex((cell, column) => !used.has(column) && NAMES[field].includes(nameKey(cell)));
    if (index >= 0) {
      columns[field] = index;
      used.add(index);
    }
  }
  // One expiry column wins over a month and year pair only when the pair is incomplete.
  if (columns.expiry !== undefined && columns.expiryMonth !== undefined && columns.expiryYear !== undefined) {
    delete columns.expiry;
  }
  return { headerRow, columns };
}

/** What the mapping still lacks before rows can be read, in words; `null` when it is complete. */
export function mappingProblem(mapping: CsvMapping): string | null {
  const { columns } = mapping;
  if (columns.number === undefined) return 'Choose the column that holds the card number.';
  const hasPair = columns.expiryMonth !== undefined && columns.expiryYear !== undefined;
  if (columns.expiry === undefined && !hasPair) {
    return 'Choose the column that holds the expiry date, or the columns for its month and year.';
  }
  if (columns.expiry !== undefined && (columns.expiryMonth !== undefined || columns.expiryYear !== undefined)) {
    return 'Choose either one expiry date column or a month and a year column, not both.';
  }
  if (columns.cardholder === undefined) return 'Choose the column that holds the cardholder name.';
  return null;
}

/** 'Column C', as a spreadsheet names it. */
export function columnLetter(index: number): string {
  let name = '';
  let rest = index + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    name = String.fromCharCode(65 + digit) + name;
    rest = Math.floor((rest - digit - 1) / 26);
  }
  return name;
}

/** How one row of the table is read with `mapping`: a card or a reason, or null for the header row. */
function rowReader(table: CsvTable, mapping: CsvMapping, theme: ThemeSource) {
  const problem = mappingProblem(mapping);
  if (problem) throw new InvalidArgumentError(problem);
  const { columns } = mapping;
  const cell = (row: readonly string[], field: CsvField): string | undefined => {
    const index = columns[field];
    return index === undefined ? undefined : row[index];
  };
  return (row: readonly string[], index: number): ImportRow | null => {
    if (mapping.headerRow && index === 0) return null;
    const where = `Row ${index + 1}`;
    const broken = table.problems.get(index);
    if (broken) return { where, reason: broken };
    const expiry: ExpiryInput =
      columns.expiry !== undefined
        ? cell(row, 'expiry')
        : { month: cell(row, 'expiryMonth'), year: cell(row, 'expiryYear') };
    return toCardRow(where, {
      number: cell(row, 'number'),
      expiry,
      cardholder: cell(row, 'cardholder'),
      issuer: cell(row, 'issuer'),
      cvv: cell(row, 'cvv'),
      network: cell(row, 'network'),
      theme: theme(),
      details: {
        pin: cell(row, 'pin'),
        notes: cell(row, 'notes'),
        validFrom: cell(row, 'validFrom'),
        phone: cell(row, 'phone'),
        website: cell(row, 'website'),
      },
    });
  };
}

/** Every data row as a card or a reason; numbered as a spreadsheet numbers them (the first line is row 1). */
export function readCsv(table: CsvTable, mapping: CsvMapping, theme: ThemeSource): ImportParse {
  const read = rowReader(table, mapping, theme);
  const rows: ImportRow[] = [];
  table.rows.forEach((row, index) => {
    const card = read(row, index);
    if (card) rows.push(card);
  });
  return { format: 'csv', rows, leftOut: 0 };
}

/** `readCsv`, a slice of rows at a time with a new task between slices (next-task.ts): a large file holds nothing up. */
export async function readCsvInSlices(table: CsvTable, mapping: CsvMapping, theme: ThemeSource): Promise<ImportParse> {
  const read = rowReader(table, mapping, theme);
  const rows: ImportRow[] = [];
  await inSlices(table.rows, (row, index) => {
    const card = read(row, index);
    if (card) rows.push(card);
  });
  return { format: 'csv', rows, leftOut: 0 };
}
