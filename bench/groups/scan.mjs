/**
 * The `scan` group: the scanner against Chromium's stand-in camera playing clips of the committed sample photos
 * (tests/fixtures/scan-sample, one browser per clip, since the camera is chosen at launch), and the card reader on
 * the generated corpus's held-out photos (scripts/scan-corpus/measure.mjs, the corpus made first when missing).
 *
 * `scan_fill_ms` runs from the camera's stream arriving (getUserMedia resolving) to the editor painted with what was
 * read, on the production build, in a fresh browser (a person's first scan); median and p95 over the runs.
 * `scan_fill_again_ms` is the next scan in the same browser, on a fresh page (the reader's files and their compiled
 * code as the browser kept them). `scan_wrong_fills` counts editors filled with another
 * number than the photo's. `scan_download_gzip_kb` is what opening the scanner fetches beyond the app: its screen's
 * chunk, the worker's script, the runtime's WebAssembly and the model, as built. `scan_memory_mb` is how much the
 * page's processes grow while scanning (the renderers' resident memory, Linux /proc, sampled every 100 ms from Add Card
 * until the editor shows, peak less the start): the worker's runtime, model and frames, since nothing else changes.
 * The held-out figures are the measurement script's.
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
async function fillOnce(appUrl, clip) {
  const browser = await launchBenchBrowser([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${clip}`]);
  try {
    const context = await browser.newContext();
    await context.addInitScript(watchFill);
    const page = await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    await page.goto(`${appUrl}/add`);
    await page.getByRole('link', { name: 'Scan card' }).waitFor();
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
    /^(ScanScreen-.*\.js|scan-worker-.*\.js|ort-.*\.wasm|.*\.onnx)$/.test(name),
  );
  const bytes = names.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
  return { kb: round(bytes / 1024), names };
}

/** The measurement script's figures on the held-out photos. */
async function heldOut() {
  const corpus = join(ROOT, '.cache/scan-corpus');
  if (!existsSync(join(corpus, 'labels.json'))) {
    log('  making the scanner corpus (scripts/scan-corpus/generate.mjs)…');
    await run('node', ['scripts/scan-corpus/generate.mjs'], { cwd: ROOT, maxBuffer: 1 << 26 });
  }
  const { stdout } = await run('node', ['scripts/scan-corpus/measure.mjs', corpus, 'held-out'], {
    cwd: ROOT,
    maxBuffer: 1 << 26,
  });
  const figure = (/** @type {RegExp} */ pattern) => Number(stdout.match(pattern)?.[1] ?? Number.NaN);
  const photos = figure(/: (\d+) photos/);
  return {
    scan_heldout_photos: photos,
    scan_number_exact_pct: round((100 * figure(/number exact (\d+)/)) / photos),
    scan_wrong_numbers: figure(/wrong (\d+)/),
    scan_expiry_pct: round((100 * figure(/expiry (\d+)/)) / photos),
    scan_name_pct: round((100 * figure(/name (\d+)/)) / photos),
    scan_frame_ms_median: figure(/median (\d+)/),
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
  /** @type {number[]} */
  const memory = [];
  let wrong = 0;
  try {
    for (let index = 0; index < runs; index++) {
      const label = valid[index % valid.length];
      if (!label) break;
      const clip = join(dir, `${index}.mjpeg`);
      writeFileSync(clip, makeClip([join(SAMPLE, label.file)], 10));
      const { ms, againMs, number, memoryMb } = await fillOnce(appUrl, clip);
      times.push(ms);
      againTimes.push(againMs);
      if (memoryMb !== null) memory.push(memoryMb);
      if (number !== label.number) wrong += 1;
      log(`  scan ${label.file}: ${round(ms)} ms, again ${round(againMs)} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  results.scan_fill_ms = round(median(times));
  results.scan_fill_p95_ms = round(percentile(times, 95));
  results.scan_fill_again_ms = round(median(againTimes));
  results.scan_fill_runs = times.length;
  results.scan_wrong_fills = wrong;
  if (memory.length > 0) results.scan_memory_mb = round(median(memory));
  const download = downloadKb();
  results.scan_download_gzip_kb = download.kb;
  if (corpus) Object.assign(results, await heldOut());
}
