/** The recognition worker's API: the only thing the page knows of it (src/scanner/recognition.ts imports this type). */
import type { FrameRead, ImageSource, ReadDetails } from '../src/domain/scan-read';

export interface ScanWorkerApi {
  /**
   * Reads one camera frame or photo, looking for the `details` lines besides the number. The image is transferred in
   * and dropped after the read: nothing is kept.
   */
  readFrame(image: ImageData, source: ImageSource, details: ReadDetails): Promise<FrameRead>;
  /** Starts the reader (its runtime compiled, its model loaded) ahead of the first image, while the camera starts. */
  warmUp(): Promise<void>;
}
