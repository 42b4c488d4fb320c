/**
 * The scanner's committed sample (tests/fixtures/scan-sample, made by scripts/scan-corpus/generate.mjs with seed
 * 4242): every label says what Sleeve's own rules say of its number, so the generator's networks, lengths and
 * checksums cannot drift from src/domain/card-brands.ts, and every photo is there as a JPEG.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { detectNetwork, hasBrandLength } from '../../src/domain/card-brands';
import { passesLuhn, readExpiryMonth } from '../../src/domain/card-checks';

interface Label {
  file: string;
  number: string;
  network: string;
  valid: boolean;
  expiry: string;
  name: string;
}

const folder = join(process.cwd(), 'tests/fixtures/scan-sample');
const { seed, labels } = JSON.parse(readFileSync(join(folder, 'labels.json'), 'utf8')) as {
  seed: number;
  labels: Label[];
};

test('the sample is thirty photos, some of a number that fails its checksum', () => {
  expect(seed).toBe(4242);
  expect(labels).toHaveLength(30);
  expect(labels.filter((label) => !label.valid).length).toBeGreaterThan(0);
});

test.each(labels)('$file: its label agrees with the card rules, and it is a JPEG', (label) => {
  expect(detectNetwork(label.number)).toBe(label.network);
  expect(hasBrandLength(label.number, detectNetwork(label.number))).toBe(true);
  expect(passesLuhn(label.number)).toBe(label.valid);
  const expiry = readExpiryMonth(label.expiry);
  expect(expiry?.month).toBeGreaterThanOrEqual(1);
  expect(expiry?.month).toBeLessThanOrEqual(12);
  const bytes = readFileSync(join(folder, label.file));
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
});
