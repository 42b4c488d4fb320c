/**
 * The stored cards' text (src/storage/cards-text.ts): always the text `JSON.stringify` makes of the collection, with
 * every character beyond Latin-1 escaped (so the same value, one byte a character), whatever its ids and however it
 * was changed since its text was last made, and the text this tab read or wrote
 * stands for the collection it holds. Seeded: a fixed base, printed with any failure; VITE_SLEEVE_CARDS_TEXT_SEED=s
 * replays base s, =random draws one.
 */
import { describe, expect, it } from 'vitest';
import { type CardCollection, type PlainCard, withoutCard } from '../../src/domain/card';
import { withoutCards, withStoredCard, withStoredCards } from '../../src/domain/stored-cards';
import { collectionText, knownCollection, latin1Json, rememberText } from '../../src/storage/cards-text';
import { baseSeed, makeCard, makeCards, mulberry32, pick, randomInt } from '../support/seeded';

const BASE = baseSeed(import.meta.env.VITE_SLEEVE_CARDS_TEXT_SEED, 20_261_128);
const plain = (cards: readonly PlainCard[]): CardCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});
const sealed = (cards: readonly PlainCard[]): CardCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(
    cards.map((card) => [
      card.id,
      {
        id: card.id,
        modifiedAt: card.modifiedAt,
        data: { cipherText: btoa(card.data.number), iv: 'AAAAAAAAAAAAAAAA' },
      },
    ]),
  ),
});

/** The text a collection is stored as: JSON.stringify's, each character beyond Latin-1 as a `\uXXXX` escape. */
const asStored = (collection: CardCollection): string =>
  JSON.stringify(collection).replace(
    /[\u0100-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Ids a key order or a quote could trip on: integer-like ones (which objects list first), `__proto__`, escapes. */
function withAwkwardIds(collection: CardCollection): CardCollection {
  const cards: Record<string, unknown> = { ...collection.cards };
  const card = Object.values(cards)[0];
  for (const id of ['12345678', '0', '4294967294', 'Zoë"\\\n']) cards[id] = { ...(card as object), id };
  Object.defineProperty(cards, '__proto__', { value: card, enumerable: true, writable: true, configurable: true });
  return { ...collection, cards } as CardCollection;
}

describe('the stored cards as text', () => {
  it('is the text JSON.stringify makes, for every size and every kind of id', async () => {
    for (const [run, count] of [0, 1, 2, 999, 1_000, 1_001, 2_500].entries()) {
      const seed = BASE + run;
      const cards = makeCards(seed, count);
      for (const collection of [
        plain(cards),
        sealed(cards),
        withAwkwardIds(plain(cards.length ? cards : [makeCard(mulberry32(seed))])),
      ]) {
        expect(await collectionText(collection), `seed ${seed}, ${count} cards`).toBe(asStored(collection));
      }
    }
  });

  it('follows every change the app makes, each text made after the last', async () => {
    const seed = BASE + 100;
    const random = mulberry32(seed);
    let collection = plain(makeCards(seed, 1_300));
    expect(await collectionText(collection)).toBe(asStored(collection));
    for (let step = 0; step < 60; step++) {
      const ids = Object.keys(collection.cards);
      const id = pick(random, ids);
      const change = randomInt(random, 5);
      if (change === 0) collection = withoutCard(collection, id);
      else if (change === 1) collection = withoutCards(collection, [id, pick(random, ids)]);
      else if (change === 2) collection = withStoredCard(collection, makeCard(random));
      else if (change === 3) collection = withStoredCard(collection, { ...makeCard(random), id });
      else {
        // The same card object under a new key, and new cards whose ids objects list before all others.
        const moved = { ...collection.cards, [`${step}${id}`]: collection.cards[id] };
        collection = withStoredCards({ ...collection, cards: moved } as CardCollection, [
          { ...makeCard(random), id: String(10_000_000 + step) },
        ]);
      }
      expect(await collectionText(collection), `seed ${seed}, step ${step}, change ${change}`).toBe(
        asStored(collection),
      );
    }
  });

  it('stands for the collection this tab read or wrote only while the text is the same', () => {
    const collection = plain(makeCards(BASE + 200, 3));
    const text = JSON.stringify(collection);
    rememberText(text, collection);
    // Another copy of the same text (as localStorage hands back) is still the same collection.
    expect(knownCollection(JSON.parse(JSON.stringify(text)))).toBe(collection);
    expect(knownCollection(text.replace('"UNENCRYPTED"', '"ENCRYPTED"'))).toBeUndefined();
    expect(knownCollection(`${text} `)).toBeUndefined();
  });

  it('holds the same value as JSON.stringify, one byte a character, whatever the cards’ text holds', async () => {
    const texts = [
      'Kōji Satō',
      'Caisse d’Épargne',
      '💳 Zoë',
      'Ünïcödé é ÿ',
      '\u2028\u2029',
      'ĀāŁł',
      '\ud83d',
      '\ude00 lone',
    ];
    const random = mulberry32(BASE + 300);
    const cards = makeCards(BASE + 300, 40).map((card) => ({
      ...card,
      data: { ...card.data, cardholder: pick(random, texts), issuer: `${pick(random, texts)} ${pick(random, texts)}` },
    }));
    for (const collection of [plain(cards), withAwkwardIds(plain(cards))]) {
      const text = await collectionText(collection);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(collection)));
      expect(/[\u0100-\uffff]/.test(text), text.slice(0, 200)).toBe(false);
    }
    // Text already one byte a character is left as it is.
    expect(latin1Json('{"a":"Zoë é"}')).toBe('{"a":"Zoë é"}');
  });
});
