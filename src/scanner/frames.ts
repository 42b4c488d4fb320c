/**
 * Turns what the camera shows, or a chosen photo, into the pixels the recognition reads. Each image exists only
 * between here and the worker: it is drawn, read out, transferred, and never stored, logged or sent anywhere.
 */

/** Frames larger than this (on their long side) are scaled down: card digits stay legible, the worker stays quick. */
const FRAME_LONG_SIDE = 1280;
/** A photo keeps more detail: it is read once, not four times a second. */
const PHOTO_LONG_SIDE = 2000;

type Drawable = HTMLVideoElement | ImageBitmap;

function pixelsOf(source: Drawable, width: number, height: number, longSide: number): ImageData | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, longSide / Math.max(width, height));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const canvas = new OffscreenCanvas(w, h);
  // Read back at once and only once: the hint lets the browser keep the canvas in memory rather than on the GPU.
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  return context.getImageData(0, 0, w, h);
}

/** The frame the video shows now, or null before the first frame has arrived. */
export function grabFrame(video: HTMLVideoElement): ImageData | null {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
  return pixelsOf(video, video.videoWidth, video.videoHeight, FRAME_LONG_SIDE);
}

/** A photo file's pixels, upright as its EXIF says; rejects when the file is not an image the browser can open. */
export async function photoPixels(file: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height, PHOTO_LONG_SIDE);
    if (!pixels) throw new Error('The photo has no pixels');
    return pixels;
  } finally {
    bitmap.close();
  }
}
