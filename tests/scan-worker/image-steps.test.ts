/**
 * The card reader's pure steps (scan-worker/recognize) on small images made here: geometry, the warp, levelling,
 * thresholds, CTC decoding and the parsing of what a line says. No reader, no photo.
 */
import { describe, expect, it } from 'vitest';
import { bestSlope, busiestWindow, rowEnergy, shear } from '../../scan-worker/recognize/bands';
import { ctcDecode } from '../../scan-worker/recognize/ctc';
import { fitLine, intersect, mapPoint, rectangleTo } from '../../scan-worker/recognize/geometry';
import { type Grey, makeGrey } from '../../scan-worker/recognize/grey';
import { linesBelow, textPieces, textRuns } from '../../scan-worker/recognize/lines';
import { parseExpiry, parseName } from '../../scan-worker/recognize/parse';
import { binarise, normalise, otsuLevel, textIsLight } from '../../scan-worker/recognize/thresholds';
import { CARD_HEIGHT, CARD_WIDTH, RIGHT_OVERHANG } from '../../scan-worker/recognize/warp';

/** A white image with a dark bar `thickness` rows tall along y = top + slope·(x − centre). */
function slantedBar(width: number, height: number, top: number, slope: number, thickness: number): Grey {
  const grey = makeGrey(width, height);
  grey.data.fill(230);
  for (let x = 0; x < width; x += 1) {
    // Dashes, so the bar has strokes across it as print has.
    if (x % 6 >= 3) continue;
    const y0 = Math.round(top + slope * (x - width / 2));
    for (let y = y0; y < y0 + thickness; y += 1) if (y >= 0 && y < height) grey.data[y * width + x] = 20;
  }
  return grey;
}

describe('geometry', () => {
  it('maps a rectangle onto four corners and crosses fitted lines where they meet', () => {
    const corners = [
      { x: 10, y: 20 },
      { x: 110, y: 25 },
      { x: 105, y: 90 },
      { x: 12, y: 80 },
    ];
    const map = rectangleTo(200, 100, corners);
    if (!map) throw new Error('no map');
    expect(mapPoint(map, 200, 100).x).toBeCloseTo(105, 6);
    expect(mapPoint(map, 200, 100).y).toBeCloseTo(90, 6);
    const across = fitLine(
      Array.from({ length: 20 }, (_, x) => ({ x, y: 0.5 * x + 3 })),
      'y',
    );
    const down = fitLine(
      Array.from({ length: 20 }, (_, y) => ({ x: 7, y })),
      'x',
    );
    if (!across || !down) throw new Error('no line');
    expect(intersect(across, down)).toEqual({ x: 7, y: 6.5 });
  });

  it('leaves a notch out of a side when fitting it', () => {
    const points = Array.from({ length: 40 }, (_, x) => ({ x, y: x >= 18 && x < 22 ? 30 : 10 }));
    const line = fitLine(points, 'y');
    expect(line?.offset).toBeCloseTo(10, 6);
    expect(line?.slope).toBeCloseTo(0, 6);
  });
});

describe('bands', () => {
  it('finds a slanted line, levels it, and finds its rows', () => {
    const grey = slantedBar(400, 80, 30, 0.05, 12);
    const slope = bestSlope(grey, 12);
    expect(slope).toBeCloseTo(0.05, 2);
    const level = shear(grey, slope);
    const start = busiestWindow(rowEnergy(level), 12);
    expect(Math.abs(start - 30)).toBeLessThanOrEqual(1);
  });
});

describe('finding the lines under the number', () => {
  /** A light card of the warp's size with dashed print (3 px on, 3 off) in each box: rows top–bottom, columns from–to. */
  function card(boxes: { top: number; bottom: number; from: number; to: number }[]): Grey {
    const grey = makeGrey(Math.round(CARD_WIDTH * (1 + RIGHT_OVERHANG)), CARD_HEIGHT);
    grey.data.fill(225);
    for (const box of boxes) {
      for (let x = box.from; x < box.to; x += 1) {
        if (x % 6 >= 3) continue;
        for (let y = box.top; y < box.bottom; y += 1) grey.data[y * grey.width + x] = 30;
      }
    }
    return grey;
  }

  it('splits rows into the lines their print fills, a label close above its date joined to it', () => {
    const energy = new Float64Array(100);
    for (const [from, to] of [
      [10, 14],
      [16, 30],
      [50, 70],
      [90, 91],
    ] as const) {
      energy.fill(1000, from, to);
    }
    // The label (10–14) and its date (16–30) are two rows apart: one line. A one-row speck is not a line. Each edge
    // may move out by the row the profile is smoothed over.
    const runs = textRuns(energy, 5, 4);
    expect(runs).toHaveLength(2);
    for (const [index, [start, end]] of [
      [10, 30],
      [50, 70],
    ].entries()) {
      expect(Math.abs((runs[index]?.start ?? 0) - (start ?? 0))).toBeLessThanOrEqual(1);
      expect(Math.abs((runs[index]?.end ?? 0) - (end ?? 0))).toBeLessThanOrEqual(1);
    }
  });

  it('keeps a name apart from the mark printed far to its right, and leaves out a narrow stroke', () => {
    const strip = makeGrey(600, 20);
    strip.data.fill(225);
    for (const [from, to] of [
      [2, 4],
      [40, 200],
      [450, 560],
    ] as const) {
      for (let x = from; x < to; x += 1) for (let y = 0; y < 20; y += 1) if (x % 6 < 3) strip.data[y * 600 + x] = 30;
    }
    const pieces = textPieces(strip, 30, 10);
    expect(pieces).toHaveLength(2);
    // The first dash of each is inked from its box's first column that is a multiple of six (42 and 450): a stroke's
    // edge is the difference across it, one column before.
    expect(pieces.map((piece) => piece.start)).toEqual([41, 449]);
    expect(pieces[1]?.end).toBeGreaterThanOrEqual(555);
  });

  it('finds the expiry and the name under the number, top to bottom, and not the mark at the right', () => {
    const number = { top: 300, bottom: 336, from: 60, to: 760 };
    const expiry = { top: 370, bottom: 392, from: 300, to: 420 };
    const name = { top: 430, bottom: 452, from: 60, to: 380 };
    const mark = { top: 440, bottom: 470, from: 700, to: 820 };
    const pieces = linesBelow(card([number, expiry, name, mark]), 340);
    expect(pieces).toHaveLength(2);
    // Each piece starts where its print does, as a share of the searched width (from 3 % of the card in).
    const searched = CARD_WIDTH * 0.94;
    expect(pieces[0]?.left).toBeCloseTo((expiry.from - CARD_WIDTH * 0.03) / searched, 1);
    expect(pieces[1]?.left).toBeCloseTo((name.from - CARD_WIDTH * 0.03) / searched, 1);
    // Enlarged by half, with room around the print: taller and wider than the print itself.
    expect(pieces[1]?.strip.height).toBeGreaterThan((name.bottom - name.top) * 1.5);
    expect(pieces[1]?.strip.width).toBeGreaterThan((name.to - name.from) * 1.5);
  });

  it('finds nothing under a number with a plain card below it', () => {
    expect(linesBelow(card([{ top: 300, bottom: 336, from: 60, to: 760 }]), 340)).toEqual([]);
  });
});

describe('thresholds', () => {
  it('tells light print on a dark card and turns it dark on light', () => {
    const grey = makeGrey(100, 10);
    grey.data.fill(40);
    // Strokes on a tenth of the pixels, as a band's print covers.
    for (let x = 0; x < 100; x += 2) grey.data[5 * 100 + x] = 220;
    for (let x = 0; x < 100; x += 2) grey.data[6 * 100 + x] = 220;
    expect(textIsLight(grey)).toBe(true);
    const flat = normalise(grey, true);
    expect(flat.data[5 * 100]).toBeLessThan(30);
    expect(flat.data[0]).toBeGreaterThan(225);
  });

  it("splits ink from card at Otsu's level", () => {
    const grey = makeGrey(10, 10);
    grey.data.fill(200);
    grey.data.fill(50, 0, 30);
    const level = otsuLevel(grey);
    expect(level).toBeGreaterThanOrEqual(50);
    expect(level).toBeLessThan(200);
    expect(Array.from(binarise(grey, level).data.slice(28, 32))).toEqual([0, 0, 255, 255]);
  });
});

describe('CTC decoding', () => {
  /** Probabilities over classes [blank, '1', '2', ' ', 'A'] with one class at 0.9 per step. */
  function steps(path: number[]): Float32Array {
    const out = new Float32Array(path.length * 5).fill(0.025);
    path.forEach((index, step) => {
      out[step * 5 + index] = 0.9;
    });
    return out;
  }
  const characters = ['', '1', '2', ' ', 'A'];

  it('merges repeats, drops blanks, keeps only the allowed classes', () => {
    const decoded = ctcDecode(steps([1, 1, 0, 1, 0, 2, 4, 0]), 8, 5, [1, 2], characters);
    expect(decoded.text).toBe('112');
    expect(decoded.confidence).toBeCloseTo(90, 3);
    expect(decoded.weakest).toBeCloseTo(90, 3);
  });

  it('gives the least sure character, spaces aside', () => {
    const probabilities = steps([1, 0, 3, 0, 2]);
    probabilities[5 * 4 + 2] = 0.6;
    probabilities[5 * 2 + 3] = 0.3;
    const decoded = ctcDecode(probabilities, 5, 5, [1, 2, 3], characters);
    expect(decoded.text).toBe('1 2');
    expect(decoded.weakest).toBeCloseTo(60, 3);
  });

  it('splits a number into the groups the reader puts a space between', () => {
    // 1 2 at a pitch of 2, a space read as the likeliest class, 2 1, a two-pitch gap with a faint space, 1 2, then a
    // two-pitch gap with no space at all (the spacing alone does not split), 1 2.
    const path = [1, 0, 2, 0, 3, 2, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2];
    const probabilities = steps(path);
    probabilities[9 * 5 + 3] = 0.1;
    const decoded = ctcDecode(probabilities, path.length, 5, [1, 2, 3], characters);
    expect(decoded.run).toBe('12211212');
    expect(decoded.groups).toBe('12 21 1212');
    // A faint space where the digits stand at their usual pitch is not a gap.
    const close = steps([1, 0, 2, 0, 1, 0, 2]);
    close[3 * 5 + 3] = 0.1;
    expect(ctcDecode(close, 7, 5, [1, 2, 3], characters).groups).toBe('1212');
  });

  it('spaces words apart by their gaps and keeps a number to its longest run', () => {
    // 1 2 1 2 at a pitch of 2, then a stray 1 ten steps on.
    const path = [1, 0, 2, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    const decoded = ctcDecode(steps(path), path.length, 5, [1, 2], characters);
    expect(decoded.text).toBe('12121');
    expect(decoded.run).toBe('1212');
    expect(decoded.spaced).toBe('1212 1');
  });
});

describe('parsing', () => {
  it('reads digits, expiries and names, and refuses noise', () => {
    expect(parseExpiry('0927')).toBe('09/27');
    expect(parseExpiry('1109/27')).toBe('09/27');
    expect(parseExpiry('13/27')).toBeNull();
    expect(parseExpiry('VALID THRU 05/29')).toBe('05/29');
    expect(parseExpiry('MONTH/YEAR 11/2031')).toBe('11/31');
    // Valid from and thru: the later date is the expiry, whichever comes first on the line.
    expect(parseExpiry('VALID FROM 08/24 GOOD THRU 08/29')).toBe('08/29');
    expect(parseExpiry('02/31 01/27')).toBe('02/31');
    expect(parseName("  ada  o'brien ")).toBe("ADA O'BRIEN");
    expect(parseName('A I')).toBeNull();
    // One word is two whose gap was lost; a lone letter at the end is a stray mark.
    expect(parseName('JOSELOVELACE')).toBeNull();
    expect(parseName('ADA LOVELACE I')).toBeNull();
  });
});
