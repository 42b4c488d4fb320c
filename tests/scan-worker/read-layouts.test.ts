/**
 * The card reader (scan-worker/recognize) on four photos of real-looking cards whose lines sit where fixed bands
 * missed them (tests/fixtures/scan-layouts, from the real-looking corpus): a card standing upright with its groups
 * stacked, a valid-from date before the expiry, a company's line above the holder's, a label above the date. In its
 * own dedicated worker, as the scanner runs it; what counts is what the page would fill in (`acceptPhoto`).
 */
import { describe, expect, it } from 'vitest';
import { acceptPhoto } from '../../src/domain/scan-accept';
import type { FrameRead } from '../../src/domain/scan-read';
import layouts from '../fixtures/scan-layouts/labels.json';
import { imageDataOf } from './image-data';

const photos = import.meta.glob<string>('../fixtures/scan-layouts/*.jpg', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** Before every expiry printed on these cards, so each is one a card can still carry. */
const TODAY = new Date(2025, 0, 1);

describe('the card reader on cards laid out as real ones are', () => {
  it('finds each card’s number and expiry wherever they sit, the later of two dates, and never a wrong name', async () => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module' });
    const read = (id: number, image: ImageData): Promise<{ read?: FrameRead; error?: string }> =>
      new Promise((resolve) => {
        const listener = (event: MessageEvent<{ id: number; read?: FrameRead; error?: string }>) => {
          if (event.data.id !== id) return;
          worker.removeEventListener('message', listener);
          resolve(event.data);
        };
        worker.addEventListener('message', listener);
        worker.postMessage({ id, image });
      });
    try {
      for (const [id, label] of layouts.labels.entries()) {
        const url = photos[`../fixtures/scan-layouts/${label.file}`];
        if (!url) throw new Error(`No photo ${label.file}`);
        const answer = await read(id, await imageDataOf(url));
        if (!answer.read) throw new Error(`${label.file}: ${answer.error}`);
        const filled = acceptPhoto(answer.read, TODAY);
        expect(filled?.number, label.file).toBe(label.number);
        expect(filled?.expiry, label.file).toBe(label.expiry);
        // A name is the holder's or none: never the company's line above it, never a misread one.
        expect(['', label.name], label.file).toContain(filled?.cardholder);
      }
    } finally {
      worker.terminate();
    }
  }, 120_000);
});
