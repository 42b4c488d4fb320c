// Measures the card reader (scan-worker/recognize) on a corpus of photos, in real Chromium: the shipped code served
// by Vite's dev server with the project's own config, run in a dedicated worker exactly as the scanner runs it, with
// its assets fetched from that same origin (any request to another origin fails the run). Prints per-field accuracy,
// over all photos and by the labels' look, face and layout (SCAN_BY=print,font picks other fields), time per
// image, and the gzip size of what the reader downloads.
//
//   node scripts/scan-corpus/measure.mjs [corpus dir] [split] [limit]
//   defaults: .cache/scan-corpus held-out (all); the sample: tests/fixtures/scan-sample all
//
// A number counts as read only under the scanner's acceptance rule (src/domain/scan-accept.ts `acceptPhoto`, the
// page's own): read in a grouping cards print, a number a network issues at a length its cards carry, passing Luhn,
// and the same digits from at least two of the independent passes (FrameRead.numbers), as two frames agreeing would
// be for the camera.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../chromium.mjs';
import { printedGroups } from './cards.mjs';
import { judge, percent, tableBy, tally } from './figures.mjs';
import { groupsOf } from './numbers.mjs';

const corpus = resolve(process.argv[2] ?? '.cache/scan-corpus');
const split = process.argv[3] ?? 'held-out';
const limit = Number(process.argv[4] ?? Number.POSITIVE_INFINITY);

/**
 * @typedef {{ file: string, split?: string, number: string, expiry: string, name: string, look: string,
 *   face?: string, layout?: string, grouping?: string }} Label
 */
/** @typedef {{ card: boolean, numbers: string[], expiry: string | null, name: string | null }} Read */

/** @type {{ labels: Label[] }} */
const { labels } = JSON.parse(readFileSync(resolve(corpus, 'labels.json'), 'utf8'));
// SCAN_ONLY=card-0001.jpg,card-0007.jpg picks photos by name (for looking into a few).
const only = process.env.SCAN_ONLY?.split(',');
const chosen = labels
  .filter((label) => (only ? only.includes(label.file) : split === 'all' || label.split === split))
  .slice(0, limit);

// A candidate reader (another OCR engine with the same readLine and startReader as scan-worker/recognize/engine.ts,
// which may ignore the shipped reader's files it is handed) takes the shipped engine's place when SCAN_ENGINE names
// its file; the preprocessing around it stays the shipped one.
const candidate = process.env.SCAN_ENGINE ? resolve(process.env.SCAN_ENGINE) : null;
const server = await createServer({
  configFile: resolve('vite.config.ts'),
  server: {
    port: 0,
    strictPort: false,
    host: '127.0.0.1',
    ...(candidate ? { fs: { allow: [resolve('.'), resolve(candidate, '..')] } } : {}),
  },
  ...(candidate ? { resolve: { alias: [{ find: /^\.\/engine$/, replacement: candidate }] } } : {}),
  logLevel: 'warn',
});
await server.listen();
const address = server.httpServer?.address();
if (!address || typeof address === 'string') throw new Error('The dev server has no port');
const origin = `http://127.0.0.1:${address.port}`;

// The scanner's rule itself (TypeScript), loaded through the same server.
const rule = await server.ssrLoadModule('/src/domain/scan-accept.ts');
/**
 * The number the page fills in from one photo's reads, or null: acceptPhoto's, the card number read by the most
 * passes, if by enough.
 * @param {string[]} numbers
 * @returns {string | null}
 */
const accepted = (numbers) =>
  rule.acceptPhoto({ card: true, numbers, expiry: null, name: null, light: 1, sharpness: 1, size: 1 }, new Date())
    ?.number ?? null;

const executablePath = findChromium();
const browser = await chromium.launch({ args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) });
const context = await browser.newContext();
/** @type {string[]} */
const foreign = [];
// SCAN_RECORD=<dir> keeps each line scripts/card-reader/record-engine.ts hands back, under the photo being read
// (photos are read one at a time, so a line belongs to the last photo fetched).
const recordTo = process.env.SCAN_RECORD ? resolve(process.env.SCAN_RECORD) : null;
if (recordTo) mkdirSync(resolve(recordTo, 'lines'), { recursive: true });
let photo = '';
let recorded = 0;
// Nothing may come from elsewhere: a CDN default left in place would show up here (and fail the run).
await context.route('**/*', async (route) => {
  const url = new URL(route.request().url());
  if (url.origin !== origin) {
    foreign.push(url.href);
    await route.abort();
    return;
  }
  if (url.pathname === '/__measure') {
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>measure</title>' });
    return;
  }
  if (recordTo && url.pathname === '/__record') {
    const file = `${String(recorded++).padStart(6, '0')}.grey`;
    writeFileSync(resolve(recordTo, 'lines', file), route.request().postDataBuffer() ?? Buffer.alloc(0));
    const line = { photo, file, ...Object.fromEntries(url.searchParams) };
    appendFileSync(resolve(recordTo, 'lines.jsonl'), `${JSON.stringify(line)}\n`);
    await route.fulfill({ status: 204 });
    return;
  }
  if (url.pathname.startsWith('/__corpus/')) {
    photo = url.pathname.slice(10);
    await route.fulfill({ contentType: 'image/jpeg', body: readFileSync(resolve(corpus, url.pathname.slice(10))) });
    return;
  }
  await route.continue();
});
const page = await context.newPage();
page.on('pageerror', (error) => console.error('page error:', error.message));
page.on('console', (message) => console.error('page:', message.text()));
await page.goto(`${origin}/__measure`);

/** @type {{ file: string, read?: Read, ms: number, startMs?: number, error?: string }[]} */
const results = await page.evaluate(
  async (files) => {
    const worker = new Worker('/tests/scan-worker/read-worker.ts', { type: 'module' });
    // A worker that fails to load or throws outside a read would otherwise leave the run waiting for ever.
    const failed = new Promise((_, fail) => {
      worker.addEventListener('error', (event) =>
        fail(new Error(`scanner worker: ${event.message ?? 'failed to load'}`)),
      );
    });
    let nextId = 0;
    /** @param {ImageData} image @returns {Promise<{ read?: Read, ms: number, error?: string }>} */
    const readOne = (image) =>
      new Promise((done) => {
        const id = nextId++;
        /** @param {MessageEvent} event */
        const listener = (event) => {
          if (event.data.id !== id) return;
          worker.removeEventListener('message', listener);
          done(event.data);
        };
        worker.addEventListener('message', listener);
        worker.postMessage({ id, image });
      });
    const out = [];
    for (const file of files) {
      const bitmap = await createImageBitmap(await (await fetch(`/__corpus/${file}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context2d = canvas.getContext('2d');
      if (!context2d) throw new Error('no 2d context');
      context2d.drawImage(bitmap, 0, 0);
      const answer = await Promise.race([failed, readOne(context2d.getImageData(0, 0, bitmap.width, bitmap.height))]);
      console.log(`${file} ${Math.round(answer.ms)} ms`);
      out.push({ file, ...answer });
    }
    worker.terminate();
    return out;
  },
  chosen.map((label) => label.file),
);

await browser.close();
await server.close();

/** @type {{ label: Label, verdict: import('./figures.mjs').Verdict }[]} */
const judged = [];
/** @type {number[]} */
const times = [];
const verbose = Boolean(process.env.VERBOSE);
for (const result of results) {
  const label = chosen.find((entry) => entry.file === result.file);
  if (!label) continue;
  if (result.error || !result.read) {
    console.error(result.file, result.error);
    judged.push({ label, verdict: { number: 'nothing', expiry: false, name: false, wrongName: false } });
    continue;
  }
  times.push(result.ms);
  const number = accepted(result.read.numbers);
  // What the rule takes from the number as the card prints it (a corpus made before groupings were labelled printed
  // them as cards.mjs `printedGroups` does).
  const printed = (label.grouping ? groupsOf(label.number, label.grouping) : printedGroups(label.number)).join(' ');
  const expected = rule.isCardNumber(printed) ? label.number : null;
  const filled = { expiry: result.read.expiry, name: rule.plausibleName(result.read.name) };
  judged.push({ label, verdict: judge(number, expected, filled, label) });
  if (verbose || (number !== null && number !== expected)) {
    console.log(
      `${label.file} ${label.look} ${label.face ?? 'front'} ${label.layout ?? 'horizontal'} ${label.number} -> ${number ?? '-'} [${result.read.numbers.join(' | ')}]`,
      `${label.expiry}->${result.read.expiry} "${label.name}"->"${result.read.name}" card=${result.read.card} ${Math.round(result.ms)}ms`,
    );
  }
}
times.sort((a, b) => a - b);
const percentile = (/** @type {number} */ share) =>
  Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0);
const all = tally(judged.map((entry) => entry.verdict));
const pct = (/** @type {number} */ count) => percent(count, all.photos);

/** What the reader downloads when the scanner opens: the files its `?url` imports name, gzipped as served. */
const shipped = (process.env.SCAN_SHIPPED ?? '')
  .split(',')
  .filter(Boolean)
  .concat(
    process.env.SCAN_SHIPPED
      ? []
      : [
          'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm',
          'node_modules/onnxruntime-web/dist/ort.wasm.bundle.min.mjs',
          'generated/card-reader/card-reader.onnx',
          'generated/card-reader/classes.json',
        ],
  );
let gzipBytes = 0;
for (const file of shipped) {
  const bytes = readFileSync(resolve(file));
  // The model is gzip already; it is served as it is.
  gzipBytes += file.endsWith('.gz') ? bytes.length : gzipSync(bytes, { level: 9 }).length;
}

console.log(`corpus ${corpus} split ${split}: ${all.photos} photos`);
console.log(`number exact ${all.exact} (${pct(all.exact)}), wrong ${all.wrong}, nothing ${all.nothing}`);
console.log(
  `expiry ${all.expiry} (${pct(all.expiry)}), name ${all.name} (${pct(all.name)}), wrong names ${all.wrongNames}`,
);
// A corpus made before faces and layouts were labelled holds fronts of landscape cards only.
const fallbacks = /** @type {Record<string, string>} */ ({ face: 'front', layout: 'horizontal' });
for (const field of (process.env.SCAN_BY ?? 'look,face,layout').split(',').filter(Boolean)) {
  for (const line of tableBy(judged, field, fallbacks[field] ?? '-')) console.log(line);
}
console.log(`ms per image: median ${percentile(0.5)}, p95 ${percentile(0.95)}`);
const first = results.find((result) => result.startMs !== undefined);
if (first?.startMs !== undefined) {
  console.log(`reader start ${Math.round(first.startMs)} ms, first read ${Math.round(first.ms - first.startMs)} ms`);
}
console.log(`download (gzip): ${(gzipBytes / 1024 / 1024).toFixed(2)} MB`);
if (foreign.length > 0) {
  console.error(`requests to other origins: ${[...new Set(foreign)].join(', ')}`);
  process.exitCode = 1;
}
