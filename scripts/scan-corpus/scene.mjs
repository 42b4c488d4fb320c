// One photo of a card on a desk, as HTML and CSS that Chromium renders: the card (its colours, its printed number,
// expiry and name), the desk, and what a camera adds (tilt, perspective, distance, blur, dim light, glare, noise).
import { between, pick, printedGroups } from './cards.mjs';

export const FRAME = { width: 960, height: 720 };

/** @type {Record<string, string>} */
const FONTS = {
  'ocr-a': "'OCRA', 'OCR A', monospace",
  'ocr-b': "'OCR B', monospace",
  mono: "'DejaVu Sans Mono', monospace",
  'embossed-ocr-a': "'OCRA', 'OCR A', monospace",
  'embossed-ocr-b': "'OCR B', monospace",
};

/**
 * Desks: wood, fabric, stone, paper and plain, each with its own colours.
 * @param {import('./cards.mjs').Random} random
 */
export function desk(random) {
  const hue = Math.floor(between(random, 0, 360));
  const kinds = [
    () =>
      `repeating-linear-gradient(${between(random, 80, 100)}deg, hsl(30 ${between(random, 30, 50)}% ${between(random, 25, 45)}%) 0 7px, hsl(28 40% ${between(random, 20, 35)}%) 7px 11px)`,
    () =>
      `repeating-linear-gradient(45deg, hsl(${hue} 20% 35%) 0 2px, hsl(${hue} 25% 42%) 2px 4px), hsl(${hue} 20% 38%)`,
    () => `radial-gradient(circle at 30% 40%, hsl(${hue} 5% 70%), hsl(${hue} 8% 45%))`,
    () => `linear-gradient(hsl(40 30% 92%), hsl(40 20% 85%))`,
    () => `hsl(${hue} ${between(random, 5, 40)}% ${between(random, 10, 80)}%)`,
  ];
  return pick(random, kinds)();
}

/**
 * The printed text's look: flat ink, or embossed (metallic fill with a light edge above and a shadow below).
 * @param {string} look
 * @param {string} colour
 */
function ink(look, colour) {
  if (!look.startsWith('embossed')) return `color: ${colour};`;
  return `color: #d9d9d9; text-shadow: -1px -1px 0 rgba(255,255,255,0.8), 1px 1px 0 rgba(0,0,0,0.75), 2px 2px 2px rgba(0,0,0,0.4);`;
}

/**
 * The scene's HTML and what was varied, for the label.
 * @param {import('./cards.mjs').Random} random
 * @param {{ number: string, expiry: string, name: string, network: string, look: string }} card
 * @param {{ name: string, from: string, to: string, text: string }[]} colours
 */
export function scene(random, card, colours) {
  const colour = pick(random, colours);
  const tilt = between(random, -6, 6);
  const pitch = between(random, -14, 14);
  const yaw = between(random, -14, 14);
  const width = between(random, 0.58, 0.8) * FRAME.width;
  const blur = random() < 0.3 ? between(random, 0.6, 1.8) : between(random, 0, 0.5);
  const light = random() < 0.25 ? between(random, 0.35, 0.6) : between(random, 0.7, 1.1);
  const glare = random() < 0.3 ? between(random, 0.25, 0.6) : 0;
  const noise = between(random, 0, 0.12);
  const quality = Math.round(between(random, 45, 92));
  const offsetX = between(random, -0.06, 0.06) * FRAME.width;
  const offsetY = between(random, -0.05, 0.05) * FRAME.height;
  const size = width / 18.5;
  const groups = printedGroups(card.number).join('&nbsp;');
  const font = FONTS[card.look];
  const body = `
<!doctype html><html><head><style>
html, body { margin: 0; width: ${FRAME.width}px; height: ${FRAME.height}px; overflow: hidden; }
body { background: #000; }
.card { position: absolute; left: 50%; top: 50%; width: ${width}px; height: ${width / 1.586}px;
  margin: ${-width / 1.586 / 2 + offsetY}px 0 0 ${-width / 2 + offsetX}px; border-radius: ${width * 0.045}px;
  background: linear-gradient(${between(random, 100, 170)}deg, ${colour.from}, ${colour.to});
  box-shadow: 0 ${width * 0.02}px ${width * 0.05}px rgba(0,0,0,0.45);
  transform: rotateX(${pitch}deg) rotateY(${yaw}deg) rotateZ(${tilt}deg); font-family: ${font}; }
.chip { position: absolute; left: 9%; top: 30%; width: 12%; height: 17%; border-radius: 12%;
  background: linear-gradient(135deg, #e8d08a, #a8893a); }
.brand { position: absolute; right: 7%; top: 8%; font: italic 700 ${size * 1.1}px sans-serif; color: ${colour.text}; opacity: 0.85; }
.number { position: absolute; left: 8%; top: 54%; font-size: ${size}px; letter-spacing: ${size * 0.06}px; white-space: nowrap; ${ink(card.look, colour.text)} }
.expiry { position: absolute; left: 45%; top: 71%; font-size: ${size * 0.62}px; ${ink(card.look, colour.text)} }
.valid { position: absolute; left: 33%; top: 71.5%; font: ${size * 0.3}px sans-serif; color: ${colour.text}; opacity: 0.8; line-height: 1.1; }
.name { position: absolute; left: 8%; top: 83%; font-size: ${size * 0.62}px; ${ink(card.look, colour.text)} white-space: nowrap; }
.camera { position: fixed; inset: 0; background: ${desk(random)}; perspective: 900px;
  filter: blur(${blur}px) brightness(${light}); }
.glare { position: fixed; inset: 0; background: radial-gradient(circle at ${between(random, 20, 80)}% ${between(random, 20, 80)}%, rgba(255,255,255,${glare}), transparent ${between(random, 18, 35)}%); }
canvas { position: fixed; inset: 0; opacity: ${noise}; mix-blend-mode: overlay; }
</style></head><body>
<div class="camera"><div class="card"><div class="chip"></div><div class="brand">${card.network.charAt(0) + card.network.slice(1).toLowerCase()}</div>
<div class="number">${groups}</div><div class="valid">VALID<br>THRU</div><div class="expiry">${card.expiry}</div>
<div class="name">${card.name}</div></div></div>
<div class="glare"></div><canvas width="${FRAME.width / 2}" height="${FRAME.height / 2}" style="width:100%;height:100%"></canvas>
</body></html>`;
  return {
    html: body,
    varied: { colour: colour.name, tilt, pitch, yaw, width: width / FRAME.width, blur, light, glare, noise, quality },
  };
}

/**
 * Fills the noise canvas in the page (seeded there too, from `seed`).
 * @param {number} seed
 */
export function drawNoise(seed) {
  const canvas = document.querySelector('canvas');
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return;
  const image = context.createImageData(canvas.width, canvas.height);
  let state = seed >>> 0;
  for (let index = 0; index < image.data.length; index += 4) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const value = state >>> 24;
    image.data[index] = value;
    image.data[index + 1] = value;
    image.data[index + 2] = value;
    image.data[index + 3] = 255;
  }
  context.putImageData(image, 0, 0);
}
