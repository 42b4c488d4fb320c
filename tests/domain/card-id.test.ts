import { describe, expect, test } from 'vitest';
import { CARD_ID_ALPHABET } from '../../src/domain/card';
import { CARD_ID_PATTERN, newCardId, randomCardId } from '../../src/domain/card-id';

/** A source that replays `bytes` in a loop: full control over what the generator sees. */
function replay(bytes: number[]) {
  let position = 0;
  return (length: number) =>
    Uint8Array.from({ length }, () => {
      const byte = bytes[position % bytes.length]!;
      position++;
      return byte;
    });
}

describe('card ids', () => {
  test('10,000 ids are 8 characters of [A-Za-z0-9], and all 62 characters turn up about equally', () => {
    const counts = new Map<string, number>();
    const ids = Array.from({ length: 10_000 }, () => randomCardId());
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9]{8}$/);
      for (const character of id) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(CARD_ID_ALPHABET.split('').sort());
    // 80,000 characters over 62 symbols: expected 1290.3 each. With 61 degrees of freedom the chi-square statistic
    // exceeds 130 with probability below 1e-6 for a uniform source; a biased one lands far above it.
    const expected = 80_000 / 62;
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(130);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('bytes from 248 up are rejected, so byte % 62 carries no modulo bias', () => {
    // 248..255 would map to A..H under a plain modulo; they must be skipped, not used.
    const id = randomCardId(replay([248, 249, 250, 251, 252, 253, 254, 255, 61, 0, 1, 26, 52, 247, 62, 123]));
    // 247 is the last accepted byte (247 % 62 = 61, '9'); 62 and 123 wrap to 'A' and '9'.
    expect(id).toBe('9ABa09A9');
  });

  test('the pattern the engine checks ids against', () => {
    expect(CARD_ID_PATTERN.test('aZ09bY18')).toBe(true);
    expect(CARD_ID_PATTERN.test('aZ09bY1')).toBe(false);
    expect(CARD_ID_PATTERN.test('aZ09bY1-')).toBe(false);
  });

  test('an id already in the collection is regenerated', () => {
    // The source yields "AAAAAAAA" twice, then "BBBBBBBB".
    const draws = [Array(16).fill(0), Array(16).fill(0), Array(16).fill(1)];
    let draw = 0;
    const source = (length: number) => Uint8Array.from(draws[Math.min(draw++, 2)]!.slice(0, length));
    const taken = new Set(['AAAAAAAA']);
    const seen: string[] = [];
    const id = newCardId((candidate) => {
      seen.push(candidate);
      return taken.has(candidate);
    }, source);
    expect(seen).toEqual(['AAAAAAAA', 'AAAAAAAA', 'BBBBBBBB']);
    expect(id).toBe('BBBBBBBB');
  });

  test('a source stuck on a taken id fails with the generate message instead of looping forever', () => {
    expect(() => newCardId(() => true, replay([0]))).toThrow(/^Failed to generate key$/);
  });

  test('a source that yields only rejected bytes fails instead of looping forever', () => {
    expect(() => randomCardId(replay([255]))).toThrow(/^Failed to generate key$/);
  });
});
