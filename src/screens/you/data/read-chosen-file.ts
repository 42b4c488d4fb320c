/**
 * Reading a chosen import file without holding the page still: the file is read in a worker of its own
 * (reading-worker.ts), never the engine's, and its rows come back a few hundred at a time, each batch taken in as a
 * short task. Should that worker fail to start (an old browser, a script that could not load), the file is read here
 * on the page as before: slower, but nothing is lost. What is read, and every message about a file that cannot be, is
 * exactly what reading it on the page gives.
 */
import { InvalidArgumentError } from '../../../domain/errors';
import type { CsvTable } from '../../../domain/transfer/csv';
import type { ImportRow } from '../../../domain/transfer/import-row';
import type { ReadFile } from '../../../domain/transfer/read-file';
import { readImportFile } from '../../../domain/transfer/read-file';
import { randomTheme } from '../../add/random-theme';
import type { FromReadingWorker } from './reading-protocol';

/** The error the page would have met reading the file itself: the same kind (for the person's sentence) and text. */
function errorFrom(message: Extract<FromReadingWorker, { type: 'error' }>): Error {
  if (message.invalid) return new InvalidArgumentError(message.message);
  const error = new Error(message.message);
  error.name = message.name;
  return error;
}

/** Reads the file in the worker; rejects with `null` if the worker could not run, so the page reads it instead. */
function readInWorker(bytes: ArrayBuffer): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./reading-worker.ts', import.meta.url), { type: 'module', name: 'import-reader' });
    } catch {
      reject(null);
      return;
    }
    let head: ReadFile | null = null;
    const rows: (ImportRow | string[])[] = [];
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<FromReadingWorker>) => {
      const message = event.data;
      if (message.type === 'head') head = message.read;
      else if (message.type === 'rows') for (const row of message.rows) rows.push(row);
      else if (message.type === 'error') {
        finish();
        reject(errorFrom(message));
      } else if (head) {
        finish();
        if (head.kind === 'rows') resolve({ kind: 'rows', parse: { ...head.parse, rows: rows as ImportRow[] } });
        else if (head.kind === 'csv')
          resolve({ kind: 'csv', table: { ...head.table, rows: rows as CsvTable['rows'] } });
        else resolve(head);
      }
    };
    worker.onerror = (event) => {
      // The worker's script failed (it could not load, or threw outside the reading, which reports its own errors).
      event.preventDefault();
      finish();
      reject(null);
    };
    // The bytes move to the worker rather than being copied; the page keeps no copy of the file.
    worker.postMessage(bytes, [bytes]);
  });
}

/** Reads a chosen file's bytes into rows, a backup awaiting its passphrase, or a CSV table awaiting its mapping. */
export async function readChosenFile(file: Blob): Promise<ReadFile> {
  try {
    return await readInWorker(await file.arrayBuffer());
  } catch (error) {
    if (error !== null) throw error;
  }
  return readImportFile(new Uint8Array(await file.arrayBuffer()), randomTheme);
}
