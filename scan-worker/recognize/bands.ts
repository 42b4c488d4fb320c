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
  const start = busiestWindow(rowEnergy(search), line) + Math.round(shift * line);
  let band = cropGrey(search, 0, start - margin, search.width, line + margin * 2);
  if (kind === 'number') band = cropGrey(band, 0, 0, textEnd(search, start, line), band.height);
  return region.scale === 1 ? band : resize(band, region.scale);
}

/** Block width, in flat-card pixels, for telling print from plain card or desk: under half a digit. */
const BLOCK = 12;
/** Blank blocks that end the line: more than the gap between two digit groups (about one digit). */
const END_GAP = 5;

/**
 * Where the number line's print ends, as a column of `search` (from `start`, `line` rows tall). A block of columns is
 * print while its rows on the line are much busier than its rows above and below: plain card is quiet everywhere,
 * and a desk's texture or the card's edge is as busy off the line as on it. The print ends at the last such block
 * before a longer blank run; it may lie past the card's edge (a 19-digit number in the 16-digit layout runs off it),
 * and nothing after it is read, as the desk would read as stray digits.
 */
export function textEnd(search: Grey, start: number, line: number): number {
  const busy = (x0: number, y0: number, y1: number): number => {
    let sum = 0;
    let count = 0;
    for (let row = Math.max(0, y0); row < Math.min(search.height, y1); row += 1) {
      for (let column = x0; column < Math.min(search.width - 1, x0 + BLOCK); column += 1) {
        const at = row * search.width + column;
        sum += Math.abs((search.data[at] ?? 0) - (search.data[at + 1] ?? 0));
        count += 1;
      }
    }
    return count === 0 ? 0 : sum / count;
  };
  let lastPrint = -1;
  let blank = 0;
  for (let x0 = 0; x0 + BLOCK <= search.width; x0 += BLOCK) {
    const onLine = busy(x0, start, start + line);
    const around = Math.max(busy(x0, start - line, start), busy(x0, start + line, start + line * 2));
    if (onLine > around * 1.8 + 4) {
      lastPrint = x0;
      blank = 0;
    } else if (lastPrint >= 0) {
      blank += 1;
      if (blank > END_GAP) break;
    }
  }
  // A little room after the last digit, so the reader sees where it ends.
  return lastPrint < 0 ? search.width : Math.min(search.width, lastPrint + BLOCK + 16);
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
