/// <reference types="node" />
/** The transfer fixtures as the app receives a chosen file: its bytes. Unit tests run in Node, so they read the disk. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Vitest runs from the repository root; the test modules' own URLs are not file URLs under happy-dom.
const FIXTURES = join(process.cwd(), 'tests/fixtures/transfer');

export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

export const fixtureJson = (name: string): unknown => JSON.parse(new TextDecoder().decode(fixtureBytes(name)));

/** Every card a test imports gets this theme, so rows can be compared whole. */
export const sky = () => 'SKY' as const;
