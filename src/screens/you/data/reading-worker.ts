/**
 * The worker that reads a chosen import file (read-chosen-file.ts starts it, one per file): the bytes are decoded,
 * parsed and checked card by card here, off the page's main thread. Parsing a large JSON file is one call that cannot
 * be split, and on a slow phone it alone would hold the page still for a quarter of a second.
 *
 * What was read goes back in pieces: first the result without its rows, then the rows a few hundred at a time, so
 * taking each piece in on the page is a short task of its own rather than ten thousand rows copied in one.
 */
import { InvalidArgumentError } from '../../../domain/errors';
import { readImportFile } from '../../../domain/transfer/read-file';
import { randomTheme } from '../../add/random-theme';
import type { FromReadingWorker } from './reading-protocol';
import { READ_ROWS_PER_MESSAGE, rowsOf, withoutRows } from './reading-protocol';

/** Checked against the worker's library (tsconfig.reading-worker.json): this is a dedicated worker's scope. */
declare const self: DedicatedWorkerGlobalScope;

const send = (message: FromReadingWorker): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  void readImportFile(new Uint8Array(event.data), randomTheme).then(
    (read) => {
      send({ type: 'head', read: withoutRows(read) });
      const rows = rowsOf(read);
      for (let start = 0; start < rows.length; start += READ_ROWS_PER_MESSAGE) {
        send({ type: 'rows', rows: rows.slice(start, start + READ_ROWS_PER_MESSAGE) });
      }
      send({ type: 'end' });
    },
    (error: unknown) => {
      send({
        type: 'error',
        invalid: error instanceof InvalidArgumentError,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : '',
      });
    },
  );
};
