/**
 * Turning a text band into what the reader sees best: dark text on white. Each pass over a band uses another of
 * these, so that two passes agreeing means two different views of the pixels gave the same digits.
 */
import { type Grey, makeGrey } from './grey';

/**
 * Whether the band's text is lighter than its background (embossed silver digits, white print on a dark card):
 * the pixels far from the band's median are mostly the text's, so their side of the median tells.
 */
export function textIsLight(grey: Grey): boolean {
  const sorted = Array.from(grey.data).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 128;
  const low = sorted[Math.floor(sorted.length * 0.03)] ?? 0;
  const high = sorted[Math.floor(sorted.length * 0.97)] ?? 255;
  return high - median > median - low;
}

/** Dark text on light: inverted when the text is light; then stretched so the 1st–99th percentiles span 0–255. */
export function normalise(grey: Grey, invert: boolean): Grey {
  const sorted = Array.from(grey.data).sort((a, b) => a - b);
  const lo = sorted[Math.floor(sorted.length * 0.01)] ?? 0;
  const hi = sorted[Math.floor(sorted.length * 0.99)] ?? 255;
  const range = Math.max(1, hi - lo);
  const out = makeGrey(grey.width, grey.height);
  for (let index = 0; index < grey.data.length; index += 1) {
    const value = (((grey.data[index] ?? 0) - lo) * 255) / range;
    out.data[index] = invert ? 255 - value : value;
  }
  return out;
}

/** Otsu's threshold: the grey level that best splits the histogram into two classes (ink and card). */
export function otsuLevel(grey: Grey): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = grey.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * (histogram[level] ?? 0);
  let sumBelow = 0;
  let countBelow = 0;
  let best = 0;
  let bestLevel = 128;
  for (let level = 0; level < 256; level += 1) {
    countBelow += histogram[level] ?? 0;
    if (countBelow === 0 || countBelow === total) continue;
    sumBelow += level * (histogram[level] ?? 0);
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / (total - countBelow);
    const between = countBelow * (total - countBelow) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      bestLevel = level;
    }
  }
  return bestLevel;
}

/** Black where the value is at or below `level`, white elsewhere. */
export function binarise(grey: Grey, level: number): Grey {
  const out = makeGrey(grey.width, grey.height);
  for (let index = 0; index < grey.data.length; index += 1)
    out.data[index] = (grey.data[index] ?? 0) <= level ? 0 : 255;
  return out;
}

/**
 * A local threshold: black where a pixel is darker than the mean of its neighbourhood by `offset`. Glare and a
 * card's colour gradient change the background along the band; a single level would lose digits at one end.
 */
export function adaptive(grey: Grey, radius: number, offset: number): Grey {
  const { width, height, data } = grey;
  // A summed-area table gives every window's mean in constant time.
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let row = 0; row < height; row += 1) {
    let line = 0;
    for (let column = 0; column < width; column += 1) {
      line += data[row * width + column] ?? 0;
      integral[(row + 1) * (width + 1) + column + 1] = (integral[row * (width + 1) + column + 1] ?? 0) + line;
    }
  }
  const out = makeGrey(width, height);
  for (let row = 0; row < height; row += 1) {
    const y0 = Math.max(0, row - radius);
    const y1 = Math.min(height, row + radius + 1);
    for (let column = 0; column < width; column += 1) {
      const x0 = Math.max(0, column - radius);
      const x1 = Math.min(width, column + radius + 1);
      const sum =
        (integral[y1 * (width + 1) + x1] ?? 0) -
        (integral[y0 * (width + 1) + x1] ?? 0) -
        (integral[y1 * (width + 1) + x0] ?? 0) +
        (integral[y0 * (width + 1) + x0] ?? 0);
      const mean = sum / ((x1 - x0) * (y1 - y0));
      out.data[row * width + column] = (data[row * width + column] ?? 0) < mean - offset ? 0 : 255;
    }
  }
  return out;
}

/** A white margin around the band: the reader finds a line's ends more reliably with some space around them. */
export function pad(grey: Grey, margin: number): Grey {
  const out = makeGrey(grey.width + margin * 2, grey.height + margin * 2);
  out.data.fill(255);
  for (let row = 0; row < grey.height; row += 1) {
    out.data.set(grey.data.subarray(row * grey.width, (row + 1) * grey.width), (row + margin) * out.width + margin);
  }
  return out;
}
