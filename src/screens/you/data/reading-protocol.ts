/**
 * What the import's file reader (reading-worker.ts) and the page that starts it (read-chosen-file.ts) say to each
 * other. Apart from both, so the worker, checked against the worker's library (tsconfig.reading-worker.json), imports
 * nothing of the page's.
 */
import type { ImportRow } from '../../../domain/transfer/import-row';
import type { ReadFile } from '../../../domain/transfer/read-file';

/** Rows in one message from the worker: a short task to take in, even on a slow phone. */
export const READ_ROWS_PER_MESSAGE = 250;

/** What the worker sends: the result without its rows, the rows in batches, the end; or why it could not read. */
export type FromReadingWorker =
  | { type: 'head'; read: ReadFile }
  | { type: 'rows'; rows: (ImportRow | string[])[] }
  | { type: 'end' }
  | { type: 'error'; invalid: boolean; name: string; message: string };

/** The long list in a read file: a parse's rows or a CSV table's; a backup has none (its text is one string). */
export function rowsOf(read: ReadFile): readonly (ImportRow | string[])[] {
  if (read.kind === 'rows') return read.parse.rows;
  return read.kind === 'csv' ? read.table.rows : [];
}

/** The read file with an empty list in place of its rows, which are sent apart. */
export function withoutRows(read: ReadFile): ReadFile {
  if (read.kind === 'rows') return { kind: 'rows', parse: { ...read.parse, rows: [] } };
  if (read.kind === 'csv') return { kind: 'csv', table: { ...read.table, rows: [] } };
  return read;
}
