// Makes the scanner's labelled corpus: card photos rendered in Chromium (scene.mjs) with what each card says in
// labels.json. A fixed seed gives the same corpus on any machine with the same Chromium and fonts (Debian's
// fonts-ocr-a and fonts-ocr-b). Two thirds are for tuning and one third held out, never used for tuning.
//
//   node scripts/scan-corpus/generate.mjs [--count 330] [--seed 20261126] [--out .cache/scan-corpus] [--bad 0.05]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_HELP, findChromium } from '../chromium.mjs';
import { cardColours, makeCard, seeded } from './cards.mjs';
import { drawNoise, FRAME, scene } from './scene.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '330' },
    seed: { type: 'string', default: '20261126' },
    out: { type: 'string', default: '.cache/scan-corpus' },
    bad: { type: 'string', default: '0.05' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const badShare = Number(values.bad);

const executablePath = findChromium();
if (!executablePath) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: FRAME, deviceScaleFactor: 1 });
const colours = cardColours();
const labels = [];
try {
  for (let index = 0; index < count; index++) {
    const random = seeded(seed * 1000 + index);
    const card = makeCard(random, random() >= badShare);
    const { html, varied } = scene(random, card, colours);
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(drawNoise, Math.floor(random() * 2 ** 32));
    const file = `card-${String(index).padStart(4, '0')}.jpg`;
    await page.screenshot({ path: join(values.out, file), type: 'jpeg', quality: varied.quality });
    labels.push({ file, ...card, split: index % 3 === 2 ? 'held-out' : 'tune', ...varied });
  }
} finally {
  await browser.close();
}
writeFileSync(join(values.out, 'labels.json'), `${JSON.stringify({ seed, count, labels }, null, 1)}\n`);
console.log(`${count} photos and labels.json in ${values.out} (seed ${seed})`);
