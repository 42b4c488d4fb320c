// Draws the installed app's icons into public/icons/: 192 and 512 px PNGs, a 512 px maskable PNG and an SVG, all
// from the one card drawing below (the same one as public/sleeve.svg). Uses only node:zlib, so it runs anywhere Node
// does; the output is committed, and running it again writes the same bytes.
//
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** The page background of the dark palette (src/styles/base.css `--bg`), behind the card. */
export const ICON_BACKGROUND = '#0b1120';
/** index.html's theme-color. */
export const ICON_THEME = '#0f172a';

/** @typedef {[number, number, number, number]} Rgba straight (not premultiplied) colour, each 0-1 */

/** @param {string} hex @param {number} [alpha] @returns {Rgba} */
function colour(hex, alpha = 1) {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255, alpha];
}

/** Whether (x, y) lies in the rectangle with rounded corners of radius r. */
function inRoundedRect(
  /** @type {number} */ x,
  /** @type {number} */ y,
  /** @type {{ x: number, y: number, w: number, h: number, r: number }} */ rect,
) {
  if (x < rect.x || y < rect.y || x > rect.x + rect.w || y > rect.y + rect.h) return false;
  const cx = Math.min(Math.max(x, rect.x + rect.r), rect.x + rect.w - rect.r);
  const cy = Math.min(Math.max(y, rect.y + rect.r), rect.y + rect.h - rect.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= rect.r ** 2;
}

/** A quadratic Bézier whose control point sits midway in x, so x runs linearly and y(t) has a closed form. */
const quadY = (/** @type {number} */ t, /** @type {number} */ end, /** @type {number} */ control) =>
  (1 - t) ** 2 * end + 2 * t * (1 - t) * control + t ** 2 * end;

// The card drawing, in public/sleeve.svg's 96-unit square: a card with a gradient, its magnetic stripe, a name bar
// and the sleeve's curved band across the top. `paint` gives a layer's colour at a point, or null outside it.
const CARD = { x: 10, y: 22, w: 76, h: 52, r: 9 };
const FROM = colour('#6366f1');
const TO = colour('#0ea5e9');

/** @type {{ paint: (x: number, y: number) => Rgba | null }[]} */
const LAYERS = [
  {
    paint: (x, y) => {
      if (!inRoundedRect(x, y, CARD)) return null;
      // SVG's objectBoundingBox gradient from the top left corner to the bottom right one.
      const t = Math.min(Math.max(((x - CARD.x) / CARD.w + (y - CARD.y) / CARD.h) / 2, 0), 1);
      const mix = (/** @type {number} */ from, /** @type {number} */ to) => from + (to - from) * t;
      return [mix(FROM[0], TO[0]), mix(FROM[1], TO[1]), mix(FROM[2], TO[2]), 1];
    },
  },
  { paint: (x, y) => (x >= 10 && x <= 86 && y >= 34 && y <= 43 ? colour('#0f172a', 0.55) : null) },
  { paint: (x, y) => (inRoundedRect(x, y, { x: 20, y: 56, w: 22, h: 6, r: 3 }) ? colour('#ffffff', 0.85) : null) },
  {
    paint: (x, y) => {
      if (x < 6 || x > 90) return null;
      const t = (x - 6) / 84;
      return y >= quadY(t, 30, 8) && y <= quadY(t, 38, 18) ? colour('#0f172a', 0.25) : null;
    },
  },
];
const SVG_LAYERS =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/>' +
  '<stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>' +
  '<rect x="10" y="22" width="76" height="52" rx="9" fill="url(#g)"/>' +
  '<rect x="10" y="34" width="76" height="9" fill="#0f172a" opacity=".55"/>' +
  '<rect x="20" y="56" width="22" height="6" rx="3" fill="#fff" opacity=".85"/>' +
  '<path d="M6 30 Q48 8 90 30 V38 Q48 18 6 38Z" fill="#0f172a" opacity=".25"/>';

/** The drawing's own centre (it spans x 6-90, y 8-74), placed at the icon's centre. */
const ART_CENTRE = { x: 48, y: 41 };

/**
 * An icon: the background square (rounded by `corner`, in 96ths) and the drawing scaled by `scale` about its centre.
 * A maskable icon keeps the drawing inside the middle 80 % circle that every platform's mask leaves visible.
 * @typedef {{ scale: number, corner: number }} Layout
 */

/** @param {number} x @param {number} y @param {Layout} layout @returns {Rgba} */
function sample(x, y, layout) {
  /** @type {Rgba} */
  let out = inRoundedRect(x, y, { x: 0, y: 0, w: 96, h: 96, r: layout.corner })
    ? colour(ICON_BACKGROUND)
    : [0, 0, 0, 0];
  const ax = (x - 48) / layout.scale + ART_CENTRE.x;
  const ay = (y - 48) / layout.scale + ART_CENTRE.y;
  for (const layer of LAYERS) {
    const top = layer.paint(ax, ay);
    if (!top) continue;
    // Straight-alpha "over".
    const below = out;
    const alpha = top[3] + below[3] * (1 - top[3]);
    const over = (/** @type {number} */ a, /** @type {number} */ b) =>
      alpha === 0 ? 0 : (a * top[3] + b * below[3] * (1 - top[3])) / alpha;
    out = [over(top[0], below[0]), over(top[1], below[1]), over(top[2], below[2]), alpha];
  }
  return out;
}

/** RGBA pixels of the icon, 4 × 4 samples a pixel for smooth edges. @param {number} size @param {Layout} layout */
function render(size, layout) {
  const pixels = Buffer.alloc(size * size * 4);
  const grid = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < grid; sy++) {
        for (let sx = 0; sx < grid; sx++) {
          const [r, g, b, a] = sample(
            ((px + (sx + 0.5) / grid) / size) * 96,
            ((py + (sy + 0.5) / grid) / size) * 96,
            layout,
          );
          // Averaged premultiplied, so transparent samples do not darken the edge.
          sum[0] = (sum[0] ?? 0) + r * a;
          sum[1] = (sum[1] ?? 0) + g * a;
          sum[2] = (sum[2] ?? 0) + b * a;
          sum[3] = (sum[3] ?? 0) + a;
        }
      }
      const alpha = (sum[3] ?? 0) / (grid * grid);
      const offset = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) {
        pixels[offset + i] = alpha === 0 ? 0 : Math.round(((sum[i] ?? 0) / (grid * grid) / alpha) * 255);
      }
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG, every row unfiltered. @param {number} size @param {Buffer} pixels */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** @param {Layout} layout */
function svg(layout) {
  const { x, y } = ART_CENTRE;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="Sleeve">' +
    `<rect width="96" height="96" rx="${layout.corner}" fill="${ICON_BACKGROUND}"/>` +
    `<g transform="translate(48 48) scale(${layout.scale}) translate(${-x} ${-y})">${SVG_LAYERS}</g></svg>\n`
  );
}

/** Rounded like an app icon; the card fills most of it. */
const ANY = { scale: 0.9, corner: 20 };
/** Full bleed (the platform cuts its own shape); the card within the safe circle. */
const MASKABLE = { scale: 0.7, corner: 0 };

mkdirSync(OUT, { recursive: true });
/** @type {[string, Buffer][]} */
const files = [
  ['icon-192.png', png(192, render(192, ANY))],
  ['icon-512.png', png(512, render(512, ANY))],
  ['icon-maskable-512.png', png(512, render(512, MASKABLE))],
  ['icon.svg', Buffer.from(svg(ANY))],
];
for (const [name, body] of files) {
  writeFileSync(join(OUT, name), body);
  console.log(`public/icons/${name}`);
}
