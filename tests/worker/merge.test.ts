import { describe, expect, test } from 'vitest';
import type {
  CardCollection,
  EncryptedCard,
  EncryptedCollection,
  PlainCard,
  PlainCollection,
} from '../../src/domain/card';
import { InvalidArgumentError } from '../../src/domain/errors';
import { applyMerge, asFromServer, asLocal } from '../../src/domain/merge-decision';
import { decideMerge, mergeCollections } from '../../worker/vault/merge';
import { makeCard, makeCards, mulberry32, pick, type Random, randomInt } from '../support/seeded';

const merge = (local: CardCollection, remote: CardCollection) => mergeCollections(asLocal(local), asFromServer(remote));
const decide = (local: CardCollection, remote: CardCollection) => decideMerge(asLocal(local), asFromServer(remote));
const plain = (cards: PlainCard[]): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});
const encrypted = (cards: EncryptedCard[]): EncryptedCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});
const sealedCard = (id: string, modifiedAt: number, cipherText: string): EncryptedCard => ({
  id,
  data: { cipherText, iv: 'AAAAAAAAAAAAAAAA' },
  modifiedAt,
});

describe('merge, by example', () => {
  const [first, second] = makeCards(1, 2) as [PlainCard, PlainCard];

  test('the newer modifiedAt wins, whichever side it is on', () => {
    const older = { ...first, modifiedAt: 1000 };
    const newer = { ...first, data: { ...first.data, cardholder: 'Newer Name' }, modifiedAt: 2000 };
    expect(merge(plain([older]), plain([newer])).cards[first.id]).toEqual(newer);
    expect(merge(plain([newer]), plain([older])).cards[first.id]).toEqual(newer);
  });

  test('disjoint cards are united', () => {
    const result = merge(plain([first]), plain([second]));
    expect(result).toEqual({ type: 'UNENCRYPTED', cards: { [first.id]: first, [second.id]: second } });
  });

  test('encrypted collections merge the same way and stay encrypted', () => {
    const result = merge(
      encrypted([sealedCard('aaaaaaaa', 5, 'old'), sealedCard('bbbbbbbb', 1, 'b')]),
      encrypted([sealedCard('aaaaaaaa', 6, 'new')]),
    );
    expect(result.type).toBe('ENCRYPTED');
    expect(result.cards.aaaaaaaa).toEqual(sealedCard('aaaaaaaa', 6, 'new'));
    expect(result.cards.bbbbbbbb).toEqual(sealedCard('bbbbbbbb', 1, 'b'));
  });

  test('equal modifiedAt with different content picks the same card in either order', () => {
    const mine = sealedCard('aaaaaaaa', 7, 'AAAA');
    const theirs = sealedCard('aaaaaaaa', 7, 'BBBB');
    const forward = merge(encrypted([mine]), encrypted([theirs]));
    const backward = merge(encrypted([theirs]), encrypted([mine]));
    expect(forward).toEqual(backward);
    // The canonical JSON that sorts later wins.
    expect(forward.cards.aaaaaaaa).toEqual(theirs);
  });

  test('mixing encrypted and unencrypted cards is refused', () => {
    const mixed = () => merge(plain([first]), encrypted([sealedCard('aaaaaaaa', 1, 'x')]));
    expect(mixed).toThrow(InvalidArgumentError);
    expect(mixed).toThrow(/^Encrypted and unencrypted cards can't be mixed in one collection$/);
    expect(() => merge(encrypted([sealedCard('aaaaaaaa', 1, 'x')]), plain([first]))).toThrow(InvalidArgumentError);
  });

  test('an empty collection takes the other side’s type; two empty ones of different types are ENCRYPTED', () => {
    const remote = encrypted([sealedCard('aaaaaaaa', 1, 'x')]);
    expect(merge(plain([]), remote)).toEqual(remote);
    expect(merge(remote, plain([]))).toEqual(remote);
    expect(merge(plain([first]), encrypted([]))).toEqual(plain([first]));
    expect(merge(plain([]), encrypted([])).type).toBe('ENCRYPTED');
    expect(merge(encrypted([]), plain([])).type).toBe('ENCRYPTED');
  });

  test('inputs are not changed', () => {
    const local = plain([{ ...first, modifiedAt: 1 }]);
    const remote = plain([{ ...first, modifiedAt: 2 }, second]);
    const before = structuredClone([local, remote]);
    merge(local, remote);
    expect([local, remote]).toEqual(before);
  });
});

describe('the merge decision', () => {
  const [first, second, third] = makeCards(2, 3) as [PlainCard, PlainCard, PlainCard];

  test('names only the remote cards taken: new here, or newer there', () => {
    const local = plain([
      { ...first, modifiedAt: 5 },
      { ...second, modifiedAt: 9 },
    ]);
    const remote = plain([{ ...first, modifiedAt: 6 }, { ...second, modifiedAt: 8 }, third]);
    expect(decide(local, remote)).toEqual({ type: 'UNENCRYPTED', fromServer: [first.id, third.id] });
    expect(decide(remote, remote).fromServer).toEqual([]);
  });

  test('applied to the two collections, it gives the merged collection', () => {
    const local = plain([{ ...first, modifiedAt: 5 }, second]);
    const remote = plain([{ ...first, modifiedAt: 6 }, third]);
    expect(applyMerge(local, remote, decide(local, remote))).toEqual(
      plain([{ ...first, modifiedAt: 6 }, second, third]),
    );
  });

  test('a decision naming a card the remote side lacks is refused rather than inventing one', () => {
    const local = plain([first]);
    expect(() => applyMerge(local, plain([]), { type: 'UNENCRYPTED', fromServer: [second.id] })).toThrow(second.id);
  });
});

/**
 * Two collections drawn from one seed: cards from a shared pool appear on one side, the other or both, with
 * edits and with modifiedAt from a tiny range so that ties are common.
 */
function randomPair(seed: number): [PlainCollection, PlainCollection, PlainCollection] {
  const random = mulberry32(seed);
  const pool = makeCards(seed, 1 + randomInt(random, 12));
  const variant = (card: PlainCard, rng: Random): PlainCard => {
    const edited = rng() < 0.5 ? makeCard(rng, card.id) : card;
    return { ...edited, modifiedAt: randomInt(rng, 3) };
  };
  const sides = [0, 1, 2].map(() => plain(pool.filter(() => random() < 0.7).map((card) => variant(card, random)))) as [
    PlainCollection,
    PlainCollection,
    PlainCollection,
  ];
  // Sometimes one side holds the exact same card object as another: identical content at the same time.
  const [a, b] = sides;
  const shared = pick(random, Object.keys(a.cards).concat(['none']));
  if (shared !== 'none' && random() < 0.5) b.cards[shared] = a.cards[shared]!;
  return sides;
}

/**
 * Seeds pinned as regression cases, always checked whatever range runs below. Seeds 3 and 17 failed when the
 * tie-break was "keep local": they hold ties on modifiedAt with different content on both sides, where
 * merge(a, b) and merge(b, a) then differ.
 */
const PINNED_SEEDS = [3, 17];

describe('merge, over seeded random collections', () => {
  const seeds = [...PINNED_SEEDS, ...Array.from({ length: 300 }, (_, index) => 1000 + index)];

  test.each(seeds)('seed %i: order independent, idempotent, associative, newest per card', (seed) => {
    const [a, b, c] = randomPair(seed);
    const ab = merge(a, b);
    expect(merge(b, a)).toEqual(ab);
    expect(merge(ab, b)).toEqual(ab);
    expect(merge(ab, a)).toEqual(ab);
    expect(merge(ab, ab)).toEqual(ab);
    expect(merge(merge(a, b), c)).toEqual(merge(a, merge(b, c)));
    const ids = new Set([...Object.keys(a.cards), ...Object.keys(b.cards)]);
    expect(new Set(Object.keys(ab.cards))).toEqual(ids);
    // The decision takes from b exactly the cards that a lacks or that differ from a's in the result.
    const taken = decide(a, b).fromServer;
    expect(new Set(taken)).toEqual(new Set([...ids].filter((id) => ab.cards[id] !== a.cards[id])));
    for (const id of taken) expect(ab.cards[id]).toBe(b.cards[id]);
    for (const id of ids) {
      const newest = Math.max(a.cards[id]?.modifiedAt ?? -1, b.cards[id]?.modifiedAt ?? -1);
      expect(ab.cards[id]!.modifiedAt).toBe(newest);
      expect([a.cards[id], b.cards[id]]).toContainEqual(ab.cards[id]);
    }
  });

  test('the pinned seeds really contain a tie with different content', () => {
    for (const seed of PINNED_SEEDS) {
      const [a, b] = randomPair(seed);
      const tie = Object.keys(a.cards).some((id) => {
        const other = b.cards[id];
        return (
          other !== undefined &&
          other.modifiedAt === a.cards[id]!.modifiedAt &&
          JSON.stringify(other) !== JSON.stringify(a.cards[id])
        );
      });
      expect(tie, `seed ${seed}`).toBe(true);
    }
  });
});
