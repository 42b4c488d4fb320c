/**
 * The cards' details while signed in: which record shows beside each card (the server's, or the one a waiting change
 * carries), which records have lost their card, which of a joining device's records go up and dated how, and what
 * may leave for the server.
 */
import { describe, expect, it } from 'vitest';
import type { EncryptedCard, EncryptedCollection } from '../../src/domain/card';
import type { EncryptedDetails } from '../../src/domain/card-details';
import type { Deletions } from '../../src/domain/deletions';
import type { CardChange, Outbox } from '../../src/domain/outbox';
import { broughtBack, overlay, withEntry } from '../../src/domain/outbox';
import { checkOutbox } from '../../src/domain/stored-shapes';
import {
  asEncryptedDetails,
  detailsGoingUp,
  orphanDetails,
  overlayDetails,
  parseServerDetails,
  wireDetails,
} from '../../src/domain/synced-details';

const card = (id: string, modifiedAt: number): EncryptedCard => ({
  id,
  modifiedAt,
  data: { cipherText: `${id}-${modifiedAt}-card`, iv: 'ivivivivivivivi=' },
});
const details = (id: string, modifiedAt: number): EncryptedDetails => ({
  id,
  modifiedAt,
  data: { cipherText: `${id}-${modifiedAt}-details`, iv: 'ivivivivivivivi=' },
});
const collection = (...cards: EncryptedCard[]): EncryptedCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(cards.map((one) => [one.id, one])),
});
const outboxOf = (...changes: CardChange[]): Outbox => changes.reduce(withEntry, { uid: 'ada', cards: {} } as Outbox);

describe('the details that show', () => {
  it("are the server's, unless the change that shows carries its own", () => {
    const server = collection(card('Card0001', 5), card('Card0002', 5));
    const serverDetails = { Card0001: details('Card0001', 5), Card0002: details('Card0002', 5) };
    const change: CardChange = { ...card('Card0001', 9), details: details('Card0001', 9) };
    const outbox = outboxOf(change);
    const shown = overlay(server, outbox);
    // The card laid over keeps exactly a card's shape: the details do not ride inside it.
    expect(shown.cards.Card0001).toEqual(card('Card0001', 9));
    expect(overlayDetails(serverDetails, outbox, shown).details).toEqual({
      Card0001: details('Card0001', 9),
      Card0002: details('Card0002', 5),
    });
  });

  it("are the server's when the waiting change carries none, or lost to a newer copy of the card", () => {
    const serverDetails = { Card0001: details('Card0001', 5) };
    const plainEdit = outboxOf(card('Card0001', 9));
    expect(
      overlayDetails(serverDetails, plainEdit, overlay(collection(card('Card0001', 5)), plainEdit)).details,
    ).toEqual(serverDetails);
    // Another device saved the card after this change: its copy shows, and so do the server's details.
    const beaten = outboxOf({ ...card('Card0001', 9), details: details('Card0001', 9) });
    const server = collection(card('Card0001', 12));
    expect(overlayDetails(serverDetails, beaten, overlay(server, beaten)).details).toEqual(serverDetails);
  });

  it('leave out records whose card does not show, deleted here or elsewhere', () => {
    const serverDetails = { Card0001: details('Card0001', 5), Card0002: details('Card0002', 5) };
    const deleted = outboxOf({ id: 'Card0001', deleted: true, modifiedAt: 9 } as never);
    const server = collection(card('Card0001', 5));
    expect(overlayDetails(serverDetails, deleted, overlay(server, deleted)).details).toEqual({});
    expect(orphanDetails(serverDetails, server)).toEqual(['Card0002']);
    expect(orphanDetails(serverDetails, collection(card('Card0001', 1), card('Card0002', 1)))).toEqual([]);
  });
});

describe('joining an account', () => {
  const now = 1_000_000;
  it('sends a record newer than the account’s, or where it has none, only for cards the account holds after', () => {
    const local = [details('Card0001', 50), details('Card0002', 50), details('Card0003', 50), details('Card0004', 50)];
    const server = { Card0001: details('Card0001', 40), Card0002: details('Card0002', 60) };
    const up = detailsGoingUp(local, server, new Set(['Card0001', 'Card0002', 'Card0003']), now);
    expect(up.map((record) => record.id)).toEqual(['Card0001', 'Card0003']);
    expect(up[0]?.modifiedAt).toBe(50);
  });

  it('dates a record from a fast clock now, after the account’s, as a joining card is dated', () => {
    const ahead = details('Card0001', now + 10 * 60_000);
    expect(detailsGoingUp([ahead], {}, new Set(['Card0001']), now)[0]?.modifiedAt).toBe(now);
    const server = { Card0001: details('Card0001', now) };
    expect(detailsGoingUp([ahead], server, new Set(['Card0001']), now)[0]?.modifiedAt).toBe(now + 1);
  });
});

describe('an import that brings back a card the account deleted', () => {
  it('dates the card and its details now; one not deleted keeps its dates', () => {
    const deletions = { Card0001: 20 } as unknown as Deletions;
    const change: CardChange = { ...card('Card0001', 10), details: details('Card0001', 10) };
    expect(broughtBack(change, deletions, 99)).toEqual({
      ...change,
      modifiedAt: 99,
      details: { ...details('Card0001', 10), modifiedAt: 99 },
    });
    const kept: CardChange = { ...card('Card0002', 10), details: details('Card0002', 10) };
    expect(broughtBack(kept, deletions, 99)).toBe(kept);
  });
});

describe('what leaves for the server and what is heard', () => {
  it('is a record of the card it names, in exactly the wire shape', () => {
    const record = { ...details('Card0001', 5), extra: 'dropped' };
    expect(asEncryptedDetails(record, 'Card0001')).toEqual(details('Card0001', 5));
    expect(asEncryptedDetails(record, 'Card0002')).toBeUndefined();
    expect(
      asEncryptedDetails({ ...record, data: { cipherText: 'x', iv: 'y', plain: 'z' } }, 'Card0001'),
    ).toBeUndefined();
    expect(wireDetails([{ id: 'Card0001' }, { id: 'Card0002', details: details('Card0002', 1) }], 'no')).toEqual([
      details('Card0002', 1),
    ]);
    expect(() => wireDetails([{ id: 'Card0001', details: { id: 'Card0001', data: { pin: '1234' } } }], 'no')).toThrow(
      'no',
    );
  });

  it('keeps every object heard, so one that is damaged is reported with its card, never dropped unseen', () => {
    expect(parseServerDetails(null)).toEqual({});
    expect(parseServerDetails({ Card0001: details('Card0001', 1), Card0002: 'junk', Card0003: { id: 'x' } })).toEqual({
      Card0001: details('Card0001', 1),
      Card0003: { id: 'x' },
    });
  });

  it('takes a stored change carrying its card’s details, and refuses one carrying another card’s', () => {
    const good = { uid: 'ada', cards: { Card0001: { ...card('Card0001', 5), details: details('Card0001', 5) } } };
    expect(checkOutbox(good).ok).toBe(true);
    const moved = { uid: 'ada', cards: { Card0001: { ...card('Card0001', 5), details: details('Card0002', 5) } } };
    expect(checkOutbox(moved)).toMatchObject({ ok: false });
    const plain = {
      uid: 'ada',
      cards: { Card0001: { ...card('Card0001', 5), details: { id: 'Card0001', data: {} } } },
    };
    expect(checkOutbox(plain)).toMatchObject({ ok: false });
  });
});
