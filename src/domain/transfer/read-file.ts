/**
 * A chosen file, told apart by what it holds rather than by its name: a ZIP archive (Proton Pass's export, read for
 * its data.json), JSON (a Sleeve backup, Bitwarden, Proton Pass or Credential Exchange), or else CSV. fflate and
 * Papa Parse are loaded only here, when a file is read, so nobody who never imports downloads them.
 *
 * Every whole-file problem (not text, damaged JSON, an encrypted export, a ZIP without data.json) is thrown as an
 * InvalidArgumentError with a sentence for the person; problems of single cards are rows of the result.
 */
import { InvalidArgumentError } from '../errors';
import { isBitwardenValue, readBitwarden } from './bitwarden';
import type { CsvTable } from './csv';
import { isCxfValue, readCxf } from './cxf';
import type { ImportParse, ThemeSource } from './import-row';
import { isProtonPassValue, readProtonPass } from './proton-pass';
import { isBackupValue, readBackupFile } from './sleeve-backup';

/** Larger than any card export a person could have; a guard against reading a video or a disk image into memory. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What reading a file gave, and what the person must still supply. */
export type ReadFile =
  /** Cards read; the preview comes next. */
  | { kind: 'rows'; parse: ImportParse }
  /** A Sleeve backup: its passphrase comes next, and the worker opens it. */
  | { kind: 'backup'; text: string; count: number }
  /** A CSV file: the column mapping comes next. */
  | { kind: 'csv'; table: CsvTable };

export const ReadFileMessages = {
  empty: 'This file is empty.',
  tooLarge: 'This file is larger than 20 MB, far larger than any card export, so it was not read.',
  notText: 'This file is not text, JSON or a ZIP archive, so Sleeve cannot import from it.',
  damagedJson: 'This file looks like JSON but is damaged, so nothing can be imported from it.',
  unknownJson:
    'This JSON file is not an export Sleeve knows. Sleeve imports its own backups, Bitwarden and Proton Pass JSON exports, Credential Exchange (CXF) files and CSV files.',
  damagedZip: 'This ZIP archive is damaged, so nothing can be imported from it.',
  zipWithoutData:
    'This ZIP archive holds no Proton Pass data.json, so there is nothing Sleeve can import from it. Choose the data.json file itself, or the ZIP Proton Pass saved.',
  zipEncrypted:
    'This Proton Pass export is encrypted (it holds data.pgp), so Sleeve cannot read it. In Proton Pass, export again without a passphrase, then import that file.',
  notCsv: 'This file is not a CSV file with at least one row of cells Sleeve could read.',
} as const;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Reads a file's bytes into rows, a backup awaiting its passphrase, or a CSV table awaiting its mapping. */
export async function readImportFile(bytes: Uint8Array, theme: ThemeSource): Promise<ReadFile> {
  if (bytes.length === 0) throw new InvalidArgumentError(ReadFileMessages.empty);
  if (bytes.length > MAX_FILE_BYTES) throw new InvalidArgumentError(ReadFileMessages.tooLarge);
  if (isZip(bytes)) return readJson(decode(await dataJsonFromZip(bytes)), theme, true);
  return readText(decode(bytes), theme);
}

/** UTF-8 (a byte order mark is dropped); anything that is not UTF-8 is not a file Sleeve reads. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (cause) {
    throw new InvalidArgumentError(ReadFileMessages.notText, { cause });
  }
}

async function dataJsonFromZip(bytes: Uint8Array): Promise<Uint8Array> {
  const { unzipSync } = await import('fflate');
  const names: string[] = [];
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return baseName(file.name) === 'data.json' && file.originalSize <= MAX_FILE_BYTES;
      },
    });
  } catch (cause) {
    throw new InvalidArgumentError(ReadFileMessages.damagedZip, { cause });
  }
  // Proton Pass puts it at 'Proton Pass/data.json'; any data.json will do, the shallowest first.
  const paths = Object.keys(files).sort((a, b) => a.split('/').length - b.split('/').length);
  const path = paths[0];
  if (path !== undefined) return files[path] as Uint8Array;
  const encrypted = names.some((name) => baseName(name) === 'data.pgp');
  throw new InvalidArgumentError(encrypted ? ReadFileMessages.zipEncrypted : ReadFileMessages.zipWithoutData);
}

async function readText(text: string, theme: ThemeSource): Promise<ReadFile> {
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') return readJson(text, theme, false);
  return { kind: 'csv', table: await splitCsv(text) };
}

function readJson(text: string, theme: ThemeSource, fromZip: boolean): ReadFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new InvalidArgumentError(ReadFileMessages.damagedJson, { cause });
  }
  if (fromZip) {
    if (!isProtonPassValue(value)) throw new InvalidArgumentError(ReadFileMessages.zipWithoutData);
    return { kind: 'rows', parse: readProtonPass(value, theme) };
  }
  if (isBackupValue(value)) {
    const checked = readBackupFile(value);
    if (!checked.ok) throw new InvalidArgumentError(checked.reason);
    return { kind: 'backup', text, count: checked.file.count };
  }
  if (isProtonPassValue(value)) return { kind: 'rows', parse: readProtonPass(value, theme) };
  if (isCxfValue(value)) return { kind: 'rows', parse: readCxf(value, theme) };
  if (isBitwardenValue(value)) return { kind: 'rows', parse: readBitwarden(value, theme) };
  throw new InvalidArgumentError(ReadFileMessages.unknownJson);
}

/** Papa Parse's reading of CSV text: cells by row, and the rows whose quoting it could not make sense of. */
async function splitCsv(text: string): Promise<CsvTable> {
  const { default: Papa } = await import('papaparse');
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const rows = result.data.filter((row) => Array.isArray(row));
  if (rows.length === 0 || rows.every((row) => row.length < 2)) throw new InvalidArgumentError(ReadFileMessages.notCsv);
  const problems = new Map<number, string>();
  for (const error of result.errors) {
    // Only quoting breaks a row: a short or long row is read as it is, and its missing cells are reasons of their own.
    if (error.type !== 'Quotes' || error.row === undefined) continue;
    problems.set(
      error.row,
      'its quotes do not pair up, so its cells (and any lines the open quote took in) cannot be told apart',
    );
  }
  return { rows, problems };
}
