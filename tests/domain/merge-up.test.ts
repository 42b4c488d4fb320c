/**
 * The page's part of joining an account: which of this device's encrypted cards go up after the worker's decision,
 * with what dates, and what the account then holds; over more cards than one slice takes.
 */
import { describe, expect, test } from 'vitest';
import type { EncryptedCard, EncryptedCollection } from '../../src/domain/card';
import { cardsGoingUp } from '../../src/domain/merge-up';
import { makeCardId, mulberry32 } from '../support/seeded';

const NOW = 1_722_000_000_000;
const random = mulberry32(20261127);

const sealed = (id: string, modifiedAt: number): EncryptedCard => ({
  id,
  modifiedAt,
  data: { cipherText: `c-${id}`, iv: `i-${id}` },
});
const collection = (cards: readonly EncryptedCard[]): EncryptedCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

describe('cardsGoingUp', () => {
  // A thousand local cards and more, some also on the server.
  const ids = Array.from({ length: 1_007 }, () => makeCardId(random));
  const local = ids.map((id, index) => sealed(id, NOW - 10_000 + index));
  const shared = local.slice(0, 300);
  const serverOnly = [sealed(makeCardId(random), NOW - 5), sealed(makeCardId(random), NOW - 6)];

  test('the cards the server did not win go up in their order, dated after its copy; the account holds the union', async () => {
    // The server wins the first 100 shared cards; its copies of the other 200 are older than the local ones.
    const held = collection([
      ...shared.map((card, index) => sealed(card.id, card.modifiedAt + (index < 100 ? 1 : -1))),
      ...serverOnly,
    ]);
    const fromServer = shared.slice(0, 100).map((card) => card.id);
    const { up, onAccount } = await cardsGoingUp(collection(local), held, fromServer, {}, NOW);
    expect(up.map((card) => card.id)).toEqual(ids.slice(100));
    // Kept over the server's older copy: dated just after it, which is its own date here.
    expect(up[0]).toEqual(local[100]);
    expect([...onAccount].sort()).toEqual([...ids, ...serverOnly.map((card) => card.id)].sort());
  });

  test('a card dated ahead of the server goes up dated now; one the account deleted since stays down', async () => {
    const ahead = sealed(makeCardId(random), NOW + 60_000);
    const deleted = local[5]!;
    const { up, onAccount } = await cardsGoingUp(
      collection([...local, ahead]),
      collection([]),
      [],
      { [deleted.id]: deleted.modifiedAt },
      NOW,
    );
    expect(up.find((card) => card.id === ahead.id)?.modifiedAt).toBe(NOW);
    expect(up.some((card) => card.id === deleted.id)).toBe(false);
    expect(onAccount.has(deleted.id)).toBe(false);
    expect(up).toHaveLength(local.length);
  });
});
