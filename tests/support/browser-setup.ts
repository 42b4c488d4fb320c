/**
 * Setup for the browser test project (vitest.config.ts). Nothing is needed yet for the engine's tests; this file
 * exists because the config names it, and other areas may add their shared setup here.
 */
export {};
