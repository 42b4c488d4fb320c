// Makes a clip for Chromium's stand-in camera from card photos: JPEG frames laid end to end in one .mjpeg file,
// which Chromium plays in a loop with `--use-file-for-fake-video-capture=<clip>.mjpeg` (beside
// `--use-fake-device-for-media-stream`). Each photo is held for some frames, so a scanner reading a few frames a
// second sees each card several times. Every photo must be a baseline JPEG of the same size (the corpus's are, but for
// its downscaled look's, whose label's `photo` gives their size).
//
//   node scripts/scan-corpus/clip.mjs --out .cache/scan-corpus/clip.mjpeg [--hold 30] photo.jpg [photo.jpg …]
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/**
 * A JPEG's width and height, from its start-of-frame marker; null when the bytes are not a JPEG with one.
 * @param {Uint8Array} bytes
 * @returns {{ width: number, height: number } | null}
 */
export function jpegSize(bytes) {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        height: ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0),
        width: ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0),
      };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The clip's bytes: each photo `hold` times, in order. Throws when a file is not a JPEG or differs in size.
 * @param {string[]} photos paths of JPEG files
 * @param {number} hold frames per photo
 * @returns {Buffer}
 */
export function makeClip(photos, hold) {
  /** @type {Buffer[]} */
  const frames = [];
  /** @type {string | null} */
  let size = null;
  for (const path of photos) {
    const bytes = readFileSync(path);
    const found = jpegSize(bytes);
    if (!found) throw new Error(`${path} is not a JPEG`);
    const thisSize = `${found.width}x${found.height}`;
    if (size !== null && thisSize !== size) throw new Error(`${path} is ${thisSize}, the clip is ${size}`);
    size = thisSize;
    for (let frame = 0; frame < hold; frame += 1) frames.push(bytes);
  }
  if (frames.length === 0) throw new Error('No photos given');
  return Buffer.concat(frames);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, hold: { type: 'string', default: '30' } },
  });
  if (!values.out || positionals.length === 0) {
    console.error('Usage: node scripts/scan-corpus/clip.mjs --out <clip>.mjpeg [--hold 30] photo.jpg [photo.jpg …]');
    process.exit(1);
  }
  writeFileSync(values.out, makeClip(positionals, Number(values.hold)));
  console.info(`${values.out}: ${positionals.length} photos, ${values.hold} frames each`);
}
