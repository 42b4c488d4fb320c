/** Puts documented JSON on the device, as an earlier session of the app would have left it. */
import type { PlainCard, PlainCollection } from '../../src/domain/card';

export function seedPlainCards(cards: readonly PlainCard[]): PlainCollection {
  const collection: PlainCollection = { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((c) => [c.id, c])) };
  localStorage.setItem('sleeve/cards', JSON.stringify(collection));
  return collection;
}

export const storedJson = (key: 'cards' | 'details' | 'auth' | 'preferences' | 'outbox'): unknown =>
  JSON.parse(localStorage.getItem(`sleeve/${key}`) ?? 'null');

/** Fills this origin's real storage quota, leaving nothing for the next write; returns a function that frees it. */
export function fillQuota(): () => void {
  const keys: string[] = [];
  let chunk = 'x'.repeat(1024 * 1024);
  while (chunk.length > 0) {
    const key = `filler/${keys.length}`;
    try {
      localStorage.setItem(key, chunk);
      keys.push(key);
    } catch {
      chunk = chunk.slice(0, Math.floor(chunk.length / 2));
    }
  }
  return () => {
    for (const key of keys) localStorage.removeItem(key);
  };
}
