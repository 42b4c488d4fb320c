import type { Theme } from '../../domain/card';
import { THEMES } from '../../domain/card';

/** A new card's colour (SPEC.md §3), drawn from the CSPRNG without modulo bias. */
export function randomTheme(): Theme {
  const limit = 2 ** 32 - (2 ** 32 % THEMES.length);
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    const value = draw[0] as number;
    if (value < limit) return THEMES[value % THEMES.length] as Theme;
  }
}
