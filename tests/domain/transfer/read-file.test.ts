import { describe, expect, test } from 'vitest';
import { MAX_FILE_BYTES, ReadFileMessages, readImportFile } from '../../../src/domain/transfer/read-file';
import { sky } from './fixtures';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('telling files apart by what they hold', () => {
  test('each JSON export by its shape, whatever the file is called; CSV when it is not JSON', async () => {
    const kinds = async (text: string) => {
      const read = await readImportFile(bytesOf(text), sky);
      return read.kind === 'rows' ? read.parse.format : read.kind;
    };
    expect(await kinds('{"encrypted":false,"folders":[],"items":[]}')).toBe('bitwarden');
    expect(await kinds('{"version":"1.0","vaults":{}}')).toBe('proton-pass');
    expect(await kinds('{"version":{"major":1,"minor":0},"accounts":[]}')).toBe('cxf');
    expect(await kinds('number,name,expiry\n4111111111111111,Ada Lovelace,01/30\n')).toBe('csv');
    // A byte order mark, as spreadsheet apps write one, is not part of the first cell.
    const bom = await readImportFile(bytesOf('\uFEFFnumber,name\n1,2\n'), sky);
    expect(bom.kind === 'csv' && bom.table.rows[0]).toEqual(['number', 'name']);
  });

  test('every whole-file problem has its own plain reason', async () => {
    await expect(readImportFile(new Uint8Array(), sky)).rejects.toThrow(ReadFileMessages.empty);
    await expect(readImportFile(bytesOf('{"some": "thing"}'), sky)).rejects.toThrow(ReadFileMessages.unknownJson);
    await expect(readImportFile(bytesOf('[1, 2, 3]'), sky)).rejects.toThrow(ReadFileMessages.unknownJson);
    await expect(readImportFile(bytesOf('{"items": [}'), sky)).rejects.toThrow(ReadFileMessages.damagedJson);
    // A picture, say: not UTF-8, not a ZIP.
    await expect(readImportFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]), sky)).rejects.toThrow(
      ReadFileMessages.notText,
    );
    await expect(readImportFile(new Uint8Array(MAX_FILE_BYTES + 1), sky)).rejects.toThrow(ReadFileMessages.tooLarge);
  });
});
