/**
 * A dedicated worker that only reads images, for the sample test and scripts/scan-corpus/measure.mjs: the shipped
 * recognition code (scan-worker/recognize) behind a plain message interface, with the time each read took. It
 * fetches the reader's files itself, as the scanner's page does for the shipped worker (src/scanner/reader-files.ts),
 * before its first read; that first read's time includes the reader's start, as it did, and its answer also says how
 * long the start took (`startMs`).
 */
import { readImage, startReader } from '../../scan-worker/recognize';
import { fetchReaderFiles } from '../../src/scanner/reader-files';

export interface ReadRequest {
  id: number;
  image: ImageData;
}

let ready: Promise<void> | null = null;
let startMs: number | undefined;

self.onmessage = (event: MessageEvent<ReadRequest>) => {
  const { id, image } = event.data;
  const started = performance.now();
  const first = ready === null;
  ready ??= fetchReaderFiles()
    .then(startReader)
    .then(() => {
      startMs = performance.now() - started;
    });
  ready
    .then(() => readImage(image))
    .then(
      (read) => self.postMessage({ id, read, ms: performance.now() - started, ...(first ? { startMs } : {}) }),
      (error: unknown) => self.postMessage({ id, error: String(error) }),
    );
};
