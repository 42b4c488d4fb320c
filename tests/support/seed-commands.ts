/**
 * The seed's clients, reached from a browser test: each call runs in Node with node:crypto alone
 * (tests/interop/seed-commands.ts), so what it makes or opens owes nothing to Sleeve's own code.
 */
import { commands } from 'vitest/browser';
import type { SeedCommands } from './seed-wire';

export const seed = commands as unknown as SeedCommands;

export const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
