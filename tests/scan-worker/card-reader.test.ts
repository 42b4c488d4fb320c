/**
 * The card reader's network as the browser runs it (scan-worker/recognize/network.ts, TensorFlow.js's wasm backend,
 * the shipped fp16 weights) computes what the training computed: on the reference bands the training wrote beside the
 * weights (scripts/card-reader/export.py), each column's likeliest class is the same, with the same probability
 * within a hundredth, and the text decoded is the one the training decoded.
 */
import { describe, expect, it } from 'vitest';
import references from '../../scan-worker/reader/reference/reference.json';
import { toGrey } from '../../scan-worker/recognize/grey';
import { CLASSES, networkInput, runNetwork, startNetwork } from '../../scan-worker/recognize/network';
import { fetchCardReaderFiles } from '../../scripts/scan-corpus/candidates/card-reader-files';
import { imageDataOf } from './image-data';

const bands = import.meta.glob<string>('../../scan-worker/reader/reference/*.png', {
  query: '?url',
  import: 'default',
  eager: true,
});

describe('the card reader network in the browser', () => {
  it('computes on the reference bands what the training computed', async () => {
    const files = await fetchCardReaderFiles();
    await startNetwork(files.model, files.wasm);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      const url = bands[`../../scan-worker/reader/reference/${reference.band}`];
      if (!url) throw new Error(`No reference band ${reference.band}`);
      const { input, width } = networkInput(toGrey(await imageDataOf(url)));
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
