/**
 * WCAG 2.2 contrast (1.4.3, 4.5:1 for normal text) of the white text on each card face, against both stops of its
 * theme's gradient (every point between two stops lies between their luminances, so the stops are the worst
 * points) and against each stop under the card's sheen, which lightens part of the face.
 */
import { describe, expect, it } from 'vitest';
import { CARD_SHEEN_ALPHA, CARD_TEXT_COLOUR, THEME_GRADIENTS } from '../../src/components/card-themes';
import { THEMES } from '../../src/domain/card';

type Rgb = readonly [number, number, number];

const rgbOf = (hex: string): Rgb => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [
    Number.parseInt(match[1] ?? '', 16),
    Number.parseInt(match[2] ?? '', 16),
    Number.parseInt(match[3] ?? '', 16),
  ];
};

/** WCAG 2.2's relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const contrast = (a: Rgb, b: Rgb): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `top` at `alpha` over `base`, as the browser composites it. */
const over = (base: Rgb, top: Rgb, alpha: number): Rgb =>
  base.map((channel, index) => Math.round(channel * (1 - alpha) + (top[index] ?? 0) * alpha)) as unknown as Rgb;

const WHITE: Rgb = [255, 255, 255];

describe('card face contrast', () => {
  it('checks the formula against WCAG’s known pairs', () => {
    expect(contrast(WHITE, [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrast(WHITE, rgbOf('#767676'))).toBeCloseTo(4.54, 2);
  });

  it('has 15 themes, each a gradient of two colours', () => {
    expect(Object.keys(THEME_GRADIENTS).sort()).toEqual([...THEMES].sort());
    expect(Object.keys(THEME_GRADIENTS)).toHaveLength(15);
  });

  it.each(THEMES)('keeps the text on %s at 4.5:1 or more at every point of its face', (theme) => {
    const text = rgbOf(CARD_TEXT_COLOUR);
    for (const stop of THEME_GRADIENTS[theme]) {
      const face = rgbOf(stop);
      expect(contrast(text, face), `${theme} ${stop}`).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(text, over(face, WHITE, CARD_SHEEN_ALPHA)),
        `${theme} ${stop} under the sheen`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
