/**
 * The two colours of each card theme (SPEC.md §3), as data so the preview and the theme picker agree. The pairs
 * are Tailwind's 700 → 900 shades: the lightest point of every face (700, under the sheen) keeps the white card text
 * at 4.5:1 or more (WCAG 1.4.3), yellow and green being the closest at about 4.6:1.
 * tests/domain/card-theme-contrast.test.ts computes it for all 15.
 */
import type { Theme } from '../domain/card';

/** Every text on a card face is this colour, at full opacity (src/styles/card.css). */
export const CARD_TEXT_COLOUR = '#ffffff';

/** The white sheen over part of each face (`.card-preview::after` in src/styles/card.css): it lightens what it covers. */
export const CARD_SHEEN_ALPHA = 0.04;

export const THEME_GRADIENTS: Readonly<Record<Theme, readonly [string, string]>> = {
  SKY: ['#0369a1', '#0c4a6e'],
  PINK: ['#be185d', '#831843'],
  RED: ['#b91c1c', '#7f1d1d'],
  CYAN: ['#0e7490', '#164e63'],
  YELLOW: ['#a16207', '#713f12'],
  BLUE: ['#1d4ed8', '#1e3a8a'],
  GREEN: ['#15803d', '#14532d'],
  EMERALD: ['#047857', '#064e3b'],
  FUCHSIA: ['#a21caf', '#701a75'],
  PURPLE: ['#7e22ce', '#581c87'],
  VIOLET: ['#6d28d9', '#4c1d95'],
  INDIGO: ['#4338ca', '#312e81'],
  ORANGE: ['#c2410c', '#7c2d12'],
  TEAL: ['#0f766e', '#134e4a'],
  ROSE: ['#be123c', '#881337'],
};

/** The CSS background for a theme; applied through a style prop, which the CSP allows (no inline <style>). */
export function themeBackground(theme: Theme): string {
  const [from, to] = THEME_GRADIENTS[theme];
  return `linear-gradient(135deg, ${from}, ${to})`;
}

/** 'FUCHSIA' → 'Fuchsia', for accessible names such as 'Theme Fuchsia'. */
export const themeLabel = (theme: Theme): string => theme.charAt(0) + theme.slice(1).toLowerCase();
