/**
 * A dedicated worker that only reads images, for the sample test and scripts/scan-corpus/measure.mjs: the shipped
 * recognition code (scan-worker/recognize) behind a plain message interface, with the time each read took.
 */
import { readImage } from '../../scan-worker/recognize';

export interface ReadRequest {
  id: number;
  image: ImageData;
}

self.onmessage = (event: MessageEvent<ReadRequest>) => {
  const { id, image } = event.data;
  const started = performance.now();
  readImage(image).then(
    (read) => self.postMessage({ id, read, ms: performance.now() - started }),
    (error: unknown) => self.postMessage({ id, error: String(error) }),
  );
};
