/**
 * A reader for measure.mjs that also hands each line it is asked to read back to the script (`SCAN_ENGINE=
 * scripts/card-reader/record-engine.ts SCAN_RECORD=<dir>`): the band exactly as the network sees it (32 px high,
 * grey), what kind of line the pipeline took it for, and what the project's reader read there. record.py labels these
 * against the corpus's labels.json, so the reader trains on lines cut as the scanner cuts them.
 */
import type { ReaderFiles } from '../../scan-worker/api';
import type { BandKind } from '../../scan-worker/recognize/bands';
import type { LineRead } from '../../scan-worker/recognize/engine';
import type { Grey } from '../../scan-worker/recognize/grey';
import { INPUT_HEIGHT, networkInput } from '../../scan-worker/recognize/network';
import * as reader from '../scan-corpus/candidates/card-reader';

export function startReader(shipped: ReaderFiles): Promise<void> {
  return reader.startReader(shipped);
}

export async function readLine(band: Grey, kind: BandKind): Promise<LineRead> {
  const read = await reader.readLine(band, kind);
  const { input, width } = networkInput(band);
  const bytes = Uint8Array.from(input, (value) => Math.round(value * 255));
  const query = new URLSearchParams({ kind, text: read.text, width: String(width), height: String(INPUT_HEIGHT) });
  // Awaited: every line of a photo reaches the script before the photo's read does.
  await fetch(`/__record?${query}`, { method: 'POST', body: bytes });
  return read;
}
