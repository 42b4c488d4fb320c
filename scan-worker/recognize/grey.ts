/**
 * A one-channel image: what every later step (card finding, warp, bands, thresholds) works on. Brightness 0–255 in a
 * Uint8ClampedArray, so rounding and clamping come for free when a step writes it back.
 */
export interface Grey {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function makeGrey(width: number, height: number): Grey {
  return { width, height, data: new Uint8ClampedArray(width * height) };
}

/** Luma (Rec. 601 weights) of an RGBA image: the weights that keep printed text's contrast on coloured cards. */
export function toGrey(image: ImageData): Grey {
  const grey = makeGrey(image.width, image.height);
  const rgba = image.data;
  for (let index = 0; index < grey.data.length; index += 1) {
    const at = index * 4;
    grey.data[index] = 0.299 * (rgba[at] ?? 0) + 0.587 * (rgba[at + 1] ?? 0) + 0.114 * (rgba[at + 2] ?? 0);
  }
  return grey;
}

/** The image's mean brightness, 0 to 1, for the 'More light' hint. */
export function meanLight(grey: Grey): number {
  let sum = 0;
  for (const value of grey.data) sum += value;
  return grey.data.length === 0 ? 0 : sum / grey.data.length / 255;
}

/** A region of a grey image as a new image (clamped to its bounds). */
export function cropGrey(grey: Grey, x: number, y: number, width: number, height: number): Grey {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  const right = Math.min(grey.width, Math.round(x + width));
  const bottom = Math.min(grey.height, Math.round(y + height));
  const out = makeGrey(Math.max(0, right - left), Math.max(0, bottom - top));
  for (let row = 0; row < out.height; row += 1) {
    const from = (top + row) * grey.width + left;
    out.data.set(grey.data.subarray(from, from + out.width), row * out.width);
  }
  return out;
}

/**
 * How sharp the text is, 0 to 1: the mean absolute difference between neighbours, relative to the image's own
 * contrast range, so a dim but focused card still counts as sharp. Scaled (×12) so that crisp print reaches 1; the
 * scale is a first guess, not yet fitted to the corpus's blur settings.
 */
export function sharpness(grey: Grey): number {
  const { width, height, data } = grey;
  if (width < 3 || height < 3) return 0;
  let lo = 255;
  let hi = 0;
  let sum = 0;
  let count = 0;
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column + 1 < width; column += 1) {
      const value = data[row * width + column] ?? 0;
      lo = Math.min(lo, value);
      hi = Math.max(hi, value);
      sum += Math.abs(value - (data[row * width + column + 1] ?? 0));
      count += 1;
    }
  }
  const range = hi - lo;
  if (range < 8) return 0;
  return Math.min(1, (sum / count / range) * 12);
}

/** RGBA for a canvas: each grey value copied into the three colour channels, opaque. */
export function greyToImageData(grey: Grey): ImageData {
  const rgba = new Uint8ClampedArray(grey.width * grey.height * 4);
  for (let index = 0; index < grey.data.length; index += 1) {
    const value = grey.data[index] ?? 0;
    const at = index * 4;
    rgba[at] = value;
    rgba[at + 1] = value;
    rgba[at + 2] = value;
    rgba[at + 3] = 255;
  }
  return new ImageData(rgba, grey.width, grey.height);
}

/**
 * The image scaled to `height` rows, its width in proportion (at least `height`). Each output pixel averages the
 * source pixels it covers, so shrinking does not alias thin strokes away.
 */
export function resizeToHeight(grey: Grey, height: number): Grey {
  const factor = height / Math.max(1, grey.height);
  const out = makeGrey(Math.max(height, Math.round(grey.width * factor)), height);
  for (let row = 0; row < out.height; row += 1) {
    const y0 = Math.floor(row / factor);
    const y1 = Math.max(y0 + 1, Math.min(grey.height, Math.floor((row + 1) / factor)));
    for (let column = 0; column < out.width; column += 1) {
      const x0 = Math.min(grey.width - 1, Math.floor(column / factor));
      const x1 = Math.max(x0 + 1, Math.min(grey.width, Math.floor((column + 1) / factor)));
      let sum = 0;
      let count = 0;
      for (let y = y0; y < y1; y += 1) {
        for (let x = x0; x < x1; x += 1) {
          sum += grey.data[y * grey.width + x] ?? 255;
          count += 1;
        }
      }
      out.data[row * out.width + column] = count === 0 ? 255 : sum / count;
    }
  }
  return out;
}
