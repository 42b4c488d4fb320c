// Finds the Chromium that tests and benchmarks drive, and its headless shell for most tests. Playwright's own browser
// download is not used.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Flags that let headless Chromium run as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The benchmark's browser: the flags above, and V8's source positions made when a function is compiled rather than
 * when first asked for. The driver keeps the DevTools protocol's Runtime domain on in every page, and while it is on,
 * V8 records a stack with lines and columns for every Error a script makes. React DOM makes several while its script
 * is evaluated, so V8 parsed the whole first script a second time, on the main thread, to find their positions
 * (`V8.CollectSourcePositions`: 112 and 139 ms in two traced loads of /home at full speed). No browser without a
 * debugger attached does that: Chromium tracing the same load on its own (`--trace-startup`) has no such parse over
 * 5 ms. Positions made at compile time cost a little in every compile instead, so the figures stay on the side of
 * too slow.
 */
export const BENCH_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-enable-lazy-source-positions'];

/**
 * Chromium's own stand-in camera (a moving test pattern, or a given .mjpeg clip) and an automatic yes to the camera
 * prompt: the scanner's tests run the real getUserMedia, tracks and video against it.
 */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** @returns {string | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * Chromium's headless shell (Debian's chromium-headless-shell), when installed, for the tests that need nothing of a
 * full browser window: the same Blink and V8 at about two thirds of the CPU per test, which is what keeps `npm test`
 * within its time on a 2-core machine. Tabs really hidden behind others need the full browser's windows
 * (tests/e2e/support/real-tabs.ts), and the benchmark measures what a person runs: both keep findChromium().
 * CHROMIUM_PATH still names the one browser for everything.
 * @returns {string | undefined}
 */
export function findTestChromium() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

/** @returns {string} */
export function requireTestChromium() {
  const path = findTestChromium();
  if (!path) throw new Error(CHROMIUM_HELP);
  return path;
}

export const CHROMIUM_HELP = [
  'Chromium was not found.',
  process.env.CHROMIUM_PATH ? `  CHROMIUM_PATH points to ${process.env.CHROMIUM_PATH}, which does not exist.` : '',
  '  On Debian or Ubuntu:  sudo apt-get install chromium',
  '  Or point to any Chromium or Chrome:  CHROMIUM_PATH=/path/to/chromium npm test',
]
  .filter(Boolean)
  .join('\n');

/** @returns {string} */
export function requireChromium() {
  const path = findChromium();
  if (!path) throw new Error(CHROMIUM_HELP);
  return path;
}
