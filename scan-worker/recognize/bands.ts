/**
 * Where each printed line sits on a flat card (warp.ts), and each line's strip cut out of it. ID-1 cards print the
 * number at about 54–66 % of the card's height from the top, the expiry at 71–78 %, the name at 83–92 %, from about
 * 8 % in from the left. The warp is only as good as the card's outline, so each band is searched within a wider
 * region for the rows that hold the most text.
 */
import { cropGrey, type Grey, makeGrey } from './grey';
import { CARD_HEIGHT, CARD_WIDTH } from './warp';

export type BandKind = 'number' | 'expiry' | 'name';

interface Region {
  /** Shares of the card's width and height: where to look. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The printed line's height as a share of the card's height, and the margin kept above and below it. */
  line: number;
  margin: number;
  /** How much to enlarge the strip, so small print reaches the ~30 px height the reader works best at. */
  scale: number;
}

const REGIONS: Readonly<Record<BandKind, Region>> = {
  number: { left: 0.03, right: 1.14, top: 0.46, bottom: 0.74, line: 0.068, margin: 0.028, scale: 1 },
  expiry: { left: 0.36, right: 0.8, top: 0.66, bottom: 0.82, line: 0.045, margin: 0.022, scale: 1.5 },
  name: { left: 0.03, right: 0.97, top: 0.78, bottom: 0.96, line: 0.045, margin: 0.022, scale: 1.5 },
};

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
 * The strip of `card` (a flat card from warp.ts, its right overhang included) holding the `kind` line, found within
 * its region; `shift` moves the region's window by that many line heights (another pass's other crop).
 */
export function cutBand(card: Grey, kind: BandKind, shift = 0): Grey {
  const region = REGIONS[kind];
  const x = CARD_WIDTH * region.left;
  const y = CARD_HEIGHT * region.top;
  const search = cropGrey(
    card,
    x,
    y,
    CARD_WIDTH * (region.right - region.left),
    CARD_HEIGHT * (region.bottom - region.top),
  );
  const line = Math.round(CARD_HEIGHT * region.line);
  const margin = Math.round(CARD_HEIGHT * region.margin);
  const level = shear(search, bestSlope(search, line));
  const start = busiestWindow(rowEnergy(level), line) + Math.round(shift * line);
  const band = cropGrey(level, 0, start - margin, level.width, line + margin * 2);
  return region.scale === 1 ? band : resize(band, region.scale);
}

/**
 * `band` cut down to the columns that hold its text, with at least `margin` columns kept at each end (and under
 * twice that, as the smoothing window blurs the text's ends outwards): the reader's time
 * grows with a line's width, and an expiry or a short name fills a small part of its region. A column's share is its
 * stroke energy (differences to its neighbours across and down), smoothed over `margin` columns; text is where that
 * reaches a fifth of the busiest stretch. A band whose text spans most of it is returned as it is.
 */
export function trimToText(band: Grey, margin: number): Grey {
  const { width, height, data } = band;
  const columns = new Float64Array(width);
  for (let row = 0; row + 1 < height; row += 1) {
    for (let column = 0; column + 1 < width; column += 1) {
      const at = row * width + column;
      const here = data[at] ?? 0;
      columns[column] =
        (columns[column] ?? 0) + Math.abs(here - (data[at + 1] ?? 0)) + Math.abs(here - (data[at + width] ?? 0));
    }
  }
  const smooth = new Float64Array(width);
  let sum = 0;
  for (let column = 0; column < width; column += 1) {
    sum += columns[column] ?? 0;
    if (column >= margin) sum -= columns[column - margin] ?? 0;
    smooth[column] = sum;
  }
  const threshold = Math.max(...smooth) / 5;
  const first = smooth.findIndex((value) => value >= threshold);
  let last = width - 1;
  while (last > 0 && (smooth[last] ?? 0) < threshold) last -= 1;
  // The smoothing window trails its column: text starts up to `margin` columns before the first one that reaches it.
  const left = Math.max(0, first - margin * 2);
  const right = Math.min(width, last + margin);
  if (first < 0 || right - left > width * 0.85) return band;
  return cropGrey(band, left, 0, right - left, height);
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
