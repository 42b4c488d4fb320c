/**
 * TEMPORARY stand-in for the recognition, replaced by the real reader when it is merged: it finds no card and no
 * number, and measures only what the hints need from the whole image (brightness, and sharpness as the mean
 * difference between neighbouring pixels). Its answers have FrameRead's shape, so the scanner's page side runs
 * end to end against it: the camera, the hints, the photo path, the timeout.
 */
import type { FrameRead } from '../../src/domain/scan-read';

/** Every how many pixels one is sampled: enough for a mean, cheap on a phone. */
const STEP = 4;

export async function readImage(image: ImageData): Promise<FrameRead> {
  const { data, width, height } = image;
  let brightness = 0;
  let contrast = 0;
  let samples = 0;
  for (let y = 0; y < height; y += STEP) {
    for (let x = STEP; x < width; x += STEP) {
      const at = (y * width + x) * 4;
      const luma = (0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0)) / 255;
      const before = at - 4;
      const left =
        (0.299 * (data[before] ?? 0) + 0.587 * (data[before + 1] ?? 0) + 0.114 * (data[before + 2] ?? 0)) / 255;
      brightness += luma;
      contrast += Math.abs(luma - left);
      samples += 1;
    }
  }
  const light = samples ? brightness / samples : 0;
  // A sharp edge between neighbours differs by a good part of the range; eight times the mean saturates at that.
  const sharpness = samples ? Math.min(1, (contrast / samples) * 8) : 0;
  return { card: false, numbers: [], expiry: null, name: null, light, sharpness, size: 0 };
}
