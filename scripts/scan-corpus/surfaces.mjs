// The plastic of a real-looking card: a Sleeve theme, a dark face, a patterned one (guilloche lines, a many-coloured
// gradient, grain) or a light one, with the colours printed text and raised plastic take on it.
import { between, pick } from './cards.mjs';

export const SURFACES = ['theme', 'dark', 'pattern', 'light'];

/**
 * An SVG as a CSS url(), for backgrounds and masks.
 * @param {string} svg
 */
export const svgUrl = (svg) => `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;

/**
 * Guilloche: the fine interlaced curves of banknotes and many cards, a rosette of phase-shifted waves around a centre
 * and bands of sine waves, drawn in a 856 × 540 box (the card in tenths of a millimetre) stretched over the card.
 * @param {import('./cards.mjs').Random} random
 * @param {string} ink
 */
function guilloche(random, ink) {
  const lines = [];
  const point = (/** @type {number} */ x, /** @type {number} */ y) => `${x.toFixed(1)},${y.toFixed(1)}`;
  const cx = between(random, 150, 700);
  const cy = between(random, 100, 440);
  const radius = between(random, 140, 260);
  const petals = 5 + Math.floor(random() * 9);
  const turns = 10 + Math.floor(random() * 12);
  for (let k = 0; k < turns; k++) {
    const points = [];
    for (let step = 0; step <= 240; step++) {
      const angle = (step / 240) * Math.PI * 2;
      const r = radius + radius * 0.22 * Math.sin(petals * angle + (k * Math.PI * 2) / turns);
      points.push(point(cx + r * Math.cos(angle), cy + r * Math.sin(angle)));
    }
    lines.push(`<polyline points="${points.join(' ')}"/>`);
  }
  const bands = 6 + Math.floor(random() * 10);
  const top = between(random, 0, 400);
  const wave = between(random, 60, 160);
  for (let k = 0; k < bands; k++) {
    const points = [];
    for (let x = 0; x <= 856; x += 8) {
      points.push(point(x, top + k * 9 + 18 * Math.sin((x / wave) * Math.PI * 2 + k * 0.5)));
    }
    lines.push(`<polyline points="${points.join(' ')}"/>`);
  }
  const opacity = between(random, 0.12, 0.35).toFixed(2);
  return svgUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 856 540" preserveAspectRatio="none"><g fill="none" stroke="${ink}" stroke-opacity="${opacity}" stroke-width="1.1">${lines.join('')}</g></svg>`,
  );
}

/**
 * Grain: fractal noise from the SVG filter, grey with a little alpha, seeded.
 * @param {import('./cards.mjs').Random} random
 */
export function grain(random) {
  const seed = Math.floor(random() * 10000);
  const alpha = between(random, 0.18, 0.4).toFixed(2);
  return svgUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="${between(random, 0.5, 0.95).toFixed(2)}" numOctaves="2" seed="${seed}"/><feColorMatrix values="0.33 0.33 0.33 0 0  0.33 0.33 0.33 0 0  0.33 0.33 0.33 0 0  0 0 0 0 ${alpha}"/></filter><rect width="300" height="300" filter="url(#n)"/></svg>`,
  );
}

/**
 * One card face. `background` is the plastic (CSS layers), `light` whether it is a light face (dark print on it),
 * `plastic` the colour raised plastic takes (a little lighter than the face), `ink` flat print's colour.
 * @param {import('./cards.mjs').Random} random
 * @param {string} kind one of SURFACES
 * @param {{ name: string, from: string, to: string, text: string }[]} colours
 */
export function drawSurface(random, kind, colours) {
  const angle = Math.round(between(random, 95, 170));
  if (kind === 'theme') {
    const colour = pick(random, colours);
    // A dark text colour means a light face (Sleeve's themes and the black card take light text).
    const light = Number.parseInt(colour.text.slice(1, 3), 16) < 128;
    return face(random, colour.name, `linear-gradient(${angle}deg, ${colour.from}, ${colour.to})`, light, colour.from);
  }
  if (kind === 'dark') {
    const base = pick(random, ['#111418', '#1b1f2a', '#0d1b2a', '#262626', '#1a1030', '#0f2a1f', '#2a0f14']);
    const layers = [
      `radial-gradient(circle at ${Math.round(between(random, 0, 100))}% 0%, #ffffff18, transparent 60%)`,
    ];
    if (random() < 0.4) layers.push(guilloche(random, '#ffffff'));
    return face(random, `dark ${base}`, [...layers, base].join(', '), false, base);
  }
  if (kind === 'light') {
    const base = pick(random, ['#f7f7f5', '#e9eef3', '#d5d9dd', '#c9ccd1', '#f3ead7', '#d9ecf7', '#f6e3ea']);
    const layers = [`linear-gradient(${angle}deg, #ffffff66, transparent 50%, #00000014)`];
    if (random() < 0.35) layers.push(guilloche(random, '#445566'));
    return face(random, `light ${base}`, [...layers, base].join(', '), true, base);
  }
  const hue = Math.floor(between(random, 0, 360));
  const pattern = pick(random, ['guilloche', 'gradient', 'grain']);
  const base = `hsl(${hue} ${Math.round(between(random, 35, 75))}% ${Math.round(between(random, 18, 42))}%)`;
  if (pattern === 'guilloche') {
    const plain = `linear-gradient(${angle}deg, ${base}, hsl(${(hue + 40) % 360} 45% 22%))`;
    return face(
      random,
      'guilloche',
      `${guilloche(random, '#ffffff')}, ${guilloche(random, '#ffffff')}, ${plain}`,
      false,
      base,
    );
  }
  if (pattern === 'gradient') {
    const stops = [0, 1, 2, 3].map(
      (step) => `hsl(${(hue + step * between(random, 30, 70)) % 360} 70% ${step % 2 ? 38 : 28}%)`,
    );
    const glow = `radial-gradient(ellipse at ${Math.round(between(random, 10, 90))}% 80%, #ffffff30, transparent 55%)`;
    return face(random, 'gradient', `${glow}, linear-gradient(${angle}deg, ${stops.join(', ')})`, false, base);
  }
  return face(
    random,
    'grain',
    `${grain(random)}, linear-gradient(${angle}deg, ${base}, hsl(${hue} 30% 14%))`,
    false,
    base,
  );
}

/**
 * @param {import('./cards.mjs').Random} random
 * @param {string} name
 * @param {string} background
 * @param {boolean} light
 * @param {string} base
 */
function face(random, name, background, light, base) {
  const ink = light
    ? pick(random, ['#16181d', '#1f2a44', '#2d2d2d', '#3a2a10'])
    : pick(random, ['#f5f5f5', '#e6e6e6', '#d9d4c5', '#ffffff']);
  // Untipped raised plastic is the face's own colour, a shade lighter where it catches the light: little contrast.
  const plastic = `color-mix(in srgb, ${base} ${Math.round(between(random, 70, 88))}%, white)`;
  return { surface: name, background, light, plastic, ink };
}
