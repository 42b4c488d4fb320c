/**
 * Another tab's large cards text read in the real engine worker: the same collection, the same reasons and the same
 * blocked key as the page's own read, and the page's read whenever the worker is not the one to ask.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlainCollection } from '../../src/domain/card';
import { checkCollection, type StoredCardsRead } from '../../src/domain/stored-shapes';
import { loadCardsWith, READ_ELSEWHERE_MIN_CHARS } from '../../src/storage/cards-read-elsewhere';
import { discard, isBlocked, loadCards, STORAGE_KEYS } from '../../src/storage/local-storage';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

const collection = (count: number): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(makeCards(31, count).map((card) => [card.id, card])),
});
const large = collection(1_000);
const largeText = JSON.stringify(large);

/** The worker's reader, with the texts it was asked to read. */
function workerReader() {
  const engine = startEngine();
  const asked: string[] = [];
  const read = (text: string): Promise<StoredCardsRead> => {
    asked.push(text);
    return engine.readStoredCards(text);
  };
  return { read, asked };
}

beforeEach(async () => {
  localStorage.clear();
  await discard('cards');
});
afterEach(stopEngines);

describe('a large text', () => {
  it('is read in the worker, as the same collection the page reads', async () => {
    expect(largeText.length).toBeGreaterThanOrEqual(READ_ELSEWHERE_MIN_CHARS);
    localStorage.setItem(STORAGE_KEYS.cards, largeText);
    const { read, asked } = workerReader();
    const loaded = await loadCardsWith(read);
    expect(asked).toEqual([largeText]);
    expect(loaded).toEqual({ ok: true, value: large });
    // Remembered as read: the same text again is that collection, not read again.
    expect(await loadCardsWith(read)).toEqual(loaded);
    expect(asked).toHaveLength(1);
    expect(loadCards()).toEqual(loaded);
  });

  it("that is not JSON gives the page's reason, and blocks the key as the page's read does", async () => {
    localStorage.setItem(STORAGE_KEYS.cards, `${largeText.slice(0, -1)},`);
    const { read, asked } = workerReader();
    expect(await loadCardsWith(read)).toEqual({ ok: false, reason: 'it is not valid JSON' });
    expect(asked).toHaveLength(1);
    expect(isBlocked('cards')).toBe(true);
  });

  it("that is not a collection gives the reason the page's check gives", async () => {
    const wrong = { ...large, type: 'SCRAMBLED' };
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(wrong));
    const expected = checkCollection(wrong);
    expect(expected.ok).toBe(false);
    const { read } = workerReader();
    expect(await loadCardsWith(read)).toEqual(expected);
    expect(isBlocked('cards')).toBe(true);
  });

  it('stored anew while it was read: what is stored now is given', async () => {
    // Not a text read before, which would be known without asking.
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(collection(999)));
    const { read, asked } = workerReader();
    const newer = collection(1_001);
    const loaded = await loadCardsWith(async (text) => {
      const answer = read(text);
      localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(newer));
      return answer;
    });
    expect(asked).toHaveLength(1);
    expect(loaded).toEqual({ ok: true, value: newer });
  });

  it('is read by the page when the worker cannot answer', async () => {
    localStorage.setItem(STORAGE_KEYS.cards, largeText);
    const loaded = await loadCardsWith(() => Promise.reject(new Error('The engine worker could not start')));
    expect(loaded).toEqual({ ok: true, value: large });
  });
});

describe('read by the page, the worker not asked', () => {
  it('a small text', async () => {
    const small = collection(3);
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(small));
    const { read, asked } = workerReader();
    expect(await loadCardsWith(read)).toEqual({ ok: true, value: small });
    expect(asked).toEqual([]);
  });

  it('no text at all: an empty plain wallet', async () => {
    const { read, asked } = workerReader();
    expect(await loadCardsWith(read)).toEqual(loadCards());
    expect(loadCards()).toEqual({ ok: true, value: { type: 'UNENCRYPTED', cards: {} } });
    expect(asked).toEqual([]);
  });
});
