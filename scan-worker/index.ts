/** The recognition worker's entry: reads images and nothing else; it holds no key and reaches no network. */
import { expose } from 'comlink';
import type { ScanWorkerApi } from './api';
import { readImage, startReader } from './recognize';

const api: ScanWorkerApi = {
  readFrame: (image, source, details) => readImage(image, source, details),
  start: (files) => startReader(files),
};

expose(api);
