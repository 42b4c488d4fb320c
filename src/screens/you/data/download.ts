/**
 * Saves text as a file the person downloads: a Blob behind a temporary object URL and an <a download> clicked from
 * code. No inline script and no data: URL, so the strict Content-Security-Policy has nothing to allow.
 *
 * An export of ten thousand cards is several megabytes of text, and making a Blob encodes and copies all of it in the
 * call: on a slow phone, one task of a quarter of a second. The Blob is made of pieces instead, one piece a task
 * (next-task.ts); joining Blobs into one copies nothing. The text comes in parts (a plain export's, json-text.ts),
 * which are never joined into one string: that alone is a long task at that size.
 */
import { nextTask } from '../../../domain/next-task';

/** Characters encoded in one task: a small fraction of 50 ms even on a phone four times slower than a laptop. */
export const DOWNLOAD_PART_CHARS = 128 * 1024;

/** The parts of `text` as Blobs, a piece at a time with a new task before each piece. */
async function addPieces(pieces: Blob[], text: string): Promise<void> {
  let start = 0;
  while (start < text.length) {
    await nextTask();
    let end = Math.min(text.length, start + DOWNLOAD_PART_CHARS);
    // A piece never ends between the two halves of a character outside the Basic Multilingual Plane.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(new Blob([text.slice(start, end)]));
    start = end;
  }
}

/**
 * Saves the text that `parts` join into as the file `fileName`. Parts are encoded one by one, so a character must not
 * be split between two of them.
 */
export async function downloadText(
  parts: readonly string[],
  fileName: string,
  type = 'application/json',
): Promise<void> {
  const pieces: Blob[] = [];
  for (const part of parts) await addPieces(pieces, part);
  const blob = new Blob(pieces, { type });
  await nextTask();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its URL; the text does not stay in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
