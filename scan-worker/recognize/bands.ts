/**
 * The number's strip cut out of a flat card (warp.ts), and the steps any line's finding shares (row energy,
 * levelling, resizing). ID-1 cards print the number at about 54–66 % of the card's height from the top, from about
 * 8 % in from the left. The warp is only as good as the card's outline, so the band is searched within a wider
 * region for the rows that hold the most text. The lines under it are found by lines.ts.
 */
import { cropGrey, type Grey, makeGrey } from './grey';
import { CARD_HEIGHT, CARD_WIDTH } from './warp';

/** The kinds of line the reader is asked to read: each decodes into its own characters (engine.ts). */
export type BandKind = 'number' | 'expiry' | 'name';

/**
 * Where the number is looked for, as shares of the card's width and height (its right end reaches into the warp's
 * overhang), the printed line's height and the margin kept above and below it.
 */
const NUMBER = { left: 0.03, right: 1.14, top: 0.46, bottom: 0.74, line: 0.068, margin: 0.028 };

/**
 * How much text each row holds: the sum of absolute differences between horizontal neighbours (strokes make many,
 * a plain or gradient background few).
 */
export function rowEnergy(grey: Grey): Float64Array {
  const energy = new Float64Array(grey.height);
  for (let row = 0; row < grey.height; row += 1) {
    let sum = 0;
    const base = row * grey.width;
    for (let column = 0; column + 1 < grey.width; column += 1) {
      sum += Math.abs((grey.data[base + column] ?? 0) - (grey.data[base + column + 1] ?? 0));
    }
    energy[row] = sum;
  }
  return energy;
}

/** The start of the `size`-row window with the most energy. */
export function busiestWindow(energy: Float64Array, size: number): number {
  let sum = 0;
  for (let row = 0; row < Math.min(size, energy.length); row += 1) sum += energy[row] ?? 0;
  let best = sum;
  let bestStart = 0;
  for (let start = 1; start + size <= energy.length; start += 1) {
    sum += (energy[start + size - 1] ?? 0) - (energy[start - 1] ?? 0);
    if (sum > best) {
      best = sum;
      bestStart = start;
    }
  }
  return bestStart;
}

/**
 * The strip of `card` (a flat card from warp.ts, its right overhang included) holding the number, found within its
 * region; `shift` moves the region's window by that many line heights (another pass's other crop).
 */
export function cutBand(card: Grey, shift = 0): Grey {
  const { level, start, line, margin } = findNumber(card, shift);
  return cropGrey(level, 0, start - margin, level.width, line + margin * 2);
}

/** The card's row just under the number: where the lines below it start. */
export function numberBottom(card: Grey): number {
  const { start, line } = findNumber(card, 0);
  return CARD_HEIGHT * NUMBER.top + start + line;
}

function findNumber(card: Grey, shift: number) {
  const search = cropGrey(
    card,
    CARD_WIDTH * NUMBER.left,
    CARD_HEIGHT * NUMBER.top,
    CARD_WIDTH * (NUMBER.right - NUMBER.left),
    CARD_HEIGHT * (NUMBER.bottom - NUMBER.top),
  );
  const line = Math.round(CARD_HEIGHT * NUMBER.line);
  const margin = Math.round(CARD_HEIGHT * NUMBER.margin);
  const level = shear(search, bestSlope(search, line));
  const start = busiestWindow(rowEnergy(level), line) + Math.round(shift * line);
  return { level, start, line, margin };
}

/** The slopes tried when levelling a line: ±8 %, about ±4.5°, what an imperfect card outline leaves. */
const SLOPES = Array.from({ length: 17 }, (_, index) => (index - 8) / 100);

/**
 * The slope of the text line in `search`: of the slopes tried, the one along which the busiest `line`-row window
 * holds the most of the image's stroke energy (a projection profile: a level line packs its strokes into few rows).
 * An outline a little off leaves the flat card's lines slanted; left as they are, a band cuts off one of their ends.
 */
export function bestSlope(search: Grey, line: number): number {
  const { width, height, data } = search;
  const centre = width / 2;
  let best = 0;
  let bestSum = -1;
  for (const slope of SLOPES) {
    const profile = new Float64Array(height);
    for (let row = 0; row < height; row += 1) {
      for (let column = 0; column + 1 < width; column += 1) {
        const target = Math.round(row - slope * (column - centre));
        if (target < 0 || target >= height) continue;
        const at = row * width + column;
        profile[target] = (profile[target] ?? 0) + Math.abs((data[at] ?? 0) - (data[at + 1] ?? 0));
      }
    }
    const start = busiestWindow(profile, line);
    let sum = 0;
    for (let row = start; row < Math.min(height, start + line); row += 1) sum += profile[row] ?? 0;
    if (sum > bestSum) {
      bestSum = sum;
      best = slope;
    }
  }
  return best;
}

/** `grey` with each column moved up by `slope` × its distance from the centre: a line of that slope made level. */
export function shear(grey: Grey, slope: number): Grey {
  if (slope === 0) return grey;
  const { width, height, data } = grey;
  const out = makeGrey(width, height);
  const centre = width / 2;
  for (let column = 0; column < width; column += 1) {
    const offset = slope * (column - centre);
    const whole = Math.floor(offset);
    const fraction = offset - whole;
    for (let row = 0; row < height; row += 1) {
      const source = row + whole;
      const upper = data[Math.min(height - 1, Math.max(0, source)) * width + column] ?? 0;
      const lower = data[Math.min(height - 1, Math.max(0, source + 1)) * width + column] ?? 0;
      out.data[row * width + column] = upper * (1 - fraction) + lower * fraction;
    }
  }
  return out;
}

/** Bilinear resize by `factor`. */
export function resize(grey: Grey, factor: number): Grey {
  const out = makeGrey(Math.max(1, Math.round(grey.width * factor)), Math.max(1, Math.round(grey.height * factor)));
  for (let row = 0; row < out.height; row += 1) {
    const sy = Math.min(grey.height - 1, Math.max(0, (row + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(grey.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let column = 0; column < out.width; column += 1) {
      const sx = Math.min(grey.width - 1, Math.max(0, (column + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(grey.width - 1, x0 + 1);
      const fx = sx - x0;
      const top = (grey.data[y0 * grey.width + x0] ?? 0) * (1 - fx) + (grey.data[y0 * grey.width + x1] ?? 0) * fx;
      const bottom = (grey.data[y1 * grey.width + x0] ?? 0) * (1 - fx) + (grey.data[y1 * grey.width + x1] ?? 0) * fx;
      out.data[row * out.width + column] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}
