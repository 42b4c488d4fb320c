/**
 * The two colours of each card theme (SPEC.md §3), as data so the preview and the theme picker agree. The pairs
 * are Tailwind's 500 → 700 shades: one step darker than 400 → 600 so white card text stays readable on every
 * theme, yellow and cyan included.
 */
import type { Theme } from '../domain/card';

export const THEME_GRADIENTS: Readonly<Record<Theme, readonly [string, string]>> = {
  SKY: ['#0ea5e9', '#0369a1'],
  PINK: ['#ec4899', '#be185d'],
  RED: ['#ef4444', '#b91c1c'],
  CYAN: ['#06b6d4', '#0e7490'],
  YELLOW: ['#eab308', '#a16207'],
  BLUE: ['#3b82f6', '#1d4ed8'],
  GREEN: ['#22c55e', '#15803d'],
  EMERALD: ['#10b981', '#047857'],
  FUCHSIA: ['#d946ef', '#a21caf'],
  PURPLE: ['#a855f7', '#7e22ce'],
  VIOLET: ['#8b5cf6', '#6d28d9'],
  INDIGO: ['#6366f1', '#4338ca'],
  ORANGE: ['#f97316', '#c2410c'],
  TEAL: ['#14b8a6', '#0f766e'],
  ROSE: ['#f43f5e', '#be123c'],
};

/** The CSS background for a theme; applied through a style prop, which the CSP allows (no inline <style>). */
export function themeBackground(theme: Theme): string {
  const [from, to] = THEME_GRADIENTS[theme];
  return `linear-gradient(135deg, ${from}, ${to})`;
}

/** 'FUCHSIA' → 'Fuchsia', for accessible names such as 'Theme Fuchsia'. */
export const themeLabel = (theme: Theme): string => theme.charAt(0) + theme.slice(1).toLowerCase();
