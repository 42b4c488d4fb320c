import { afterEach, describe, expect, it } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import {
  discard,
  isBlocked,
  loadCards,
  loadPreferences,
  rawValue,
  STORAGE_KEYS,
  saveAll,
  saveCards,
  savePreferences,
} from '../../src/storage/local-store';
import { fillQuota } from '../support/seed-storage';

const collection: PlainCollection = {
  type: 'UNENCRYPTED',
  cards: {
    Ab3dEf9h: {
      id: 'Ab3dEf9h',
      modifiedAt: 1_700_000_000_000,
      data: {
        number: '4111111111111111',
        expiry: '12/29',
        cardholder: 'Ada Lovelace',
        issuer: 'First Bank',
        cvv: '123',
        network: 'VISA',
        theme: 'SKY',
      },
    },
  },
};

describe('local store', () => {
  afterEach(() => {
    for (const name of ['cards', 'auth', 'preferences'] as const) discard(name);
  });

  it('writes the documented keys and reads them back', () => {
    saveCards(collection);
    expect(JSON.parse(localStorage.getItem('sleeve/cards') ?? '')).toEqual(collection);
    expect(loadCards()).toEqual({ ok: true, value: collection });
    expect(loadPreferences()).toEqual({
      ok: true,
      value: { userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: true } },
    });
  });

  it('reports corrupt JSON, keeps it, and refuses to write over it until discarded', () => {
    localStorage.setItem(STORAGE_KEYS.cards, '{"type": "UNENCRYPTED", "cards": ');
    const loaded = loadCards();
    expect(loaded).toEqual({ ok: false, reason: 'it is not valid JSON' });
    expect(isBlocked('cards')).toBe(true);
    expect(() => saveCards(collection)).toThrow('nothing was changed');
    expect(rawValue('cards')).toBe('{"type": "UNENCRYPTED", "cards": ');
    discard('cards');
    saveCards(collection);
    expect(loadCards()).toEqual({ ok: true, value: collection });
  });

  it('puts back what it already wrote when a later key overflows the quota', () => {
    savePreferences({ userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: false } });
    const before = { prefs: rawValue('preferences'), cards: rawValue('cards') };
    const freeQuota = fillQuota();
    try {
      const big = structuredClone(collection);
      for (let i = 0; i < 50; i += 1) big.cards[`card${i}`] = { ...collection.cards.Ab3dEf9h!, id: `card${i}` };
      expect(() =>
        // The preferences fit (they are shorter than before), the cards do not: both must end as they were.
        saveAll({
          preferences: { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } },
          cards: big,
        }),
      ).toThrow("This device's storage for Sleeve is full, so nothing was saved. Free some space and try again.");
      expect(rawValue('preferences')).toBe(before.prefs);
      expect(rawValue('cards')).toBe(before.cards);
    } finally {
      freeQuota();
    }
  });
});
