// Makes the scanner's labelled corpus: card photos rendered in Chromium with what each card says in labels.json.
// Most are real-looking cards (real-card.mjs, drawn by real-scene.mjs): raised digits tipped with foil or bare, worn,
// holograms and glare across the number, every grouping of 14 to 19 digits, expiries and holders as cards word them,
// backs and portrait cards, small, blurred, downscaled and strongly compressed photos. A share of them (`--classic`)
// are the first corpus's plainer cards (cards.mjs, scene.mjs), drawn exactly as before: which kind a card is comes
// from a random stream of its own, so `--classic 1` gives the first corpus photo for photo (the committed sample is
// `--count 30 --seed 4242 --classic 1`). A fixed seed gives the same corpus on any machine with the same Chromium
// and fonts (Debian's fonts-ocr-a, fonts-ocr-b, fonts-dejavu and fonts-liberation). Two thirds are for tuning and
// one third held out, never used for tuning.
//
//   node scripts/scan-corpus/generate.mjs [--count 330] [--seed 20261126] [--out .cache/scan-corpus] [--bad 0.05]
//     [--classic 0.2]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_HELP, findChromium } from '../chromium.mjs';
import { cardColours, makeCard, printedGroups, seeded } from './cards.mjs';
import { makeRealCard, realLabel } from './real-card.mjs';
import { realScene } from './real-scene.mjs';
import { drawNoise, FRAME, scene } from './scene.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '330' },
    seed: { type: 'string', default: '20261126' },
    out: { type: 'string', default: '.cache/scan-corpus' },
    bad: { type: 'string', default: '0.05' },
    classic: { type: 'string', default: '0.2' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const badShare = Number(values.bad);
const classicShare = Number(values.classic);

const executablePath = findChromium();
if (!executablePath) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
/** @type {Map<number, import('playwright').Page>} */
const pages = new Map();
/**
 * A page whose pixels are `scale` of the frame's: a downscaled photo is rendered small, as a smaller sensor takes it.
 * @param {number} scale
 */
async function pageAt(scale) {
  let page = pages.get(scale);
  if (!page) {
    page = await browser.newPage({ viewport: FRAME, deviceScaleFactor: scale });
    pages.set(scale, page);
  }
  return page;
}
const colours = cardColours();
const labels = [];
const started = performance.now();
try {
  for (let index = 0; index < count; index++) {
    const random = seeded(seed * 1000 + index);
    const own = seeded((seed * 1000 + index) ^ 0x2f6b1c3d);
    const file = `card-${String(index).padStart(4, '0')}.jpg`;
    const split = index % 3 === 2 ? 'held-out' : 'tune';
    /** @type {{ html: string, scale: number, quality: number, label: object, noise: () => number }} */
    let shot;
    if (own() < classicShare) {
      const card = makeCard(random, random() >= badShare);
      const { html, varied } = scene(random, card, colours);
      const grouping = printedGroups(card.number)
        .map((group) => group.length)
        .join('-');
      const label = { file, ...card, grouping, face: 'front', layout: 'horizontal', split, ...varied };
      shot = { html, scale: 1, quality: varied.quality, label, noise: random };
    } else {
      const card = makeRealCard(own, own() >= badShare);
      const { html, scale, quality, varied } = realScene(own, card, colours);
      shot = { html, scale, quality, label: { file, ...realLabel(card), split, ...varied }, noise: own };
    }
    const page = await pageAt(shot.scale);
    await page.setContent(shot.html);
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(drawNoise, Math.floor(shot.noise() * 2 ** 32));
    await page.screenshot({ path: join(values.out, file), type: 'jpeg', quality: shot.quality, scale: 'device' });
    labels.push(shot.label);
  }
} finally {
  await browser.close();
}
writeFileSync(
  join(values.out, 'labels.json'),
  `${JSON.stringify({ seed, count, classic: classicShare, labels }, null, 1)}\n`,
);
const each = (performance.now() - started) / Math.max(1, count);
console.log(`${count} photos and labels.json in ${values.out} (seed ${seed}), ${Math.round(each)} ms a photo`);
