/** The card flattened: the photo resampled through the perspective map from a card-sized rectangle to its corners. */
import type { Quad } from './card-find';
import { mapPoint, rectangleTo } from './geometry';
import { type Grey, makeGrey } from './grey';

/** The flat card's size: ID-1 proportions (85.60 × 53.98 mm) at 10 px/mm, so the number's digits are ~32 px tall. */
export const CARD_WIDTH = 856;
export const CARD_HEIGHT = 540;

/**
 * How far past the card's right edge the flat image goes, as a share of its width: a 19-digit number printed in the
 * 16-digit layout runs off the card's edge, and its last digits must still be read.
 */
export const RIGHT_OVERHANG = 0.16;

/**
 * The card in `grey` at `quad`, flat: CARD_WIDTH × CARD_HEIGHT plus the right overhang (bilinear; outside the photo
 * is mid-grey). Bands are placed in card coordinates, so the overhang changes nothing for them.
 */
export function warpCard(grey: Grey, quad: Quad): Grey | null {
  return warp(grey, quad, CARD_WIDTH, CARD_HEIGHT, Math.round(CARD_WIDTH * (1 + RIGHT_OVERHANG)));
}

/**
 * A card standing upright at `quad`, flat: CARD_HEIGHT wide, CARD_WIDTH tall. Its stacked groups fit across it, so
 * it needs no overhang.
 */
export function warpPortrait(grey: Grey, quad: Quad): Grey | null {
  return warp(grey, quad, CARD_HEIGHT, CARD_WIDTH, CARD_HEIGHT);
}

function warp(grey: Grey, quad: Quad, cardWidth: number, cardHeight: number, outWidth: number): Grey | null {
  const map = rectangleTo(cardWidth, cardHeight, quad);
  if (!map) return null;
  const out = makeGrey(outWidth, cardHeight);
  const { width, height, data } = grey;
  for (let row = 0; row < cardHeight; row += 1) {
    for (let column = 0; column < outWidth; column += 1) {
      const { x, y } = mapPoint(map, column + 0.5, row + 0.5);
      const sx = x - 0.5;
      const sy = y - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out.data[row * outWidth + column] = 128;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const at = y0 * width + x0;
      const top = (data[at] ?? 0) * (1 - fx) + (data[at + 1] ?? 0) * fx;
      const bottom = (data[at + width] ?? 0) * (1 - fx) + (data[at + width + 1] ?? 0) * fx;
      out.data[row * outWidth + column] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}
