/**
 * Runs before every browser test file (vitest.config.ts). Deliberately empty of global stubs: each test sets up
 * the storage, URL and rendering it needs itself (see render.tsx), so nothing here can hide a real behaviour.
 */
export {};
