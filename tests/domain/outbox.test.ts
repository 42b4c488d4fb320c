/** The outbox's rules: the newest change of a card waits, is laid over the server's cards, and is sent only if needed. */
import { describe, expect, it } from 'vitest';
import type { EncryptedCard, EncryptedCollection } from '../../src/domain/card';
import type { Deletion } from '../../src/domain/outbox';
import { emptyOutbox, outboxOf, overlay, stillToSend, withEntry, withoutEntry } from '../../src/domain/outbox';

const sealed = (id: string, modifiedAt: number, cipherText = `${id}-${modifiedAt}-ciphertext`): EncryptedCard => ({
  id,
  modifiedAt,
  data: { cipherText, iv: `iv${id}iv${id}`.slice(0, 16) },
});
const deletion = (id: string, modifiedAt: number): Deletion => ({ id, deleted: true, modifiedAt });
const server = (...cards: EncryptedCard[]): EncryptedCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

describe('the outbox', () => {
  it('belongs to one account: another uid starts empty', () => {
    const outbox = withEntry({ uid: 'ada', cards: {} }, sealed('Card0001', 5));
    expect(outboxOf(outbox, 'ada')).toBe(outbox);
    expect(outboxOf(outbox, 'grace')).toEqual({ uid: 'grace', cards: {} });
    expect(outboxOf(emptyOutbox(), 'ada')).toEqual({ uid: 'ada', cards: {} });
  });

  it('keeps only the newest change of a card, and an answer removes only the change it answers', () => {
    const first = sealed('Card0001', 5);
    const second = sealed('Card0001', 9);
    const outbox = withEntry(withEntry({ uid: 'ada', cards: {} }, first), second);
    expect(Object.values(outbox.cards)).toEqual([second]);
    // The server answered the first write after the card changed again: the second still waits.
    expect(withoutEntry(outbox, first)).toBe(outbox);
    expect(withoutEntry(outbox, second).cards).toEqual({});
  });

  it('lays waiting changes over the server cards unless the server holds a newer copy', () => {
    const there = server(sealed('Card0001', 10), sealed('Card0002', 10), sealed('Card0003', 10));
    let outbox = { uid: 'ada', cards: {} } as ReturnType<typeof emptyOutbox>;
    outbox = withEntry(outbox, sealed('Card0001', 12, 'edited-here'));
    outbox = withEntry(outbox, deletion('Card0002', 11));
    outbox = withEntry(outbox, sealed('Card0003', 8, 'older-than-server'));
    outbox = withEntry(outbox, sealed('Card0004', 3));
    const shown = overlay(there, outbox);
    expect(Object.keys(shown.cards).sort()).toEqual(['Card0001', 'Card0003', 'Card0004']);
    expect(shown.cards.Card0001?.data.cipherText).toBe('edited-here');
    expect(shown.cards.Card0003?.modifiedAt).toBe(10);
  });

  it('sends a change only while the server lacks it and holds nothing newer', () => {
    const there = server(sealed('Card0001', 10), sealed('Card0002', 10));
    expect(stillToSend(sealed('Card0003', 1), there)).toBe(true);
    expect(stillToSend(sealed('Card0001', 11), there)).toBe(true);
    expect(stillToSend(sealed('Card0001', 9), there)).toBe(false);
    expect(stillToSend(sealed('Card0001', 10), there)).toBe(false);
    expect(stillToSend(deletion('Card0002', 12), there)).toBe(true);
    expect(stillToSend(deletion('Card0002', 9), there)).toBe(false);
    // Not seen here, but a write of it may still be on its way on another tab's connection: the deletion goes.
    expect(stillToSend(deletion('Card0005', 12), there)).toBe(true);
  });
});
