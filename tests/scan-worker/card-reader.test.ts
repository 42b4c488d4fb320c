/**
 * The card reader's network as the browser runs it (scan-worker/recognize/network.ts, TensorFlow.js's wasm backend,
 * the shipped fp16 weights) computes what the training computed: on the reference bands the training wrote beside the
 * weights (scripts/card-reader/export.py), each column's likeliest class is the same, with the same probability
 * within a hundredth, and the text decoded is the one the training decoded.
 */
import { describe, expect, it } from 'vitest';
import references from '../../scan-worker/reader/reference/reference.json';
import type { Grey } from '../../scan-worker/recognize/grey';
import { CLASSES, networkInput, runNetwork, startNetwork } from '../../scan-worker/recognize/network';
import { fetchCardReaderFiles } from '../../scripts/scan-corpus/candidates/card-reader-files';

const bands = import.meta.glob<string>('../../scan-worker/reader/reference/*.png', {
  query: '?url',
  import: 'default',
  eager: true,
});

async function greyOf(url: string): Promise<Grey> {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  context.drawImage(bitmap, 0, 0);
  const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const data = new Uint8ClampedArray(bitmap.width * bitmap.height);
  for (let index = 0; index < data.length; index += 1) data[index] = rgba[index * 4] ?? 0;
  return { width: bitmap.width, height: bitmap.height, data };
}

describe('the card reader network in the browser', () => {
  it('computes on the reference bands what the training computed', async () => {
    const files = await fetchCardReaderFiles();
    await startNetwork(files.model, files.wasm);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      const url = bands[`../../scan-worker/reader/reference/${reference.band}`];
      if (!url) throw new Error(`No reference band ${reference.band}`);
      const { input, width } = networkInput(await greyOf(url));
      const { probabilities, steps } = await runNetwork(input, width);
      expect(steps, reference.band).toBe(reference.best.length);
      const classes = CLASSES.length;
      reference.best.forEach((best, step) => {
        const probability = probabilities[step * classes + best] ?? 0;
        expect(Math.abs(probability - (reference.top[step] ?? 0)), `${reference.band} column ${step}`).toBeLessThan(
          0.01,
        );
      });
      let text = '';
      let previous = 0;
      for (const best of reference.best) {
        if (best !== 0 && best !== previous) text += CLASSES[best];
        previous = best;
      }
      expect(reference.read, reference.band).toBe(text);
    }
  });
});
