import { describe, expect, test } from 'vitest';
import { groupThousands, hasAtLeast } from '../../src/domain/counts';
import { mulberry32, randomInt } from '../support/seeded';

describe('groupThousands', () => {
  test('writes counts as English does, a comma every three digits', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(7)).toBe('7');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(10_000)).toBe('10,000');
    expect(groupThousands(123_456)).toBe('123,456');
    expect(groupThousands(1_234_567)).toBe('1,234,567');
    expect(groupThousands(-2000)).toBe('-2,000');
  });

  test("agrees with toLocaleString('en') on whole numbers of every length", () => {
    const seed = 20261128;
    const random = mulberry32(seed);
    for (let run = 0; run < 2000; run++) {
      const count = randomInt(random, 10 ** (1 + randomInt(random, 15)));
      expect(groupThousands(count), `seed ${seed}, count ${count}`).toBe(count.toLocaleString('en'));
    }
  });
});

describe('hasAtLeast', () => {
  test("counts a record's own keys up to the number asked for", () => {
    expect(hasAtLeast({}, 1)).toBe(false);
    expect(hasAtLeast({ a: 1 }, 1)).toBe(true);
    expect(hasAtLeast({ a: 1, b: 2 }, 3)).toBe(false);
    expect(hasAtLeast(Object.fromEntries(Array.from({ length: 64 }, (_, index) => [`id${index}`, index])), 64)).toBe(
      true,
    );
  });

  test('counts a key named like a prototype as any other, and no inherited key', () => {
    expect(hasAtLeast(JSON.parse('{"__proto__": {"id": "x"}}') as object, 1)).toBe(true);
    expect(hasAtLeast(Object.create({ inherited: true }) as object, 1)).toBe(false);
  });
});
