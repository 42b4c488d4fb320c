/** The benchmark's one way to start Chromium: the browser a person runs, with the bench's flags (scripts/chromium.mjs). */
import { chromium } from 'playwright';
import { BENCH_CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs';

/** `extraArgs`: e.g. the stand-in camera's flags and its clip. */
export function launchBenchBrowser(extraArgs = /** @type {string[]} */ ([])) {
  return chromium.launch({
    executablePath: requireChromium(),
    args: [...BENCH_CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}
