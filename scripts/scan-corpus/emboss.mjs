// How a real-looking card's text is printed: flat ink, or raised plastic (embossed) lit from one direction, bare
// (untipped: the card's own colour, little contrast) or tipped with silver or gold foil, the foil perhaps worn.
//
// Raised text is two layers of the same text in the same place: the relief (the plastic, with a highlight on the
// side facing the light and a shadow on the other, as text-shadows) and over it the foil (a metal gradient clipped
// to the glyphs). Shadows cannot sit under a gradient clipped to text in one element (the clear fill would show them
// through the glyphs), hence two; worn foil is the top layer masked, so the bare plastic shows where it is gone.
import { between, pick } from './cards.mjs';
import { foilWear } from './effects.mjs';

export const PRINTS = ['flat', 'silver', 'gold', 'plain'];

const FOILS = {
  silver: ['#fbfbfb', '#c4c7cc', '#8d9096', '#eceef0', '#a6a9ae'],
  gold: ['#fff3c0', '#e2b64c', '#a87b1a', '#f6d77c', '#b98a25'],
};

/**
 * The CSS of the print's layers: `relief` for every text (the ink, or the raised plastic), `foil` for the layer
 * over it ('' when there is none). Offsets are in em, so one style serves the number, the expiry and the name.
 * @param {import('./cards.mjs').Random} random
 * @param {{ print: string, worn: boolean }} card
 * @param {{ plastic: string, ink: string, light: boolean }} surface
 */
export function inks(random, card, surface) {
  // The direction shadows fall in (degrees, 90 = down): light from above mostly, from any side sometimes.
  const fall = random() < 0.8 ? between(random, 20, 160) : between(random, 0, 360);
  if (card.print === 'flat') {
    return { relief: `color: ${surface.ink};`, foil: '', varied: { lightFrom: null } };
  }
  const x = Math.cos((fall * Math.PI) / 180);
  const y = Math.sin((fall * Math.PI) / 180);
  const depth = between(random, 0.03, 0.055);
  const at = (/** @type {number} */ scale) => `${(x * depth * scale).toFixed(4)}em ${(y * depth * scale).toFixed(4)}em`;
  const bare = card.print === 'plain';
  const highlight = bare ? between(random, 0.35, 0.7) : between(random, 0.5, 0.85);
  const shadow = bare ? between(random, 0.2, 0.45) : between(random, 0.4, 0.7);
  const relief = `color: ${surface.plastic};
    text-shadow: ${at(-1)} ${(depth * 0.4).toFixed(4)}em rgba(255,255,255,${highlight.toFixed(2)}),
      ${at(1)} 0 rgba(0,0,0,${shadow.toFixed(2)}), ${at(2)} ${depth.toFixed(4)}em rgba(0,0,0,${(shadow / 2).toFixed(2)});`;
  if (bare) return { relief, foil: '', varied: { lightFrom: Math.round(fall) } };
  const stops = FOILS[/** @type {'silver' | 'gold'} */ (card.print)];
  const foil = `color: transparent; -webkit-background-clip: text; background-clip: text;
    background-image: linear-gradient(${Math.round(fall + between(random, 60, 120))}deg, ${stops.join(', ')});
    ${card.worn ? foilWear(random) : ''}`;
  return { relief, foil, varied: { lightFrom: Math.round(fall) } };
}

/**
 * One printed text: its relief and, when tipped, the foil over it, both with the classes that place it.
 * @param {string} text HTML
 * @param {string} classes
 * @param {{ foil: string }} style
 */
export function printed(text, classes, style) {
  const relief = `<div class="${classes} relief">${text}</div>`;
  return style.foil ? `${relief}<div class="${classes} foil" aria-hidden="true">${text}</div>` : relief;
}

/**
 * The print a look asks for; the camera looks draw any print, worn foil only on the worn look.
 * @param {import('./cards.mjs').Random} random
 * @param {string} look
 */
export function printFor(random, look) {
  if (look === 'flat' || look === 'back' || look === 'vertical') return { print: 'flat', worn: false };
  if (look === 'embossed-silver') return { print: 'silver', worn: false };
  if (look === 'embossed-gold') return { print: 'gold', worn: false };
  if (look === 'embossed-plain') return { print: 'plain', worn: false };
  if (look === 'embossed-worn') return { print: pick(random, ['silver', 'gold']), worn: true };
  return { print: pick(random, ['flat', 'silver', 'silver', 'gold', 'plain']), worn: false };
}
