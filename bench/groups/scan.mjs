/**
 * The `scan` group: the scanner against Chromium's stand-in camera playing clips of the committed sample photos
 * (tests/fixtures/scan-sample, one browser per clip, since the camera is chosen at launch), and the card reader on
 * the generated corpus's held-out photos (scripts/scan-corpus/measure.mjs, the corpus made first when missing).
 *
 * `scan_fill_ms` runs from the camera's stream arriving (getUserMedia resolving) to the editor painted with what was
 * read, on the production build, in a fresh browser (a person's first scan); median and p95 over the runs.
 * `scan_fill_again_ms` is the next scan in the same browser, on a fresh page (the reader's files and their compiled
 * code as the browser kept them). `scan_fill_slow_ms` is the first scan's median with Chromium's CPU throttled four
 * times (a slower device). `scan_wrong_fills` counts editors filled with another number than the photo's.
 * `scan_download_gzip_kb` is what Add Card and the scanner fetch beyond the app: the scanner's screen and warm-up
 * chunks, the worker's script, the runtime's WebAssembly and the reader's weights, as built. `scan_memory_mb` is how much the
 * page's processes grow while scanning (the renderers' resident memory, Linux /proc, sampled every 100 ms from Home
 * until the editor shows, peak less the start): the worker's runtime, model and frames, since nothing else changes.
 * The held-out figures are the measurement script's, on the tuning corpus's held-out split and on all of a corpus of
 * a seed never tuned on (`scan_fresh_*`); `scan_first_read_ms` is its first photo's read once the reader started.
 *
 * @typedef {import('../support/pages.mjs').Results} Results
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { FAKE_CAMERA_ARGS } from '../../scripts/chromium.mjs';
import { makeClip } from '../../scripts/scan-corpus/clip.mjs';
import { launchBenchBrowser } from '../support/browser.mjs';
import { log } from '../support/pages.mjs';
import { ROOT } from '../support/servers.mjs';
import { median, percentile, round } from '../support/stats.mjs';

const run = promisify(execFile);
const SAMPLE = join(ROOT, 'tests/fixtures/scan-sample');

/** Installed before the app: when the camera's stream arrives, and when the editor then shows. */
function watchFill() {
  const devices = navigator.mediaDevices;
  const real = devices.getUserMedia.bind(devices);
  const times = /** @type {{ camera?: number, filled?: number }} */ ({});
  Object.defineProperty(window, '__scan', { value: times });
  devices.getUserMedia = async (constraints) => {
    const stream = await real(constraints);
    times.camera ??= performance.now();
    const look = () => {
      if (Array.from(document.querySelectorAll('h1')).some((heading) => heading.textContent === 'New Card')) {
        times.filled = performance.now();
      } else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    return stream;
  };
}

/** The resident memory of the browser's renderer processes, in MB; null where /proc cannot tell (not Linux). @param {import('playwright').CDPSession} cdp */
async function renderersMb(cdp) {
  const { processInfo } = /** @type {{ processInfo: { type: string, id: number }[] }} */ (
    await cdp.send('SystemInfo.getProcessInfo')
  );
  let kb = 0;
  for (const { id } of processInfo.filter((one) => one.type === 'renderer')) {
    const status = existsSync(`/proc/${id}/status`) ? readFileSync(`/proc/${id}/status`, 'utf8') : '';
    const rss = status.match(/VmRSS:\s+(\d+) kB/);
    if (!rss) return null;
    kb += Number(rss[1]);
  }
  return kb / 1024;
}

/**
 * One clip in front of the camera, the scanner opened from Add Card as a person would: the time to a filled editor,
 * the number it holds, and how much memory scanning took (null where it cannot be told).
 * @param {string} appUrl @param {string} clip
 */
async function fillOnce(appUrl, clip, throttle = 1) {
  const browser = await launchBenchBrowser([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${clip}`]);
  try {
    const context = await browser.newContext();
    await context.addInitScript(watchFill);
    const page = await context.newPage();
    // A slower device: Chromium's CPU throttling of the page's renderer, which the scanner's worker runs in.
    if (throttle > 1)
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const cdp = await browser.newBrowserCDPSession();
    // Memory is sampled from Home on: Add Card starts the reader's worker (src/scanner/warm-up.ts).
    await page.goto(`${appUrl}/home`);
    await page.getByRole('link', { name: 'Add Card' }).waitFor();
    const before = await renderersMb(cdp);
    let peak = before;
    let sampling = true;
    const sample = (async () => {
      while (sampling) {
        const now = await renderersMb(cdp);
        if (now !== null && peak !== null) peak = Math.max(peak, now);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await page.getByRole('link', { name: 'Add Card' }).click();
    await page.getByRole('link', { name: 'Scan card' }).click();
    try {
      await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor({ timeout: 60_000 });
    } finally {
      sampling = false;
      await sample;
    }
    const times = await page.evaluate(() => /** @type {any} */ (window).__scan);
    const number = (await page.getByLabel('Card number').inputValue()).replace(/\s/g, '');
    const memoryMb = before === null || peak === null ? null : peak - before;
    if (throttle > 1) return { ms: times.filled - times.camera, againMs: Number.NaN, number, memoryMb };
    // The next card, on a fresh page of the same browser: the reader's files and their compiled code as it kept them.
    await page.goto(`${appUrl}/add`);
    await page.getByRole('link', { name: 'Scan card' }).click();
    await page.getByRole('heading', { name: 'New Card', level: 1 }).waitFor({ timeout: 60_000 });
    const again = await page.evaluate(() => /** @type {any} */ (window).__scan);
    return { ms: times.filled - times.camera, againMs: again.filled - again.camera, number, memoryMb };
  } finally {
    await browser.close();
  }
}

/** The gzip size of what the scanner fetches, from the build in dist/assets. */
function downloadKb() {
  const assets = join(ROOT, 'dist/assets');
  const names = readdirSync(assets).filter((name) =>
    /^(ScanScreen-.*\.js|warm-up-.*\.js|scan-worker-.*\.js|.*\.wasm|.*\.onnx|card-reader-.*\.bin)$/.test(name),
  );
  const bytes = names.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
  return { kb: round(bytes / 1024), names };
}

/** Makes a corpus with the generator when it is missing. @param {string} dir @param {string[]} args */
async function corpusAt(dir, args) {
  if (existsSync(join(dir, 'labels.json'))) return;
  log(`  making the scanner corpus ${dir} (scripts/scan-corpus/generate.mjs)…`);
  await run('node', ['scripts/scan-corpus/generate.mjs', '--out', dir, ...args], { cwd: ROOT, maxBuffer: 1 << 26 });
}

/** The measurement script's figures on a corpus's photos (its held-out split, or all of a fresh corpus). */
async function measured(/** @type {string} */ dir, /** @type {string} */ split) {
  const { stdout } = await run('node', ['scripts/scan-corpus/measure.mjs', dir, split], {
    cwd: ROOT,
    maxBuffer: 1 << 26,
  });
  const figure = (/** @type {RegExp} */ pattern) => Number(stdout.match(pattern)?.[1] ?? Number.NaN);
  const photos = figure(/: (\d+) photos/);
  return { stdout, figure, photos, pct: (/** @type {RegExp} */ pattern) => round((100 * figure(pattern)) / photos) };
}

/** The held-out photos of the tuning corpus, and a corpus of a seed never tuned on. */
async function heldOut() {
  const corpus = join(ROOT, '.cache/scan-corpus');
  const fresh = join(ROOT, '.cache/scan-fresh');
  await corpusAt(corpus, []);
  await corpusAt(fresh, ['--count', '120', '--seed', '20261127']);
  const held = await measured(corpus, 'held-out');
  const other = await measured(fresh, 'all');
  return {
    scan_heldout_photos: held.photos,
    scan_number_exact_pct: held.pct(/number exact (\d+)/),
    scan_wrong_numbers: held.figure(/number exact \d+ \([^)]*\), wrong (\d+)/),
    scan_expiry_pct: held.pct(/expiry (\d+)/),
    scan_name_pct: held.pct(/name (\d+)/),
    scan_wrong_names: held.figure(/wrong names (\d+)/),
    scan_frame_ms_median: held.figure(/median (\d+)/),
    scan_first_read_ms: held.figure(/first read (\d+) ms/),
    scan_fresh_number_exact_pct: other.pct(/number exact (\d+)/),
    scan_fresh_wrong_numbers: other.figure(/number exact \d+ \([^)]*\), wrong (\d+)/),
  };
}

/**
 * @param {string} appUrl the production build's origin
 * @param {Results} results
 * @param {{ runs: number, corpus: boolean }} plan runs of the camera; whether to read the held-out corpus too
 */
export async function scanFigures(appUrl, results, { runs, corpus }) {
  const { labels } = JSON.parse(readFileSync(join(SAMPLE, 'labels.json'), 'utf8'));
  const valid = /** @type {{ file: string, number: string, valid: boolean }[]} */ (labels).filter((one) => one.valid);
  const dir = mkdtempSync(join(tmpdir(), 'sleeve-bench-scan-'));
  const times = [];
  const againTimes = [];
  const slowTimes = [];
  /** @type {number[]} */
  const memory = [];
  let wrong = 0;
  try {
    // A slower device besides: half as many runs (at least one) with the CPU throttled four times.
    const slowRuns = Math.max(1, Math.floor(runs / 2));
    for (let index = 0; index < runs + slowRuns; index++) {
      const label = valid[index % valid.length];
      if (!label) break;
      const throttle = index < runs ? 1 : 4;
      const clip = join(dir, `${index}.mjpeg`);
      writeFileSync(clip, makeClip([join(SAMPLE, label.file)], 10));
      const { ms, againMs, number, memoryMb } = await fillOnce(appUrl, clip, throttle);
      if (number !== label.number) wrong += 1;
      if (throttle > 1) {
        slowTimes.push(ms);
        log(`  scan ${label.file} at ${throttle}× CPU throttle: ${round(ms)} ms`);
        continue;
      }
      times.push(ms);
      againTimes.push(againMs);
      if (memoryMb !== null) memory.push(memoryMb);
      log(`  scan ${label.file}: ${round(ms)} ms, again ${round(againMs)} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  results.scan_fill_ms = round(median(times));
  results.scan_fill_p95_ms = round(percentile(times, 95));
  results.scan_fill_again_ms = round(median(againTimes));
  results.scan_fill_slow_ms = round(median(slowTimes));
  results.scan_fill_runs = times.length;
  results.scan_wrong_fills = wrong;
  if (memory.length > 0) results.scan_memory_mb = round(median(memory));
  const download = downloadKb();
  results.scan_download_gzip_kb = download.kb;
  if (corpus) Object.assign(results, await heldOut());
}
