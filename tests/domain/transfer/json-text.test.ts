/**
 * An export file's text made a slice of items at a time (src/domain/transfer/json-text.ts): its parts always join into
 * exactly the text `JSON.stringify(document, null, 2)` makes, wherever the long list sits and whatever its items hold, and the page
 * gets its turns while it is made. Seeded: a fixed base, printed with any failure; SLEEVE_JSON_TEXT_SEED=s replays
 * base s, =random draws one.
 */
import { describe, expect, it } from 'vitest';
import { SLICE_MS } from '../../../src/domain/next-task';
import { indentedJson } from '../../../src/domain/transfer/json-text';

/** Items a slice, by `steppingClock`. */
const PER_PART = 8;
/** A clock that moves on an eighth of a slice each time it is read: eight items a slice, one read after each. */
function steppingClock() {
  let time = 0;
  return () => {
    time += SLICE_MS / PER_PART;
    return time;
  };
}

import { baseSeed, mulberry32, pick, type Random, randomInt } from '../../support/seeded';

const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
const BASE = baseSeed(env.SLEEVE_JSON_TEXT_SEED, 20_261_130);

/** Texts an item's fields may hold: line breaks, quotes, backslashes, accents, emoji, a lone surrogate, spaces. */
const TEXTS = [
  '',
  'Zoë Núñez',
  'line one\nline two',
  'say "hi" \\ bye',
  '😀 Kōji',
  '\ud800',
  '  ',
  '[1, 2]',
  '{"a": 1}',
];

function value(random: Random, depth: number): unknown {
  switch (randomInt(random, depth > 2 ? 4 : 7)) {
    case 0:
      return pick(random, TEXTS);
    case 1:
      return randomInt(random, 3) === 0 ? -randomInt(random, 1e6) / 7 : randomInt(random, 1e9);
    case 2:
      return pick(random, [null, true, false]);
    case 3:
      return undefined;
    case 4:
      return Array.from({ length: randomInt(random, 3) }, () => value(random, depth + 1));
    default:
      return item(random, depth + 1);
  }
}

function item(random: Random, depth = 0): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: randomInt(random, 5) }, (_, index) => [
      `${pick(random, TEXTS)}${index}`,
      value(random, depth),
    ]),
  );
}

/** A document holding `list` somewhere: at the top, as a member, or inside an array of accounts (as CXF's items). */
function documentWith(random: Random, list: object[]): unknown {
  switch (randomInt(random, 3)) {
    case 0:
      return list;
    case 1:
      return { encrypted: false, folders: [], items: list, after: value(random, 1) };
    default:
      return {
        version: { major: 1 },
        accounts: [{ id: 'a', collections: [], items: list }],
        note: pick(random, TEXTS),
      };
  }
}

describe('an export file as text', () => {
  it('joins into the text JSON.stringify makes with an indent of two, for lists of every size, a part a slice', async () => {
    console.info(`export text: documents from base seed ${BASE} (SLEEVE_JSON_TEXT_SEED replays it)`);
    for (const [run, count] of [0, 1, 2, 7, PER_PART, PER_PART + 1, 2 * PER_PART + 3, 500].entries()) {
      for (let shape = 0; shape < 4; shape++) {
        const seed = BASE + run * 10 + shape;
        const random = mulberry32(seed);
        const list = Array.from({ length: count }, () =>
          randomInt(random, 6) === 0 ? [value(random, 1)] : item(random),
        );
        const document = documentWith(random, list);
        const parts = await indentedJson(document, list, steppingClock());
        expect(parts.join(''), `seed ${seed}, ${count} items`).toBe(JSON.stringify(document, null, 2));
        // The outline's part, then one part per slice of items, then the rest's.
        expect(parts, `seed ${seed}, ${count} items`).toHaveLength(count === 0 ? 1 : 2 + Math.ceil(count / PER_PART));
      }
    }
  });

  it('lets the page take its turn while the items are written', async () => {
    const list = Array.from({ length: 3 * PER_PART }, (_, index) => ({ index }));
    let turns = 0;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      turns += 1;
      if (turns < 100) channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
    await indentedJson({ items: list }, list, steppingClock());
    channel.port1.close();
    // A turn before each slice of items.
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('says so when the list is not in the document', async () => {
    await expect(indentedJson({ items: [{}] }, [{}])).rejects.toThrow('The list is not in the document');
  });
});
