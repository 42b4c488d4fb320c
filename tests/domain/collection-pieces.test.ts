/**
 * A collection's text parsed a piece of its cards at a time gives the whole parse's value, members in its order, or
 * nothing at all: never another value.
 */
import { describe, expect, it } from 'vitest';
import { parseCollectionInPieces } from '../../src/domain/collection-pieces';
import { baseSeed, makeCards, mulberry32, pick, randomInt } from '../support/seeded';

const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
/** The base of the seeded texts below, printed with them: SLEEVE_PIECES_SEED=s replays it, =random draws one. */
const PIECES_SEED = baseSeed(env.SLEEVE_PIECES_SEED, 20_261_205);

/** Text a cardholder may hold that looks like the place between two cards, or like JSON's own punctuation. */
const TRICKY = ['},"ABCDEFGH":{', '"},"Zz000001":{"id":"x', '\\', '\\"', '}}', '},"', 'Zoë “Ada”', '😀', '{"cards":{'];

function collectionText(seed: number): string {
  const random = mulberry32(seed);
  const cards = makeCards(seed, 1 + randomInt(random, 60));
  for (const card of cards) {
    if (random() < 0.3) card.data.cardholder = `${card.data.cardholder}${pick(random, TRICKY)}`;
    // Ids of digits alone are the keys an object orders first, whatever their place in the text.
    if (random() < 0.1) card.id = String(10_000_000 + randomInt(random, 89_999_999));
  }
  const type = random() < 0.5 ? 'UNENCRYPTED' : 'ENCRYPTED';
  return JSON.stringify({ type, cards: Object.fromEntries(cards.map((card) => [card.id, card])) });
}

/** The whole parse's value, or `null` where it throws: what the pieces must give, unless they give `null`. */
function wholeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function expectSameAsWhole(text: string, pieceChars: number): Promise<boolean> {
  const pieces = await parseCollectionInPieces(text, pieceChars);
  if (pieces === null) return false;
  const whole = wholeParse(text) as { cards: object };
  expect(pieces).toEqual(whole);
  expect(Object.keys(pieces.cards)).toEqual(Object.keys(whole.cards));
  return true;
}

describe('a collection parsed in pieces', () => {
  it("gives the whole parse's value for texts as Sleeve writes them, whatever the piece size", async () => {
    console.info(`pieces: texts from base seed ${PIECES_SEED} (SLEEVE_PIECES_SEED replays it)`);
    let split = 0;
    for (let run = 0; run < 200; run++) {
      const text = collectionText(PIECES_SEED + run);
      const pieceChars = 1 + randomInt(mulberry32(PIECES_SEED - run), 400);
      // Every text here is of the layout the pieces read: each must be read, not left to the whole parse.
      expect(await expectSameAsWhole(text, pieceChars), `seed ${PIECES_SEED + run}`).toBe(true);
      if (text.length > pieceChars * 2) split += 1;
    }
    // The pieces were many, not one: most texts are a few thousand characters.
    expect(split).toBeGreaterThan(150);
  });

  it('a text cut anywhere gives nothing, as the whole parse throws', async () => {
    const text = collectionText(PIECES_SEED);
    for (let cut = 1; cut < text.length; cut += 7) {
      const cutText = text.slice(0, cut);
      if (wholeParse(cutText) === null) expect(await parseCollectionInPieces(cutText, 50)).toBeNull();
    }
  });

  it('a key written twice keeps its first place and its last value, as in the whole parse', async () => {
    const card = (name: string) => `{"id":"AAAAAAAA","data":{"cardholder":"${name}"},"modifiedAt":1}`;
    const other = '{"id":"BBBBBBBB","data":{},"modifiedAt":2}';
    const text = `{"type":"UNENCRYPTED","cards":{"AAAAAAAA":${card('first')},"BBBBBBBB":${other},"AAAAAAAA":${card('last')}}}`;
    expect(await expectSameAsWhole(text, 10)).toBe(true);
  });

  it('a card that nests a member like a card splits nowhere wrong', async () => {
    const nested = '{"id":"CCCCCCCC","data":{"x":{"a":1},"DDDDDDDD":{"b":2},"EEEEEEEE":{"c":3}},"modifiedAt":3}';
    const text = `{"type":"ENCRYPTED","cards":{"CCCCCCCC":${nested},"FFFFFFFF":${nested}}}`;
    // Read or left to the whole parse, never another value.
    const pieces = await parseCollectionInPieces(text, 5);
    if (pieces !== null) expect(pieces).toEqual(JSON.parse(text));
  });

  it('texts of another layout, or with a card keyed __proto__ after the first piece, are left to the whole parse', async () => {
    const cards = { AAAAAAAA: { id: 'AAAAAAAA' }, BBBBBBBB: { id: 'BBBBBBBB' } };
    const spaced = JSON.stringify({ type: 'ENCRYPTED', cards }, null, 2);
    const reordered = JSON.stringify({ cards, type: 'ENCRYPTED' });
    const more = JSON.stringify({ type: 'ENCRYPTED', cards, note: {} });
    const proto = '{"type":"ENCRYPTED","cards":{"AAAAAAAA":{"id":"a"},"BBBBBBBB":{"id":"b"},"__proto__":{"id":"c"}}}';
    for (const text of [spaced, reordered, more, proto, '{"type":"OTHER","cards":{}}', '']) {
      expect(await parseCollectionInPieces(text, 1)).toBeNull();
    }
    // An empty collection is read.
    expect(await parseCollectionInPieces('{"type":"ENCRYPTED","cards":{}}', 1)).toEqual({
      type: 'ENCRYPTED',
      cards: {},
    });
  });
});
