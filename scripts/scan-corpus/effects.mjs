// What lies over or under a card's print besides its face: a hologram under some digits, a glare stripe across the
// number, and wear (foil rubbed off the raised digits, scratches over the plastic). Each is CSS for an element placed
// in the card's own box (percentages of it), so it tilts and blurs with the card.
import { between } from './cards.mjs';
import { svgUrl } from './surfaces.mjs';

/**
 * A hologram patch: silvery foil with rainbow bands and fine diffraction lines, under the digits around `left`%.
 * @param {import('./cards.mjs').Random} random
 * @param {number} top where the number's line starts, % of the card's height
 */
export function hologram(random, top) {
  const left = between(random, 42, 74);
  const angle = Math.round(between(random, 0, 180));
  const hue = Math.round(between(random, 0, 360));
  const bands = [0, 1, 2, 3, 4, 5, 6].map((step) => `hsl(${(hue + step * 55) % 360} 85% ${68 + (step % 2) * 10}%)`);
  const css = `left: ${left}%; top: ${top - between(random, 4, 9)}%; width: ${between(random, 18, 26)}%;
    height: ${between(random, 16, 22)}%; border-radius: 4%; opacity: ${between(random, 0.75, 0.95).toFixed(2)};
    background: repeating-linear-gradient(${angle + 90}deg, #ffffff55 0 1px, transparent 1px 3px),
      repeating-radial-gradient(circle at ${Math.round(between(random, 20, 80))}% 50%, #ffffff40 0 1px, transparent 1px 5px),
      linear-gradient(${angle}deg, ${bands.join(', ')}), #c9ccd6;
    box-shadow: inset 0 0 0 1px #ffffff80;`;
  return { css, html: '<div class="hologram"><div class="globe"></div></div>', varied: { hologramAt: left } };
}

/** CSS for the hologram's emblem: rings pressed into the foil, the way a globe or bird shows in one. */
export const HOLOGRAM_EMBLEM = `.globe { position: absolute; inset: 18% 28%; border-radius: 50%;
  border: 2px solid #ffffff90; box-shadow: 0 0 0 4px #00000018, inset 0 0 0 6px #ffffff40; }`;

/**
 * A glare stripe: a bright, soft diagonal band of light reflected across the number at `across`% of the width.
 * @param {import('./cards.mjs').Random} random
 */
export function glareStripe(random) {
  const across = between(random, 15, 85);
  const width = between(random, 8, 22);
  const strength = between(random, 0.55, 0.9).toFixed(2);
  const css = `left: ${across - width / 2}%; top: -60%; width: ${width}%; height: 220%;
    transform: rotate(${between(random, -40, 40).toFixed(1)}deg);
    background: linear-gradient(90deg, transparent, rgba(255,255,255,${strength}) 40% 60%, transparent);
    filter: blur(${between(random, 2, 8).toFixed(1)}px); mix-blend-mode: screen;`;
  return { css, html: '<div class="stripe"></div>', varied: { stripeAt: across, stripeWidth: width } };
}

/**
 * Wear of the foil on raised digits: a mask (alpha) that is opaque where the foil holds and clear where it is gone,
 * in blotches from seeded noise and along scratches. Stretched over each printed line.
 * @param {import('./cards.mjs').Random} random
 */
export function foilWear(random) {
  const scratches = [];
  for (let count = 4 + Math.floor(random() * 8); count > 0; count--) {
    const x = between(random, 0, 100);
    const y = between(random, 0, 100);
    const length = between(random, 10, 45);
    const angle = between(random, -0.6, 0.6);
    scratches.push(
      `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + length * Math.cos(angle)).toFixed(1)}" y2="${(y + length * 3 * Math.sin(angle)).toFixed(1)}" vector-effect="non-scaling-stroke"/>`,
    );
  }
  // Noise's red channel is about 0.5 ± 0.2; alpha = 24 × (threshold − red) + 1 keeps the foil where the noise is low.
  const threshold = between(random, 0.52, 0.62);
  const mask = svgUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none"><defs><filter id="b" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="${between(random, 0.05, 0.12).toFixed(3)} ${between(random, 0.15, 0.4).toFixed(3)}" numOctaves="3" seed="${Math.floor(random() * 10000)}"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  -24 0 0 0 ${(24 * threshold + 1).toFixed(2)}"/></filter><mask id="s"><rect width="100" height="100" fill="white"/><g stroke="black" stroke-width="1.4">${scratches.join('')}</g></mask></defs><g mask="url(#s)"><rect width="100" height="100" filter="url(#b)"/></g></svg>`,
  );
  return `-webkit-mask-image: ${mask}; mask-image: ${mask}; -webkit-mask-size: 100% 100%; mask-size: 100% 100%;`;
}

/**
 * Scratches over the whole face: thin light lines of a worn card, as an overlay.
 * @param {import('./cards.mjs').Random} random
 */
export function scratches(random) {
  const lines = [];
  for (let count = 20 + Math.floor(random() * 40); count > 0; count--) {
    const x = between(random, 0, 100);
    const y = between(random, 0, 100);
    const dx = between(random, -12, 12);
    const dy = between(random, -5, 5);
    lines.push(
      `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + dx).toFixed(1)}" y2="${(y + dy).toFixed(1)}" vector-effect="non-scaling-stroke"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none"><g stroke="white" stroke-opacity="${between(random, 0.12, 0.3).toFixed(2)}" stroke-width="0.8">${lines.join('')}</g></svg>`;
  return { css: `inset: 0; background: ${svgUrl(svg)} 0 0 / 100% 100%;`, html: '<div class="scratches"></div>' };
}
