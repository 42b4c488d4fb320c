/**
 * Reading a chosen file in a worker of its own, and saving a large file a part at a time: what the person gets is
 * exactly what reading and saving in one go on the page gave, rows, reasons and every message included.
 */
import { describe, expect, test } from 'vitest';
import { BitwardenMessages } from '../../src/domain/transfer/bitwarden';
import type { ImportRow } from '../../src/domain/transfer/import-row';
import type { ReadFile } from '../../src/domain/transfer/read-file';
import { ReadFileMessages, readImportFile } from '../../src/domain/transfer/read-file';
import { randomTheme } from '../../src/screens/add/random-theme';
import { DOWNLOAD_PART_CHARS, downloadText } from '../../src/screens/you/data/download';
import { readChosenFile } from '../../src/screens/you/data/read-chosen-file';
import bitwardenText from '../fixtures/transfer/bitwarden.json?raw';
import bitwardenEncrypted from '../fixtures/transfer/bitwarden-encrypted.json?raw';
import csvText from '../fixtures/transfer/cards.csv?raw';
import protonZip from '../fixtures/transfer/proton-pass.zip?url';
import backupText from '../fixtures/transfer/sleeve-backup.json?raw';
import { catchDownloads } from '../support/downloads';

const fileOf = (content: BlobPart, name: string) => new File([content], name);

/** A read file with every new card's colour the same: each read draws its own at random (SPEC.md §3). */
function sameColours(read: ReadFile): ReadFile {
  if (read.kind !== 'rows') return read;
  const rows = read.parse.rows.map(
    (row): ImportRow =>
      'card' in row ? { ...row, card: { ...row.card, data: { ...row.card.data, theme: 'SKY' } } } : row,
  );
  return { kind: 'rows', parse: { ...read.parse, rows } };
}

/** What reading `content` on the page gives, or the error it throws. */
async function onThePage(content: Uint8Array): Promise<ReadFile | Error> {
  return readImportFile(content, randomTheme).catch((error: Error) => error);
}

async function bytesOf(content: string | Blob): Promise<Uint8Array> {
  return new Uint8Array(await new Blob([content]).arrayBuffer());
}

describe('a chosen file read in a worker', () => {
  test('every kind of file reads as it does on the page: cards, a backup awaiting its passphrase, a CSV table', async () => {
    const zip = await (await fetch(protonZip)).blob();
    for (const [content, name] of [
      [bitwardenText, 'bitwarden.json'],
      [backupText, 'backup.json'],
      [csvText, 'cards.csv'],
      [zip, 'proton-pass.zip'],
    ] as const) {
      const read = await readChosenFile(fileOf(content, name));
      expect(sameColours(read), name).toEqual(sameColours((await onThePage(await bytesOf(content))) as ReadFile));
    }
  });

  test('a file of a thousand cards comes back whole and in order, each row where it was in the file', async () => {
    const items = Array.from({ length: 1003 }, (_, index) => ({
      type: 3,
      name: `Card ${index + 1}`,
      card: { cardholderName: 'Ada Lovelace', number: '4111111111111111', expMonth: '12', expYear: '2030' },
    }));
    // Every seventh item is a login, which is left out and counted.
    for (let index = 0; index < items.length; index += 7) items[index] = { ...items[index], type: 1 } as never;
    const text = JSON.stringify({ encrypted: false, items });
    const read = await readChosenFile(fileOf(text, 'many.json'));
    expect(read.kind).toBe('rows');
    if (read.kind !== 'rows') return;
    expect(read.parse.leftOut).toBe(144);
    expect(read.parse.rows).toHaveLength(859);
    expect(read.parse.rows.map((row) => row.where)).toEqual(
      items.flatMap((item, index) => (item.type === 3 ? [`Item ${index + 1} “Card ${index + 1}”`] : [])),
    );
    expect(sameColours(read)).toEqual(sameColours((await onThePage(await bytesOf(text))) as ReadFile));
  });

  test('a file that cannot be read says why, in the same words and as the same kind of error as on the page', async () => {
    for (const [content, message] of [
      ['{"items": [}', ReadFileMessages.damagedJson],
      ['{"some": "thing"}', ReadFileMessages.unknownJson],
      [bitwardenEncrypted, BitwardenMessages.encrypted],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]), ReadFileMessages.notText],
    ] as const) {
      const error = await readChosenFile(fileOf(content, 'file')).catch((caught: Error) => caught);
      const expected = await onThePage(await bytesOf(new Blob([content])));
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(message);
      expect((error as Error).name).toBe((expected as Error).name);
      expect(error.constructor).toBe(expected.constructor);
    }
  });
});

describe('a large file saved a part at a time', () => {
  test('the file holds exactly the text, a character beyond the Basic Multilingual Plane at a part’s end included', async () => {
    const downloads = catchDownloads();
    // A card emoji (two UTF-16 units) astride the first part's end, and text enough for several parts.
    const text = `${'a'.repeat(DOWNLOAD_PART_CHARS - 1)}💳${'é'.repeat(DOWNLOAD_PART_CHARS)}${'z'.repeat(12345)}`;
    await downloadText([text], 'large.json');
    const file = await downloads.next();
    expect(file.name).toBe('large.json');
    expect(file.text.length).toBe(text.length);
    expect(file.text === text).toBe(true);
  });

  test('a text in parts becomes one file of the parts in order, an empty part and a short one included', async () => {
    const downloads = catchDownloads();
    const parts = ['{"items": [\n', `${'ü'.repeat(DOWNLOAD_PART_CHARS + 7)}💳`, '', ',\n', 'z'.repeat(99), '\n]}\n'];
    await downloadText(parts, 'parts.json');
    const file = await downloads.next();
    expect(file.name).toBe('parts.json');
    expect(file.text === parts.join('')).toBe(true);
  });
});
