/**
 * The project's own card reader as a candidate for measure.mjs (`SCAN_ENGINE=scripts/scan-corpus/candidates/
 * card-reader.ts`): the network of scan-worker/recognize/network.ts on TensorFlow.js's wasm backend, behind the
 * shipped pipeline. It fetches its own files and ignores the shipped reader's it is handed.
 */
import type { ReaderFiles } from '../../../scan-worker/api';
import type { BandKind } from '../../../scan-worker/recognize/bands';
import { ctcDecode } from '../../../scan-worker/recognize/ctc';
import type { LineRead } from '../../../scan-worker/recognize/engine';
import type { Grey } from '../../../scan-worker/recognize/grey';
import { CLASSES, networkInput, runNetwork, startNetwork } from '../../../scan-worker/recognize/network';
import { fetchCardReaderFiles } from './card-reader-files';

/**
 * What each kind of line may hold: a number line is digits with its groups apart; an expiry line carries words
 * ('VALID THRU'), read and then left out by the parser; a name line has no digits.
 */
const ALLOWED: Readonly<Record<BandKind, string>> = {
  number: '0123456789 ',
  expiry: CLASSES.join(''),
  name: "ABCDEFGHIJKLMNOPQRSTUVWXYZ .'-",
};

const allowed = (kind: BandKind): number[] =>
  CLASSES.flatMap((character, index) => (index > 0 && ALLOWED[kind].includes(character) ? [index] : []));

export async function startReader(_shipped: ReaderFiles): Promise<void> {
  const files = await fetchCardReaderFiles();
  await startNetwork(files.model, files.wasm);
}

export async function readLine(band: Grey, kind: BandKind): Promise<LineRead> {
  const { input, width } = networkInput(band);
  const { probabilities, steps } = await runNetwork(input, width);
  const decoded = ctcDecode(probabilities, steps, CLASSES.length, allowed(kind), CLASSES);
  // This reader gives word and group gaps as spaces; a number is its longest run, in the groups it shows (ctc.ts).
  const text = kind === 'number' ? decoded.groups : decoded.text.replace(/ +/g, ' ').trim();
  return { text, confidence: decoded.confidence, weakest: decoded.weakest };
}
