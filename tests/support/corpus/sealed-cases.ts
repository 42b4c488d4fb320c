/**
 * One case of the engine's corpus: a collection of entries made from the sealed pool (sealed-pool.ts), some damaged
 * (ciphertexts, IVs, base64, ids, dates and shapes, ciphertexts swapped between cards), and the check of what an
 * open made of it: every entry back exactly once, a card opened only to the data sealed in the bytes it carries.
 */
import type { CardCollection, OpenedCards } from '../../../src/domain/card';
import { makeCardId, pick, type Random, randomInt } from '../seeded';
import { randomBytes, toBase64 } from './builders';
import { excerpt, plainReasonProblem } from './cases';
import { byBytes, fromBase64, hex, NOW, pool, wire } from './sealed-pool';
import { isRecord, setOwn } from './values';

export interface Entry {
  key: string;
  value: unknown;
  steps: string[];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function damageBase64(random: Random, text: string): string {
  const at = randomInt(random, Math.max(1, text.length));
  switch (randomInt(random, 9)) {
    case 0:
      return `${text.slice(0, at)}${pick(random, BASE64.split(''))}${text.slice(at + 1)}`;
    case 1:
      return text.slice(0, at);
    case 2:
      return `${text.slice(0, at)}${pick(random, [' ', '\n', '\t'])}${text.slice(at)}`;
    case 3:
      return text.replace(/\+/g, '-').replace(/\//g, '_');
    case 4:
      return text.replace(/=+$/, '');
    case 5:
      return `${text}=`;
    case 6:
      return `${text.slice(0, at)}!${text.slice(at)}`;
    case 7:
      return '';
    default:
      return toBase64(randomBytes(random, pick(random, [0, 1, 11, 12, 13, 16, 28])));
  }
}

function damageEntry(random: Random, card: Record<string, unknown>, entry: Entry): void {
  if (!isRecord(card.data)) return;
  const data = card.data;
  const step = randomInt(random, 12);
  switch (step) {
    case 0:
      data.cipherText = damageBase64(random, String(data.cipherText));
      entry.steps.push('ciphertext damaged');
      return;
    case 1:
      data.iv = damageBase64(random, String(data.iv));
      entry.steps.push('iv damaged');
      return;
    case 2: {
      const other = pick(random, pool);
      data.cipherText = other.cipherText;
      entry.steps.push(`ciphertext of ${other.what}`);
      return;
    }
    case 3: {
      const other = pick(random, pool);
      data.cipherText = other.cipherText;
      data.iv = other.iv;
      entry.steps.push(`swapped for ${other.what}`);
      return;
    }
    case 4:
      card.id = pick(random, [makeCardId(random), '', 7, null, entry.key.toLowerCase()]);
      entry.steps.push('id changed');
      return;
    case 5:
      card.modifiedAt = pick(random, [Number.NaN, Number.POSITIVE_INFINITY, '1722000000000', null, -0, -1, 1e308]);
      entry.steps.push(`date ${String(card.modifiedAt)}`);
      return;
    case 6:
      card.data = pick(random, [null, 'data', [data.cipherText, data.iv], { cipherText: data.cipherText }]);
      entry.steps.push('data reshaped');
      return;
    case 7:
      data.cipherText = pick(random, [42, null, ['x'], { text: data.cipherText }]);
      entry.steps.push('ciphertext not text');
      return;
    case 8:
      data.tag = 'extra';
      card.extra = true;
      entry.steps.push('extra fields');
      return;
    case 9:
      entry.value = pick(random, [null, 'card', [], 42]);
      entry.steps.push('not a card');
      return;
    default:
      data.cipherText = `${String(data.cipherText).slice(0, 8)}${String(data.cipherText).slice(8).split('').reverse().join('')}`;
      entry.steps.push('ciphertext scrambled');
  }
}

export function buildCase(random: Random): Entry[] {
  const count = random() < 0.04 ? 64 + randomInt(random, 40) : 1 + randomInt(random, 12);
  const entries: Entry[] = [];
  const used = new Set<string>();
  for (let index = 0; index < count; index++) {
    const source = pick(random, pool);
    let key = source.id && !used.has(source.id) && random() < 0.8 ? source.id : makeCardId(random);
    if (random() < 0.02 && !used.has('__proto__')) key = '__proto__';
    if (used.has(key)) continue;
    used.add(key);
    const card: Record<string, unknown> = {
      id: key,
      data: { cipherText: source.cipherText, iv: source.iv },
      modifiedAt: source.modifiedAt ?? NOW + randomInt(random, 1_000_000),
    };
    const entry: Entry = { key, value: card, steps: [source.what] };
    const damages = random() < 0.5 ? 0 : 1 + randomInt(random, 2);
    for (let step = 0; step < damages && entry.value === card; step++) damageEntry(random, card, entry);
    entries.push(entry);
  }
  return entries;
}

/** What an entry must give: null when it may not open; the wire data when it must open to exactly that. */
function expectation(entry: Entry): { must: 'open' | 'not open' | 'as its bytes say'; data: string | null } {
  const card = entry.value;
  if (!isRecord(card) || card.id !== entry.key) return { must: 'not open', data: null };
  if (typeof card.modifiedAt !== 'number' || !Number.isFinite(card.modifiedAt)) return { must: 'not open', data: null };
  const data = card.data;
  if (!isRecord(data) || typeof data.cipherText !== 'string' || typeof data.iv !== 'string') {
    return { must: 'not open', data: null };
  }
  const exact = pool.find((sealed) => sealed.cipherText === data.cipherText && sealed.iv === data.iv);
  if (exact) return exact.opens === null ? { must: 'not open', data: null } : { must: 'open', data: exact.opens };
  let bytes: string;
  try {
    bytes = `${hex(fromBase64(data.iv))}:${hex(fromBase64(data.cipherText))}`;
  } catch {
    return { must: 'not open', data: null };
  }
  // Damaged text that still decodes to sealed bytes (a stray space, missing padding) may open, but only to those.
  const sealed = byBytes.get(bytes);
  return sealed?.opens ? { must: 'as its bytes say', data: sealed.opens } : { must: 'not open', data: null };
}

export function checkOpened(entries: Entry[], opened: OpenedCards): string[] {
  const failures: string[] = [];
  const seen = new Map<string, number>();
  for (const id of [...opened.cards.map((card) => card.id), ...opened.unreadable.map((card) => card.id)]) {
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const shown = new Map(opened.cards.map((card) => [card.id, card]));
  for (const entry of entries) {
    const times = seen.get(entry.key) ?? 0;
    seen.delete(entry.key);
    const what = `${excerpt(entry.key, 20)} (${entry.steps.join(', ')})`;
    if (times !== 1) {
      failures.push(`${what} came back ${times} times`);
      continue;
    }
    const { must, data } = expectation(entry);
    const card = shown.get(entry.key);
    if (card) {
      if (must === 'not open') failures.push(`${what} opened to ${excerpt(JSON.stringify(card.data), 80)}`);
      else if (wire(card.data) !== data || JSON.stringify(card.data) !== data) {
        failures.push(`${what} opened to other data: ${excerpt(JSON.stringify(card.data), 80)}`);
      }
      if (card.modifiedAt !== (entry.value as { modifiedAt: unknown }).modifiedAt)
        failures.push(`${what} changed date`);
    } else if (must === 'open') {
      failures.push(`${what} did not open`);
    }
  }
  for (const [id] of seen) failures.push(`${excerpt(id, 20)} came back but was never given`);
  for (const card of opened.unreadable) {
    const problem = plainReasonProblem(card.reason);
    if (problem) failures.push(`unreadable ${excerpt(card.id, 20)}: ${problem}`);
    if (!Number.isFinite(card.modifiedAt)) failures.push(`unreadable ${excerpt(card.id, 20)} has no finite date`);
  }
  return failures;
}

export const collectionOf = (entries: Entry[]) => {
  const cards: Record<string, unknown> = {};
  for (const entry of entries) setOwn(cards, entry.key, entry.value);
  return { type: 'ENCRYPTED', cards } as unknown as CardCollection;
};
