/** Card-by-card sorting of stored collections, and the one-card changes applied to what is stored. */
import { describe, expect, it } from 'vitest';
import type { EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { byModifiedDesc } from '../../src/domain/search';
import {
  openPlain,
  openPlainInSlices,
  sameCards,
  sortOut,
  withoutCards,
  withStoredCard,
  withStoredCards,
} from '../../src/domain/stored-cards';
import { makeCards } from '../support/seeded';

const [a, b] = makeCards(5, 2) as [ReturnType<typeof makeCards>[0], ReturnType<typeof makeCards>[0]];
const plain = (...cards: unknown[]): PlainCollection =>
  ({
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(cards.map((card, i) => [(card as { id?: string }).id ?? `key${i}`, card])),
  }) as PlainCollection;
const sealed = { id: 'Sealed01', modifiedAt: 3, data: { cipherText: 'x'.repeat(40), iv: 'y'.repeat(16) } };

describe('opening a plain collection card by card', () => {
  it('shows the good cards and lists each bad one with its id, date and reason', () => {
    const future = { ...b, id: 'Future01', data: { ...b.data, network: 'JCB' } };
    const themed = { ...b, id: 'Themed01', modifiedAt: 7, data: { ...b.data, theme: 'GOLD' } };
    const moved = { ...b, id: 'Elsewhere' };
    const opened = openPlain({
      type: 'UNENCRYPTED',
      cards: { [a.id]: a, Future01: future, Themed01: themed, Moved001: moved },
    } as PlainCollection);
    expect(opened.cards).toEqual([a]);
    expect(opened.unreadable).toEqual([
      { id: 'Future01', modifiedAt: b.modifiedAt, reason: 'its network "JCB" is unknown' },
      { id: 'Themed01', modifiedAt: 7, reason: 'its theme "GOLD" is unknown' },
      { id: 'Moved001', modifiedAt: b.modifiedAt, reason: 'its id does not match where it is stored' },
    ]);
  });

  it('gives the same newest first in slices of time: a large collection over many tasks, on a moving clock', async () => {
    const many = makeCards(9, 600);
    const damaged = { ...b, id: 'Themed01', modifiedAt: 7, data: { ...b.data, theme: 'GOLD' } };
    const collection = plain(...many.slice(0, 300), damaged, ...many.slice(300));
    /** Opens `collection` by `now`; whether a task queued as it began ran before it ended. */
    const openWith = async (now: () => number) => {
      let other = false;
      setTimeout(() => {
        other = true;
      }, 0);
      const opened = await openPlainInSlices(collection, { now });
      return { opened, paused: other };
    };
    let clock = 0;
    // Each card's check finds a millisecond gone: a slice holds about ten cards.
    const slow = await openWith(() => (clock += 1));
    const whole = openPlain(collection);
    // The same cards, newest first as the worker's open gives them, and the same unreadable one.
    expect(slow.opened).toEqual({ cards: [...whole.cards].sort(byModifiedDesc), unreadable: whole.unreadable });
    expect(slow.opened.cards).toHaveLength(600);
    expect(slow.opened.unreadable.map((card) => card.id)).toEqual(['Themed01']);
    expect(slow.paused).toBe(true);
    // On a clock that stands still, every card goes in one slice, with no pause.
    const fast = await openWith(() => 0);
    expect(fast.opened).toEqual(slow.opened);
    expect(fast.paused).toBe(false);
  });

  it('sorts out encrypted entries whose structure is damaged before any is decrypted', () => {
    const broken = { id: 'Broken01', modifiedAt: 4, data: { cipherText: 7, iv: 'y'.repeat(16) } };
    const { wellFormed, unreadable } = sortOut({
      type: 'ENCRYPTED',
      cards: { Sealed01: sealed, Broken01: broken },
    } as unknown as EncryptedCollection);
    expect(Object.keys(wellFormed.cards)).toEqual(['Sealed01']);
    expect(unreadable).toEqual([{ id: 'Broken01', modifiedAt: 4, reason: 'its encrypted contents are damaged' }]);
  });
});

describe('one-card changes', () => {
  it('adds to or replaces in a collection of the same kind, and an empty one takes the card’s kind', () => {
    expect(withStoredCard(plain(a), b).cards).toEqual({ [a.id]: a, [b.id]: b });
    expect(withStoredCard(plain(), sealed)).toEqual({ type: 'ENCRYPTED', cards: { Sealed01: sealed } });
    expect(() => withStoredCard(plain(a), sealed)).toThrow();
  });

  it('deletes only the named cards and keeps the kind', () => {
    const encrypted: EncryptedCollection = { type: 'ENCRYPTED', cards: { Sealed01: sealed } };
    expect(withoutCards(encrypted, ['Sealed01'])).toEqual({ type: 'ENCRYPTED', cards: {} });
    expect(withoutCards(plain(a, b), [a.id]).cards).toEqual({ [b.id]: b });
  });

  it('tells whether storage still holds what a tab last read', () => {
    expect(sameCards(plain(a, b), plain(b, a))).toBe(true);
    expect(sameCards(plain(a), plain(a, b))).toBe(false);
    expect(sameCards(plain(a), plain({ ...a, modifiedAt: a.modifiedAt + 1 }))).toBe(false);
    const other = { ...sealed, data: { ...sealed.data, cipherText: 'z'.repeat(40) } };
    expect(
      sameCards({ type: 'ENCRYPTED', cards: { Sealed01: sealed } }, { type: 'ENCRYPTED', cards: { Sealed01: other } }),
    ).toBe(false);
    const movedIv = { ...sealed, data: { ...sealed.data, iv: 'w'.repeat(16) } };
    expect(
      sameCards(
        { type: 'ENCRYPTED', cards: { Sealed01: sealed } },
        { type: 'ENCRYPTED', cards: { Sealed01: movedIv } },
      ),
    ).toBe(false);
  });
});

describe('adding many cards at once (an import)', () => {
  it('keeps every card already stored, readable or not, and adds the new ones under their ids', () => {
    const damaged = { ...b, id: 'Damaged1', data: { ...b.data, theme: 'GOLD' } };
    const stored = plain(a, damaged);
    const next = withStoredCards(stored, [b]);
    expect(next).toEqual({ type: 'UNENCRYPTED', cards: { [a.id]: a, Damaged1: damaged, [b.id]: b } });
    // The stored value itself is not changed: the write is all or nothing.
    expect(Object.keys(stored.cards)).toEqual([a.id, 'Damaged1']);
  });

  it('an empty collection takes the cards’ kind; a mix of kinds, or cards of the other kind, are refused', () => {
    expect(withStoredCards(plain(), [sealed as never])).toEqual({ type: 'ENCRYPTED', cards: { Sealed01: sealed } });
    expect(() => withStoredCards(plain(a), [sealed as never])).toThrow(
      "Encrypted and unencrypted cards can't be mixed in one collection",
    );
    expect(() => withStoredCards(plain(), [b, sealed as never])).toThrow(
      "Encrypted and unencrypted cards can't be mixed in one collection",
    );
  });

  it('a card under "__proto__" is a card like any other', () => {
    const odd = { ...b, id: '__proto__' };
    const next = withStoredCards(plain(a), [odd]);
    expect(Object.keys(next.cards)).toEqual([a.id, '__proto__']);
    expect(Object.hasOwn(next.cards, '__proto__')).toBe(true);
  });
});
