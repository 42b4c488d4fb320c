/** When a card change is dated: imported cards never ahead of now, changes after the copy they replace. */
import { describe, expect, it } from 'vitest';
import rules from '../../database.rules.json';
import {
  DateMessages,
  dateAfter,
  importedDate,
  joiningDate,
  SERVER_LEEWAY_MS,
  serverAccepts,
} from '../../src/domain/card-dates';

const NOW = 1_790_000_000_000;
const YEAR = 365 * 24 * 60 * 60 * 1000;

describe('an imported card', () => {
  it('keeps a date from the file that is not ahead of now', () => {
    expect(importedDate(NOW - YEAR, NOW, 0)).toBe(NOW - YEAR);
    expect(importedDate(NOW, NOW, 3)).toBe(NOW);
  });

  it('dated ahead of now is dated now instead, however far ahead, a millisecond apart in the file’s order', () => {
    const file = [NOW + 1, NOW + YEAR, NOW + 4 * 60_000, Number.MAX_SAFE_INTEGER];
    const dates = file.map((date, index) => importedDate(date, NOW, index));
    expect(dates).toEqual([NOW, NOW - 1, NOW - 2, NOW - 3]);
    for (const date of dates) expect(serverAccepts(date, NOW)).toBe(true);
  });

  it('from a file that carries no dates is dated now, a millisecond apart in the file’s order', () => {
    expect([0, 1, 2].map((index) => importedDate(undefined, NOW, index))).toEqual([NOW, NOW - 1, NOW - 2]);
  });
});

describe('a change to a card', () => {
  it('is dated now when the copy it replaces is older, and a new card is dated now', () => {
    expect(dateAfter(NOW, NOW - 10)).toBe(NOW);
    expect(dateAfter(NOW, undefined)).toBe(NOW);
  });

  it('is dated just after a copy dated ahead of now, or at the same moment, so it replaces that copy', () => {
    expect(dateAfter(NOW, NOW + 4 * 60_000)).toBe(NOW + 4 * 60_000 + 1);
    expect(dateAfter(NOW, NOW)).toBe(NOW + 1);
  });
});

describe('a card of this device joining an account', () => {
  it('keeps its date when that is not ahead of now and after the server’s copy', () => {
    expect(joiningDate(NOW - 10, undefined, NOW)).toBe(NOW - 10);
    expect(joiningDate(NOW - 10, NOW - 20, NOW)).toBe(NOW - 10);
  });

  it('dated ahead of now goes up dated now, or just after the server’s copy when that is later', () => {
    expect(joiningDate(NOW + YEAR, undefined, NOW)).toBe(NOW);
    expect(joiningDate(NOW + YEAR, NOW - 5, NOW)).toBe(NOW);
    expect(joiningDate(NOW + YEAR, NOW + 60_000, NOW)).toBe(NOW + 60_001);
    expect(serverAccepts(joiningDate(NOW + YEAR, NOW + 60_000, NOW), NOW)).toBe(true);
  });
});

describe('what the server accepts', () => {
  it('a date up to five minutes ahead of its clock, as database.rules.json says, and nothing further', () => {
    expect(SERVER_LEEWAY_MS).toBe(300_000);
    expect(serverAccepts(NOW + 300_000, NOW)).toBe(true);
    expect(serverAccepts(NOW + 300_001, NOW)).toBe(false);
    expect(serverAccepts(NOW - YEAR, NOW)).toBe(true);
  });

  it('matches the rules file, so the two cannot drift apart', () => {
    const cardDate = rules.rules.$uid.cards.$cardId.modifiedAt['.validate'];
    expect(cardDate).toContain(`newData.val() <= now + ${SERVER_LEEWAY_MS}`);
  });

  it('says in plain words why a change to a card dated too far ahead was not saved', () => {
    expect(DateMessages.datedAhead).toBe(
      'This card was last saved on a device whose clock is ahead, so the server cannot take a change to it yet. Your change was not saved. Check the date and time on your devices, or try again later.',
    );
  });
});
