/** The recognition worker's API: the only thing the page knows of it (src/scanner/recognition.ts imports this type). */
import type { FrameRead, ImageSource, ReadDetails } from '../src/domain/scan-read';

/**
 * The reader's two files, as the page fetched them from this site (src/scanner/reader-files.ts) and transferred them
 * in: this worker reaches no network at all, its own site included (its policy's `connect-src 'none'`).
 */
export interface ReaderFiles {
  /** The card reader's model (ONNX). */
  model: ArrayBuffer;
  /** onnxruntime-web's WebAssembly. */
  wasm: ArrayBuffer;
}

export interface ScanWorkerApi {
  /**
   * Reads one camera frame or photo, looking for the `details` lines besides the number. The image is transferred in
   * and dropped after the read: nothing is kept.
   */
  readFrame(image: ImageData, source: ImageSource, details: ReadDetails): Promise<FrameRead>;
  /**
   * Starts the reader from its files (its runtime compiled, its model loaded), ahead of the first image, while the
   * camera starts; a read before it has started fails. The files are transferred in and kept by the runtime.
   */
  start(files: ReaderFiles): Promise<void>;
}
