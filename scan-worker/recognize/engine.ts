/**
 * The line reader: tesseract.js (Tesseract 5's LSTM recogniser compiled to WebAssembly), started once, on first use,
 * inside the scanner's worker. Every file it needs comes from the app's own origin, as the build ships them (Vite's
 * `?url` imports): the inner worker script, the SIMD LSTM-only core (wasm inlined in its script, so it needs no
 * second URL), and the English 'best_int' model. The library's own defaults would fetch all three from a CDN.
 */
import engModel from '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url';
import Tesseract from 'tesseract.js';
import workerScript from 'tesseract.js/dist/worker.min.js?url';
import coreScript from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url';
import type { BandKind } from './bands';
import { type Grey, greyToImageData } from './grey';

export interface LineRead {
  text: string;
  /** The reader's own confidence, 0–100. */
  confidence: number;
}

/** What each kind of line may contain: the reader then never offers a letter for a digit or the reverse. */
const WHITELISTS: Readonly<Record<BandKind, string>> = {
  number: '0123456789',
  expiry: '0123456789/',
  name: "ABCDEFGHIJKLMNOPQRSTUVWXYZ .'-",
};

let started: Promise<Tesseract.Worker> | null = null;
let whitelist: BandKind | null = null;

async function start(): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    workerPath: workerScript,
    corePath: coreScript,
    // The library fetches `${langPath}/eng.traineddata.gz`, a name the build's hashed file does not have; ending the
    // path with '?' turns that suffix into a query string, which static servers ignore, so the request gets the
    // shipped file. (Handing the model over as bytes instead is broken in tesseract.js 7: it passes the bytes to
    // Tesseract's Init as the language's name.)
    langPath: `${engModel}?`,
    // A same-origin script URL: a blob: wrapper would need its own CSP allowance.
    workerBlobURL: false,
    // The browser's HTTP cache keeps the download; IndexedDB need not keep a second copy.
    cacheMethod: 'none',
  });
  // One printed line per band; the card's DPI is known (~254 at 10 px/mm), which saves Tesseract its guess.
  await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SINGLE_LINE, user_defined_dpi: '254' });
  return worker;
}

function engine(): Promise<Tesseract.Worker> {
  if (!started) {
    started = start();
    // A failed start (a missing file) is not remembered, so the next frame tries again.
    started.catch(() => {
      started = null;
    });
  }
  return started;
}

/** Starts the reader ahead of the first frame (the model's download and compile take a moment). */
export async function warmUp(): Promise<void> {
  await engine();
}

/** Reads one band as the `kind` of line. */
export async function readLine(band: Grey, kind: BandKind): Promise<LineRead> {
  const worker = await engine();
  if (whitelist !== kind) {
    await worker.setParameters({ tessedit_char_whitelist: WHITELISTS[kind] });
    whitelist = kind;
  }
  const canvas = new OffscreenCanvas(band.width, band.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context in the scanner worker');
  context.putImageData(greyToImageData(band), 0, 0);
  const { data } = await worker.recognize(canvas);
  return { text: data.text.trim(), confidence: data.confidence };
}
