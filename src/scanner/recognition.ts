/**
 * The only door to the recognition worker (scan-worker/): a worker of its own, never the engine's, so images never
 * reach the code that holds the keys, and the keys never share a thread with image decoding. It is started when
 * the scanner opens and terminated when it closes: nothing of it runs or stays in memory elsewhere in the app. It
 * reaches no network: the page fetches the reader's files and hands them over (reader-files.ts).
 */
import { type Remote, transfer, wrap } from 'comlink';
import type { ScanWorkerApi } from '../../scan-worker/api';
import type { FrameRead, ImageSource, ReadDetails } from '../domain/scan-read';
import { reportError } from '../state/report';
import { fetchReaderFiles } from './reader-files';

export interface Recognition {
  /**
   * Reads an image, looking for the `details` lines besides the number, once the reader has started; its pixels are
   * then transferred to the worker, so the page's copy is gone.
   */
  read(image: ImageData, source: ImageSource, details: ReadDetails): Promise<FrameRead>;
  /** Ends the worker; a read still running is abandoned (its promise never settles). */
  close(): void;
}

/** Starts a recognition worker for one visit to the scanner. */
export function openRecognition(): Recognition {
  const worker = new Worker(new URL('../../scan-worker/index.ts', import.meta.url), {
    type: 'module',
    name: 'scan-worker',
  });
  const api: Remote<ScanWorkerApi> = wrap<ScanWorkerApi>(worker);
  let starting: Promise<void> | null = null;
  // The files are fetched and handed over once; a failed start is forgotten, so the next read tries again.
  const start = (): Promise<void> => {
    if (!starting) {
      const attempt = fetchReaderFiles().then((files) => api.start(transfer(files, [files.model, files.wasm])));
      starting = attempt;
      attempt.catch(() => {
        if (starting === attempt) starting = null;
      });
    }
    return starting;
  };
  // The reader starts while the camera does: its first read would otherwise wait for it. A failure here is met
  // again by the first read, which reports it as that image's.
  start().catch(reportError);
  return {
    read: async (image, source, details) => {
      await start();
      return api.readFrame(transfer(image, [image.data.buffer]), source, details);
    },
    close: () => worker.terminate(),
  };
}
