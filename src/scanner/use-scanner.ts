/**
 * The scanner at work: the recognition worker for this visit, the camera while the screen is active, frames read
 * one after another (at most four a second), the hint each read calls for, and the result once reads agree
 * (src/domain/scan-accept.ts). A chosen photo goes through the same worker and the same rules.
 */
import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanHint, ScanResult } from '../domain/scan-accept';
import { acceptPhoto, detailsWanted, emptyTally, hintFor, tallyFrame } from '../domain/scan-accept';
import { EVERY_DETAIL } from '../domain/scan-read';
import { grabFrame, photoPixels } from './frames';
import type { Recognition } from './recognition';
import { openRecognition } from './recognition';
import type { CameraControl } from './use-camera';
import { useCamera } from './use-camera';

/** How often a frame is taken while the previous read is done: enough to feel live, little work for a phone. */
export const FRAME_EVERY_MS = 250;
/** How soon to look again when the video had no frame to give (the camera just started). */
const NO_FRAME_RETRY_MS = 40;
/** After this long without a number, the hint says what else to try. */
export const SLOW_AFTER_MS = 15_000;

/** Where a chosen photo stands: being read, not an image, or read without a number the rules accept. */
export type PhotoState = 'reading' | 'unreadable' | 'no-number' | null;

export interface Scanner {
  camera: CameraControl;
  hint: ScanHint;
  /** No number yet after SLOW_AFTER_MS of live camera. */
  slow: boolean;
  photo: PhotoState;
  readPhoto: (file: File) => Promise<void>;
}

export interface ScannerOptions {
  video: RefObject<HTMLVideoElement | null>;
  /** Whether the camera may run: the screen is shown, the tab visible, the app unlocked. */
  active: boolean;
  /** Called once, with the camera already stopped. */
  onResult: (result: ScanResult) => void;
}

export function useScanner({ video, active, onResult }: ScannerOptions): Scanner {
  const [done, setDone] = useState(false);
  const camera = useCamera(video, active && !done);
  const [hint, setHint] = useState<ScanHint>('place');
  const [slow, setSlow] = useState(false);
  const [photo, setPhoto] = useState<PhotoState>(null);
  const recognition = useRef<Recognition | null>(null);
  const reading = useRef(false);
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  }, [onResult]);

  // One worker per visit: started as the scanner opens, ended as it closes.
  useEffect(() => {
    const opened = openRecognition();
    recognition.current = opened;
    return () => {
      opened.close();
      recognition.current = null;
      reading.current = false;
    };
  }, []);

  const { stop } = camera;
  const finish = useCallback(
    (result: ScanResult) => {
      stop();
      setDone(true);
      report.current(result);
    },
    [stop],
  );

  const live = camera.state.status === 'live';
  useEffect(() => {
    if (!live) return;
    const tally = emptyTally();
    let ended = false;
    setSlow(false);
    setHint('place');
    const slowTimer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    /** Reads the frame the video shows now; false when there was none to read (yet). */
    const readOne = async (): Promise<boolean> => {
      const worker = recognition.current;
      const element = video.current;
      if (reading.current || !worker || !element) return false;
      const image = grabFrame(element);
      if (!image) return false;
      reading.current = true;
      try {
        const read = await worker.read(image, 'camera', detailsWanted(tally));
        if (ended) return true;
        const result = tallyFrame(tally, read, new Date());
        if (result) finish(result);
        else setHint(hintFor(read));
      } finally {
        reading.current = false;
      }
      return true;
    };
    // A frame that fails to read is only one of many: the next one tries again. The first is taken at once (when
    // the video already shows one), so that its card is found while the reader is still starting; each next one as
    // soon as the reader is free, but no sooner than FRAME_EVERY_MS after the one before began. Until the video's
    // first frame arrives, it is looked for more often.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readFrames = async () => {
      const began = performance.now();
      const read = await readOne().catch(() => true);
      if (ended) return;
      const wait = read ? FRAME_EVERY_MS - (performance.now() - began) : NO_FRAME_RETRY_MS;
      timer = setTimeout(() => void readFrames(), Math.max(0, wait));
    };
    void readFrames();
    return () => {
      ended = true;
      clearTimeout(timer);
      clearTimeout(slowTimer);
    };
  }, [live, video, finish]);

  const readPhoto = useCallback(
    async (file: File) => {
      const worker = recognition.current;
      if (!worker) return;
      setPhoto('reading');
      let image: ImageData;
      try {
        image = await photoPixels(file);
      } catch {
        setPhoto('unreadable');
        return;
      }
      let result: ScanResult | null;
      try {
        result = acceptPhoto(await worker.read(image, 'photo', EVERY_DETAIL), new Date());
      } catch {
        // The reader failed on this image: for the person, the same as a photo with no number in it.
        result = null;
      }
      if (result) finish(result);
      else setPhoto('no-number');
    },
    [finish],
  );

  return { camera, hint, slow, photo, readPhoto };
}
