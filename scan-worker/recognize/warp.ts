/** The card flattened: the photo resampled through the perspective map from a card-sized rectangle to its corners. */
import type { Quad } from './card-find';
import { mapPoint, rectangleTo } from './geometry';
import { type Grey, makeGrey } from './grey';

/** The flat card's size: ID-1 proportions (85.60 × 53.98 mm) at 10 px/mm, so the number's digits are ~32 px tall. */
export const CARD_WIDTH = 856;
export const CARD_HEIGHT = 540;

/** The card in `grey` at `quad`, as a flat CARD_WIDTH × CARD_HEIGHT image (bilinear; outside the photo is mid-grey). */
export function warpCard(grey: Grey, quad: Quad): Grey | null {
  const map = rectangleTo(CARD_WIDTH, CARD_HEIGHT, quad);
  if (!map) return null;
  const out = makeGrey(CARD_WIDTH, CARD_HEIGHT);
  const { width, height, data } = grey;
  for (let row = 0; row < CARD_HEIGHT; row += 1) {
    for (let column = 0; column < CARD_WIDTH; column += 1) {
      const { x, y } = mapPoint(map, column + 0.5, row + 0.5);
      const sx = x - 0.5;
      const sy = y - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out.data[row * CARD_WIDTH + column] = 128;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const at = y0 * width + x0;
      const top = (data[at] ?? 0) * (1 - fx) + (data[at + 1] ?? 0) * fx;
      const bottom = (data[at + width] ?? 0) * (1 - fx) + (data[at + width + 1] ?? 0) * fx;
      out.data[row * CARD_WIDTH + column] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}
