/**
 * Deletion records in the outbox's rules: per card the newer action wins, deletions included. A waiting edit the
 * account deleted at or after does not show and is not sent; a waiting deletion older than the card the server holds
 * is not sent either; a refusal in either case is newer-wins, not a failure. And what arrives at `{uid}/deleted`
 * is read entry by entry, kept `DELETIONS_KEPT_DAYS`.
 */
import { describe, expect, it } from 'vitest';
import type { EncryptedCard, EncryptedCollection } from '../../src/domain/card';
import {
  DELETIONS_KEPT_DAYS,
  deletedSince,
  expiredDeletions,
  noDeletions,
  parseDeletions,
} from '../../src/domain/deletions';
import type { Deletion, Outbox } from '../../src/domain/outbox';
import { overlay, serverHoldsNewer, stillToSend, withEntry } from '../../src/domain/outbox';

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
const waiting = (...entries: (EncryptedCard | Deletion)[]): Outbox =>
  entries.reduce(withEntry, { uid: 'ada', cards: {} } as Outbox);
const DAY = 24 * 60 * 60 * 1000;

describe('what shows: the server, the outbox over it, less what the account deleted later', () => {
  it('hides a waiting edit the account deleted at or after it, and shows one made after the deletion', () => {
    const deleted = { Card0001: 20, Card0002: 20, Card0003: 20 };
    const outbox = waiting(sealed('Card0001', 19), sealed('Card0002', 20), sealed('Card0003', 21));
    expect(Object.keys(overlay(server(), outbox, deleted).cards)).toEqual(['Card0003']);
    // Without the records (before the server answers) each waiting edit shows.
    expect(Object.keys(overlay(server(), outbox).cards).sort()).toEqual(['Card0001', 'Card0002', 'Card0003']);
  });

  it("shows the server's card, not a waiting deletion older than it", () => {
    const there = server(sealed('Card0001', 30, 'edited-on-another-device'));
    const shown = overlay(there, waiting(deletion('Card0001', 25)), { Card0001: 10 });
    expect(shown.cards.Card0001?.data.cipherText).toBe('edited-on-another-device');
    expect(overlay(there, waiting(deletion('Card0001', 30))).cards).toEqual({});
  });

  it("leaves the server's cards alone: a record only weighs against waiting changes", () => {
    const there = server(sealed('Card0001', 30));
    expect(overlay(there, waiting(), { Card0001: 40 })).toBe(there);
  });
});

describe('what is sent', () => {
  it('not a waiting edit the account deleted at or after it; one made after the deletion goes', () => {
    const deleted = { Card0001: 20 };
    expect(stillToSend(sealed('Card0001', 19), server(), deleted)).toBe(false);
    expect(stillToSend(sealed('Card0001', 20), server(), deleted)).toBe(false);
    expect(stillToSend(sealed('Card0001', 21), server(), deleted)).toBe(true);
    expect(stillToSend(sealed('Card0002', 5), server(), deleted)).toBe(true);
  });

  it('not a waiting deletion older than the card there, nor one recorded already or newer', () => {
    expect(stillToSend(deletion('Card0001', 25), server(sealed('Card0001', 30)), noDeletions)).toBe(false);
    expect(stillToSend(deletion('Card0001', 30), server(sealed('Card0001', 30)), noDeletions)).toBe(true);
    expect(stillToSend(deletion('Card0001', 25), server(), { Card0001: 25 })).toBe(false);
    expect(stillToSend(deletion('Card0001', 25), server(), { Card0001: 26 })).toBe(false);
    // The card is gone and its deletion undated (another client removed it plainly): the deletion goes, dated.
    expect(stillToSend(deletion('Card0001', 25), server(), { Card0001: 24 })).toBe(true);
    expect(stillToSend(deletion('Card0001', 25), server(), noDeletions)).toBe(true);
  });
});

describe('a refusal that is newer-wins, said nothing of', () => {
  it('an edit the account deleted at or after it, or older than the copy there', () => {
    expect(serverHoldsNewer(sealed('Card0001', 19), server(), { Card0001: 20 })).toBe(true);
    expect(serverHoldsNewer(sealed('Card0001', 20), server(), { Card0001: 20 })).toBe(true);
    expect(serverHoldsNewer(sealed('Card0001', 19), server(sealed('Card0001', 21)), noDeletions)).toBe(true);
    // Nothing newer there: a refusal is something else, and the person is told.
    expect(serverHoldsNewer(sealed('Card0001', 21), server(), { Card0001: 20 })).toBe(false);
    expect(serverHoldsNewer(sealed('Card0001', 19), server(sealed('Card0001', 19)), noDeletions)).toBe(false);
  });

  it('a deletion older than the card there, or than a deletion recorded', () => {
    expect(serverHoldsNewer(deletion('Card0001', 25), server(sealed('Card0001', 30)), noDeletions)).toBe(true);
    expect(serverHoldsNewer(deletion('Card0001', 25), server(), { Card0001: 26 })).toBe(true);
    expect(serverHoldsNewer(deletion('Card0001', 25), server(), { Card0001: 25 })).toBe(false);
    expect(serverHoldsNewer(deletion('Card0001', 30), server(sealed('Card0001', 30)), noDeletions)).toBe(false);
  });
});

describe('the records as they arrive', () => {
  it('keeps each dated record and leaves out anything else, whatever the server holds', () => {
    expect(parseDeletions({ Card0001: 5, Card0002: 'soon', Card0003: null, Card0004: { at: 1 }, Card0005: 0 })).toEqual(
      {
        Card0001: 5,
        Card0005: 0,
      },
    );
    for (const value of [null, undefined, 7, 'x', [1, 2], true]) expect(parseDeletions(value)).toEqual({});
    const odd = parseDeletions(JSON.parse('{"__proto__": 9}'));
    expect(Object.keys(odd)).toEqual(['__proto__']);
    expect(deletedSince(odd, '__proto__', 9)).toBe(true);
    expect(deletedSince(odd, 'toString', 0)).toBe(false);
  });

  it(`are kept ${DELETIONS_KEPT_DAYS} days, then pruned`, () => {
    const now = 1_800_000_000_000;
    const deleted = {
      Fresh001: now - DAY,
      Edge0001: now - DELETIONS_KEPT_DAYS * DAY,
      Old00001: now - DELETIONS_KEPT_DAYS * DAY - 1,
    };
    expect(expiredDeletions(deleted, now)).toEqual(['Old00001']);
  });
});
