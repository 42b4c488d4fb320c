// What a real-looking card says and how it is made: its `look` (the one thing the photo is about, so figures can be
// split by it), number, expiry, holder, typeface, print and face. The camera's share of the look is camera.mjs's.

import { drawExpiry, drawHolder, TYPEFACES } from './card-text.mjs';
import { pick } from './cards.mjs';
import { printFor } from './emboss.mjs';
import { drawNumber } from './numbers.mjs';
import { SURFACES } from './surfaces.mjs';

/**
 * The looks and how often each is drawn among the real-looking cards: prints (flat, foil-tipped, untipped, worn),
 * what lies over the number (a hologram, a glare stripe), the camera (the card small, a smaller photo, strong JPEG,
 * motion blur), and the card's back and portrait cards, which are about a tenth and a twentieth of a default corpus.
 */
export const REAL_LOOKS = {
  flat: 7,
  'embossed-silver': 7,
  'embossed-gold': 6,
  'embossed-plain': 6,
  'embossed-worn': 6,
  hologram: 6,
  'glare-stripe': 6,
  small: 5,
  downscaled: 5,
  'jpeg-low': 5,
  'motion-blur': 6,
  back: 10,
  vertical: 5,
};

/**
 * @param {import('./cards.mjs').Random} random
 * @returns {string}
 */
function drawLook(random) {
  const entries = Object.entries(REAL_LOOKS);
  let left = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [look, weight] of entries) {
    left -= weight;
    if (left < 0) return look;
  }
  return 'flat';
}

/**
 * One real-looking card. The label's fields come first (number, network, valid, expiry, name, company, look,
 * grouping, face, layout), then how it is drawn.
 * @param {import('./cards.mjs').Random} random
 * @param {boolean} valid
 */
export function makeRealCard(random, valid) {
  const look = drawLook(random);
  const layout = look === 'vertical' ? 'vertical' : 'horizontal';
  const { number, network, mark, grouping, groups } = drawNumber(random, valid, { fours: layout === 'vertical' });
  const { expiry, expiryStyle, expiryPrinted } = drawExpiry(random);
  const { name, company } = drawHolder(random);
  const { print, worn } = printFor(random, look);
  const surface = pick(random, SURFACES);
  return {
    number,
    network,
    valid,
    expiry,
    name,
    ...(company ? { company } : {}),
    look,
    grouping,
    face: look === 'back' ? 'back' : 'front',
    layout,
    font: pick(random, Object.keys(TYPEFACES)),
    print,
    worn,
    surfaceKind: surface,
    expiryStyle,
    mark,
    groups,
    expiryPrinted,
  };
}

/** @typedef {ReturnType<typeof makeRealCard>} RealCard */

/**
 * The label of a card: what it says and how, without what only drawing needs.
 * @param {RealCard} card
 */
export function realLabel(card) {
  const { groups: _groups, expiryPrinted, ...label } = card;
  return { ...label, expiryPrinted: expiryPrinted.map((piece) => piece.date).join(' ') };
}
