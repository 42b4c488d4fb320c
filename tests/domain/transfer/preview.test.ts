import { describe, expect, test } from 'vitest';
import type { CardData, PlainCard } from '../../../src/domain/card';
import type { CardDetails } from '../../../src/domain/card-details';
import { NO_DETAILS } from '../../../src/domain/card-details';
import type { ImportParse } from '../../../src/domain/transfer/import-row';
import { alsoBrings, previewImport, previewImportInSlices } from '../../../src/domain/transfer/preview';

const data = (fields: Partial<CardData> = {}): CardData => ({
  number: '4111111111111111',
  expiry: '01/30',
  cardholder: 'Ada Lovelace',
  issuer: '',
  cvv: '123',
  network: 'VISA',
  theme: 'SKY',
  ...fields,
});

const inWallet: PlainCard[] = [
  { id: 'Aaaaaaa1', data: data(), modifiedAt: 1 },
  { id: 'Aaaaaaa2', data: data({ number: '5555555555554444', expiry: '12/28', cvv: '' }), modifiedAt: 2 },
];

describe('the preview', () => {
  test('new cards, cards Sleeve has (same number and expiry) and rows that cannot be imported, each with why', () => {
    const parse: ImportParse = {
      format: 'csv',
      leftOut: 3,
      rows: [
        { where: 'Row 2', card: { data: data(), changes: [], details: NO_DETAILS } },
        // Same number, another expiry: a renewed card is a new card.
        { where: 'Row 3', card: { data: data({ expiry: '01/33' }), changes: [], details: NO_DETAILS } },
        {
          where: 'Row 4',
          card: {
            data: data({ number: '5555555555554444', expiry: '12/28', cardholder: 'G. Hopper', cvv: '999' }),
            changes: [],
            details: NO_DETAILS,
          },
        },
        { where: 'Row 5', reason: 'it has no card number' },
        { where: 'Row 6', card: { data: data({ expiry: '01/33', theme: 'ROSE' }), changes: [], details: NO_DETAILS } },
      ],
    };
    const preview = previewImport(parse, inWallet);
    expect(preview.leftOut).toBe(3);
    expect(preview.add.map((entry) => [entry.index, entry.where, entry.card.data.expiry])).toEqual([
      [1, 'Row 3', '01/33'],
    ]);
    expect(preview.already.map((entry) => [entry.where, entry.reason])).toEqual([
      ['Row 2', 'Sleeve already has this card'],
      [
        'Row 4',
        "Sleeve already has this number and expiry with a different cardholder and CVV; Sleeve's card is kept as it is",
      ],
      ['Row 6', 'Row 3 of this file has the same number and expiry'],
    ]);
    expect(preview.cannot).toEqual([{ index: 3, where: 'Row 5', reason: 'it has no card number' }]);
  });

  test('an empty wallet adds every readable card once', () => {
    const preview = previewImport(
      {
        format: 'bitwarden',
        leftOut: 0,
        rows: [{ where: 'Item 1', card: { data: data(), changes: [], details: NO_DETAILS } }],
      },
      [],
    );
    expect(preview.add).toHaveLength(1);
    expect(preview.already).toEqual([]);
  });
});

describe('what a card brings besides its fields', () => {
  const card = (details: Partial<CardDetails>, fields: Partial<CardData> = {}) => ({
    data: data(fields),
    changes: [],
    details: { ...NO_DETAILS, ...details },
  });

  test('each new card says which details come with it, so the person sees none is dropped', () => {
    const preview = previewImport(
      {
        format: 'bitwarden',
        leftOut: 0,
        rows: [
          { where: 'Item 1', card: card({ pin: '0420', notes: 'Travel', phone: '0800 123 456' }) },
          { where: 'Item 2', card: card({}, { expiry: '02/31' }) },
          { where: 'Item 3', card: card({ website: 'https://bank.example/' }, { expiry: '03/31' }) },
          {
            where: 'Item 4',
            card: card(
              { pin: '0420', notes: 'x', validFrom: '01/24', phone: '0800', website: 'https://bank.example/' },
              { expiry: '04/31' },
            ),
          },
        ],
      },
      [],
    );
    expect(preview.add.map((entry) => entry.brings)).toEqual([
      'Also brings: card PIN, notes and phone number',
      null,
      'Also brings: website',
      'Also brings: card PIN, notes, valid-from date, phone number and website',
    ]);
  });

  test('alsoBrings names nothing for a card without details', () => {
    expect(alsoBrings(NO_DETAILS)).toBeNull();
    expect(alsoBrings({ ...NO_DETAILS, validFrom: '01/24', notes: 'x' })).toBe(
      'Also brings: notes and valid-from date',
    );
  });

  test('built a slice at a time, a large file gives the same preview as in one go, duplicates across slices included', async () => {
    const number = (index: number) => `4${String(index % 1200).padStart(15, '0')}`;
    const rows: ImportParse['rows'] = Array.from({ length: 1700 }, (_, index) =>
      index % 97 === 0
        ? { where: `Item ${index + 1}`, reason: 'it has no card details' }
        : { where: `Item ${index + 1}`, card: card({}, { number: number(index), expiry: '01/30' }) },
    );
    // Two of the file's cards are in Sleeve already, one of them with another cardholder.
    const existing: PlainCard[] = [
      { id: 'Aaaaaaa3', data: data({ number: number(5) }), modifiedAt: 3 },
      { id: 'Aaaaaaa4', data: data({ number: number(1500), cardholder: 'Grace Hopper' }), modifiedAt: 4 },
    ];
    const parse: ImportParse = { format: 'bitwarden', leftOut: 2, rows };
    const sliced = await previewImportInSlices(parse, existing);
    expect(sliced).toEqual(previewImport(parse, existing));
    // Rows 1201 on repeat numbers of rows 1 to 500 (and one the wallet has): each is listed as already there.
    expect(sliced.add.length + sliced.already.length + sliced.cannot.length).toBe(1700);
    expect(sliced.already.find((entry) => entry.where === 'Item 1202')?.reason).toBe(
      'Item 2 of this file has the same number and expiry',
    );
  });

  test('a preview being built stops when it is no longer wanted', async () => {
    const rows: ImportParse['rows'] = Array.from({ length: 2000 }, (_, index) => ({
      where: `Item ${index + 1}`,
      reason: 'it has no card details',
    }));
    const controller = new AbortController();
    const building = previewImportInSlices({ format: 'bitwarden', leftOut: 0, rows }, [], controller.signal);
    controller.abort(new Error('another file was chosen'));
    await expect(building).rejects.toThrow('another file was chosen');
  });
});
