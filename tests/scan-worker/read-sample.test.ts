/**
 * The card reader (scan-worker/recognize) on the 30 committed sample photos (tests/fixtures/scan-sample, generator
 * seed 4242), in its own dedicated worker as the scanner runs it. Each photo must give its exact number or nothing,
 * never a wrong one, under the scanner's acceptance rule (`acceptPhoto`: a grouping cards print, an issued range at
 * its length, Luhn, two passes agreeing); the three photos of numbers that fail Luhn must give nothing; at least
 * 90 % must come out right.
 */
import { describe, expect, it } from 'vitest';
import { acceptPhoto } from '../../src/domain/scan-accept';
import type { FrameRead } from '../../src/domain/scan-read';
import sample from '../fixtures/scan-sample/labels.json';
import { imageDataOf } from './image-data';

const photos = import.meta.glob<string>('../fixtures/scan-sample/*.jpg', {
  query: '?url',
  import: 'default',
  eager: true,
});

interface Answer {
  id: number;
  read?: FrameRead;
  ms: number;
  error?: string;
}

describe('the card reader on the sample photos', () => {
  it('reads each photo exactly or not at all, 90 % exactly, and nothing from numbers failing Luhn', async () => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module' });
    let nextId = 0;
    const read = (image: ImageData): Promise<Answer> =>
      new Promise((resolve) => {
        const id = nextId++;
        const listener = (event: MessageEvent<Answer>) => {
          if (event.data.id !== id) return;
          worker.removeEventListener('message', listener);
          resolve(event.data);
        };
        worker.addEventListener('message', listener);
        worker.postMessage({ id, image });
      });

    const outcomes: { file: string; outcome: 'exact' | 'nothing' | 'wrong'; ms: number }[] = [];
    try {
      for (const label of sample.labels) {
        const url = photos[`../fixtures/scan-sample/${label.file}`];
        if (!url) throw new Error(`No photo ${label.file}`);
        const answer = await read(await imageDataOf(url));
        if (!answer.read) throw new Error(`${label.file}: ${answer.error}`);
        const number = acceptPhoto(answer.read, new Date())?.number ?? null;
        // A number failing Luhn is right only as nothing: the scanner must leave the field empty.
        const expected = label.valid ? label.number : null;
        const outcome = number === expected ? 'exact' : number === null ? 'nothing' : 'wrong';
        outcomes.push({ file: label.file, outcome, ms: answer.ms });
      }
    } finally {
      worker.terminate();
    }

    const count = (outcome: string) => outcomes.filter((entry) => entry.outcome === outcome).length;
    const times = outcomes.map((entry) => entry.ms).sort((a, b) => a - b);
    console.log(
      `scan sample: ${count('exact')}/${outcomes.length} exact, ${count('wrong')} wrong, ${count('nothing')} nothing;`,
      `median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms per photo (the first includes the model's start)`,
    );
    expect(outcomes.filter((entry) => entry.outcome === 'wrong')).toEqual([]);
    const invalid = sample.labels.filter((label) => !label.valid).map((label) => label.file);
    expect(invalid).toHaveLength(3);
    for (const file of invalid) expect(outcomes.find((entry) => entry.file === file)?.outcome).toBe('exact');
    expect(count('exact')).toBeGreaterThanOrEqual(Math.ceil(outcomes.length * 0.9));
  }, 150_000);
});
