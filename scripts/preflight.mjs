// First step of `npm test`: fail in plain words before anything slow runs.
import { CHROMIUM_HELP, findChromium } from './chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
console.log(`Using Chromium at ${chromium}`);
