// First step of `npm test`: fail in plain words before anything slow runs.
import { CHROMIUM_HELP, findChromium, findTestChromium } from './chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
const forTests = findTestChromium();
console.log(
  forTests === chromium
    ? `Using Chromium at ${chromium}`
    : `Using Chromium at ${chromium}, and its headless shell at ${forTests} for most tests`,
);
