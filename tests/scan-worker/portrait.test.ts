/**
 * A card standing upright (scan-worker/recognize): found in a photo as one, flattened upright, and its stacked
 * groups told from the lines around them. Images drawn here; no reader.
 */
import { describe, expect, it } from 'vitest';
import { findCard, isPortrait } from '../../scan-worker/recognize/card-find';
import { toGrey } from '../../scan-worker/recognize/grey';
import { longestRun } from '../../scan-worker/recognize/stacked';
import { CARD_HEIGHT, CARD_WIDTH, warpCard, warpPortrait } from '../../scan-worker/recognize/warp';

/** A dark desk `width` × `height` with a light card `w` × `h` in its middle, a dark mark in the card's top-left. */
function photo(width: number, height: number, w: number, h: number): ImageData {
  const image = new ImageData(width, height);
  const left = Math.round((width - w) / 2);
  const top = Math.round((height - h) / 2);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const onCard = x >= left && x < left + w && y >= top && y < top + h;
      const onMark = onCard && x < left + w * 0.2 && y < top + h * 0.15;
      const value = onMark ? 40 : onCard ? 230 : 50;
      image.data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return image;
}

describe('a card standing upright', () => {
  it('is found as one and flattened upright, its top-left staying at the top-left', () => {
    const image = photo(640, 800, 380, 600);
    const quad = findCard(image);
    if (!quad) throw new Error('no card found');
    expect(isPortrait(quad)).toBe(true);
    const card = warpPortrait(toGrey(image), quad);
    expect(card?.width).toBe(CARD_HEIGHT);
    expect(card?.height).toBe(CARD_WIDTH);
    // The mark drawn in the card's top-left corner is there on the flat card, and the bottom-right is plain card.
    const at = (x: number, y: number) => card?.data[Math.round(y) * (card?.width ?? 0) + Math.round(x)] ?? -1;
    expect(at(CARD_HEIGHT * 0.1, CARD_WIDTH * 0.07)).toBeLessThan(100);
    expect(at(CARD_HEIGHT * 0.9, CARD_WIDTH * 0.9)).toBeGreaterThan(180);
  });

  it('is not taken for a landscape card, nor a landscape card for an upright one', () => {
    const landscape = findCard(photo(800, 640, 600, 380));
    if (!landscape) throw new Error('no card found');
    expect(isPortrait(landscape)).toBe(false);
    expect(warpCard(toGrey(photo(800, 640, 600, 380)), landscape)?.height).toBe(CARD_HEIGHT);
  });

  it('has its number in the longest run of lines that read as groups', () => {
    // Chip, contactless mark, four groups, the expiry, the name: the groups are lines 2 to 5.
    expect(longestRun([false, true, false, true, true, true, true, false, false])).toEqual({ start: 3, length: 4 });
    expect(longestRun([false, false])).toEqual({ start: 0, length: 0 });
  });
});
