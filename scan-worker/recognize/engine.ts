/**
 * The line reader: PaddleOCR's PP-OCRv4 recognition network (the text-line recogniser only: finding the lines is
 * done by the card's geometry, bands.ts) run by onnxruntime-web's WebAssembly backend, started once inside the
 * scanner's worker from the two files the page hands over (src/scanner/reader-files.ts): the runtime's wasm, given to
 * it as bytes (`env.wasm.wasmBinary`, so its JavaScript, bundled in this worker's script, fetches nothing), and the
 * model, given as bytes too. The model is the package's with its last layer cut down to printable ASCII at build time
 * (scripts/reader-model/), its class list beside it, bundled as text.
 */
import * as ort from 'onnxruntime-web/wasm';
import classesJson from '../../generated/card-reader/classes.json?raw';
import type { ReaderFiles } from '../api';
import type { BandKind } from './bands';
import { ctcDecode } from './ctc';
import { type Grey, resizeToHeight } from './grey';

export interface LineRead {
  text: string;
  /** The mean probability of the characters read, 0–100. */
  confidence: number;
  /** The lowest probability of any character read (spaces aside), 0–100. */
  weakest: number;
}

/**
 * What each kind of line may contain. Decoding keeps only these classes (and the blank), so the network never
 * offers a letter for a digit or the reverse: the model knows 95 characters and a card line uses a dozen. The number
 * keeps the space: where the reader puts one is how the groups printed on the card are told apart (ctc.ts).
 */
const ALLOWED: Readonly<Record<BandKind, string>> = {
  number: '0123456789 ',
  // An expiry line carries words ('VALID THRU'), and each line under the number is first read as one to tell a
  // date's line from a name's (index.ts): letters read as letters, not as digits that would make it a date.
  expiry: '0123456789/ ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  name: "ABCDEFGHIJKLMNOPQRSTUVWXYZ .'-",
};

/** The network's input height; widths follow the band's proportions. */
const INPUT_HEIGHT = 48;

/** The character of each of the network's outputs; class 0 is CTC's blank. */
const CLASSES: readonly string[] = JSON.parse(classesJson);

let started: Promise<ort.InferenceSession> | null = null;

/**
 * Starts the reader from its files, once (the runtime's compile and the model's load take a moment): a later call
 * waits for the same start. A failed start is not remembered, so the page may hand the files over again.
 */
export async function startReader(files: ReaderFiles): Promise<void> {
  if (!started) {
    ort.env.wasm.wasmBinary = files.wasm;
    // Threads need a cross-origin isolated page; one thread in the scanner's own worker keeps the page responsive.
    ort.env.wasm.numThreads = 1;
    started = ort.InferenceSession.create(new Uint8Array(files.model), { executionProviders: ['wasm'] });
    started.catch(() => {
      started = null;
    });
  }
  await started;
}

function engine(): Promise<ort.InferenceSession> {
  return started ?? Promise.reject(new Error('The card reader has not been started'));
}

/** The classes a `kind` line may use, by index into the network's output. */
const allowedClasses = new Map<BandKind, number[]>();
function classesFor(kind: BandKind): number[] {
  let classes = allowedClasses.get(kind);
  if (!classes) {
    classes = [];
    CLASSES.forEach((character, index) => {
      if (character.length === 1 && ALLOWED[kind].includes(character)) classes?.push(index);
    });
    allowedClasses.set(kind, classes);
  }
  return classes;
}

/** Reads one band (dark text on light) as the `kind` of line. */
export async function readLine(band: Grey, kind: BandKind): Promise<LineRead> {
  const session = await engine();
  const scaled = resizeToHeight(band, INPUT_HEIGHT);
  const { width, height, data } = scaled;
  // The network takes three identical channels scaled to -1…1, as it was trained.
  const plane = width * height;
  const input = new Float32Array(plane * 3);
  for (let index = 0; index < plane; index += 1) {
    const value = (data[index] ?? 0) / 127.5 - 1;
    input[index] = value;
    input[plane + index] = value;
    input[plane * 2 + index] = value;
  }
  const inputName = session.inputNames[0] ?? 'x';
  const outputName = session.outputNames[0] ?? '';
  const outputs = await session.run({ [inputName]: new ort.Tensor('float32', input, [1, 3, height, width]) });
  const output = outputs[outputName];
  if (!output) throw new Error('The line reader gave no output');
  const [, steps = 0, classes = 0] = output.dims;
  const decoded = ctcDecode(output.data as Float32Array, steps, classes, classesFor(kind), CLASSES);
  // The model drops most spaces between words; a name's words are told apart by the gaps between characters. A number
  // is its longest run (stray reads off the line's ends stand apart), in the groups it shows.
  const text = kind === 'name' ? decoded.spaced : kind === 'number' ? decoded.groups : decoded.text;
  return { text, confidence: decoded.confidence, weakest: decoded.weakest };
}
