/**
 * The printed lines under the card's number, each as its own strip: the expiry, a company line, the holder's name.
 * Cards place them anywhere from a tenth to half of the width in and in any order (a date alone, two dates, a label
 * before or above it, a company above the holder), so rather than fixed regions the rows under the number are split
 * into lines where their stroke energy drops between them: a projection profile, as document readers segment lines.
 */
import { bestSlope, resize, rowEnergy, shear } from './bands';
import { cropGrey, type Grey } from './grey';
import { CARD_HEIGHT, CARD_WIDTH } from './warp';

/** Where to look across the card: all of it but its edges (two dates reach the right end). */
const LEFT = 0.03;
const RIGHT = 0.97;
/**
 * Print starting further right than this share of the searched width is a network's mark or a card type: the
 * expiry starts at most about half-way (a date alone at 46 % of the card), the holder's name at its left.
 */
const LAST_START = 0.6;
/**
 * A piece more than this many times as wide as it is tall is not print but a card's edge, a shadow or a stripe of its
 * pattern: a 26-letter name is about 20 times its height.
 */
const WIDEST = 32;
/** The bottom of what is searched: the card's own edge, a little in. */
const BOTTOM = 0.97;
/** A line shorter than this share of the card's height is a scratch or a pattern's edge, not print. */
const SHORTEST = 0.014;
/** Rows between two runs closer than this share belong to one line (a label's gap above its date). */
const JOIN = 0.008;
/** The height of a typical line under the number, for levelling a slanted card (bands.ts `bestSlope`). */
const TYPICAL = 0.045;
/** Small print is enlarged so its letters reach the height the reader works at. */
const SCALE = 1.5;

/** The rows of `energy` holding text: runs above a level set between the quiet rows and the busiest ones. */
export function textRuns(energy: Float64Array, shortest: number, join: number): { start: number; end: number }[] {
  const smooth = energy.map((_, row) => {
    let sum = 0;
    let count = 0;
    for (let near = Math.max(0, row - 1); near <= Math.min(energy.length - 1, row + 1); near += 1) {
      sum += energy[near] ?? 0;
      count += 1;
    }
    return sum / count;
  });
  const sorted = Array.from(smooth).sort((a, b) => a - b);
  // The quiet level is the fifth-quietest row's: a card's face has pattern everywhere, print only on some rows.
  const quiet = sorted[Math.floor(sorted.length * 0.2)] ?? 0;
  const busiest = sorted[sorted.length - 1] ?? 0;
  const level = quiet + (busiest - quiet) * 0.1;
  const runs: { start: number; end: number }[] = [];
  let start = -1;
  for (let row = 0; row <= smooth.length; row += 1) {
    const inText = row < smooth.length && (smooth[row] ?? 0) >= level;
    if (inText && start < 0) start = row;
    if (!inText && start >= 0) {
      const last = runs[runs.length - 1];
      if (last && start - last.end < join) last.end = row;
      else runs.push({ start, end: row });
      start = -1;
    }
  }
  return runs.filter((run) => run.end - run.start >= shortest);
}

/** A piece of print under the number: its strip, and where it starts as a share of the searched width. */
export interface LinePiece {
  strip: Grey;
  left: number;
}

/**
 * The columns of a line's strip holding print, split where a gap wider than `gap` columns parts them (a name from a
 * network's mark at the card's right, a card type) and keeping runs at least `narrowest` wide (not a card edge's
 * stroke). Words and a date's label sit closer than that and stay one piece.
 */
export function textPieces(strip: Grey, gap: number, narrowest: number): { start: number; end: number }[] {
  const { width, height, data } = strip;
  const columns = new Float64Array(width);
  for (let row = 0; row + 1 < height; row += 1) {
    for (let column = 0; column + 1 < width; column += 1) {
      const at = row * width + column;
      const here = data[at] ?? 0;
      columns[column] =
        (columns[column] ?? 0) + Math.abs(here - (data[at + 1] ?? 0)) + Math.abs(here - (data[at + width] ?? 0));
    }
  }
  const busiest = Math.max(...columns);
  const pieces: { start: number; end: number }[] = [];
  let start = -1;
  let quiet = 0;
  for (let column = 0; column <= width; column += 1) {
    const inText = column < width && (columns[column] ?? 0) >= busiest / 6;
    if (inText) {
      if (start < 0) start = column;
      quiet = 0;
      continue;
    }
    if (start < 0) continue;
    quiet += 1;
    if (quiet >= gap) {
      pieces.push({ start, end: column - quiet + 1 });
      start = -1;
    }
  }
  if (start >= 0) pieces.push({ start, end: width + 1 - quiet });
  return pieces.filter((piece) => piece.end - piece.start >= narrowest);
}

/**
 * The pieces of print on `card` (a flat card from warp.ts, `width` wide without its overhang) below row `top`: by
 * line from the top, left to right. Sizes are shares of the card's short side (CARD_HEIGHT, upright or not).
 */
export function linesBelow(card: Grey, top: number, width = CARD_WIDTH): LinePiece[] {
  const search = cropGrey(card, width * LEFT, top, width * (RIGHT - LEFT), card.height * BOTTOM - top);
  if (search.height < CARD_HEIGHT * SHORTEST) return [];
  const level = shear(search, bestSlope(search, Math.round(CARD_HEIGHT * TYPICAL)));
  const runs = textRuns(rowEnergy(level), Math.round(CARD_HEIGHT * SHORTEST), Math.round(CARD_HEIGHT * JOIN));
  // A run from the very first row is the number's own lower edge (its band is found to a few rows).
  return runs.flatMap((run) => {
    if (run.start === 0) return [];
    const tall = run.end - run.start;
    const margin = Math.max(4, Math.round(tall * 0.5));
    const line = cropGrey(level, 0, run.start - margin, level.width, tall + margin * 2);
    const pieces = textPieces(cropGrey(level, 0, run.start, level.width, tall), tall * 1.5, tall * 0.5);
    return pieces.flatMap((piece) => {
      if (piece.start > level.width * LAST_START || piece.end - piece.start > tall * WIDEST) return [];
      // A letter's height of room on each side: the reader misreads a first or last letter cut close.
      const from = Math.max(0, piece.start - tall);
      const strip = cropGrey(line, from, 0, Math.min(line.width, piece.end + tall) - from, line.height);
      return [{ strip: resize(strip, SCALE), left: piece.start / level.width }];
    });
  });
}
