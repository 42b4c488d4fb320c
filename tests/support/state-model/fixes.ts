import type { World } from './world';

/**
 * Known state-layer bugs not fixed yet, each with the change to the model that mirrors its fix. The random
 * runs use the model as fixed, so they keep finding other bugs; each bug's pinned seed (KNOWN_BUG_SEEDS in
 * tests/domain/state-fuzz-model.test.ts) runs without its fix (an expected failure: it shows the bug) and with it
 * (must pass). Once src/state is fixed, the model mirrors the fix unconditionally (the flag goes) and the seed moves
 * to the regression seeds of its run. To pin a new one: add its name here (`KnownBug = 'name'`), guard the model's
 * mirror with `fixed(world, 'name')`, and list its seed. None is open now.
 */
type KnownBug = never;
export type Fixes = Record<KnownBug, boolean>;

/** Whether the model runs `fix` in `world`'s sequence. */
export const fixed = (world: World, fix: KnownBug): boolean => world.fixes[fix];

/** The model as the code is now (`SLEEVE_FUZZ_AS_IS=1` runs the random sequences so). */
export const AS_IS: Fixes = {};
/** The model with every known bug fixed: what the random sequences run (and what every pinned seed must pass). */
export const ALL_FIXED: Fixes = {};
