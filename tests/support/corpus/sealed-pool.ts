/**
 * The pool of genuine sealed cards the engine's corpus damages (tests/engine/corpus-open.test.ts): cards sealed by the
 * engine (createSecret, sealCard), by another engine under another key, and under the engine's own data key from
 * plaintexts that are not card data, each with what it must open to. Every ciphertext is also kept by its bytes, to
 * tell what a damaged entry really carries.
 */
import { expect } from 'vitest';
import type { CardData, PlainCollection } from '../../../src/domain/card';
import type { SecretRecord } from '../../../src/domain/secret';
import { startEngine } from '../engine-worker';
import { makeCards } from '../seeded';
import { toBase64 } from './builders';

/** The date of the pool's cards, and around which a case dates the cards it makes. */
export const NOW = 1_722_000_000_000;
const FIELDS = ['number', 'expiry', 'cardholder', 'issuer', 'cvv', 'network', 'theme'] as const;

/** Card data as the engine writes and returns it: exactly the seven fields, in wire order. */
export const wire = (data: CardData): string =>
  JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, data[field]])));

interface NativeBase64 {
  fromBase64(text: string): Uint8Array<ArrayBuffer>;
}
/** The platform's own standard base64 decoder (the engine's too); throws on anything it does not accept. */
export const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  (Uint8Array as unknown as NativeBase64).fromBase64(text);
export const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** One sealed ciphertext: what it must open to (card data in wire order), or null when it must not open. */
export interface Sealed {
  cipherText: string;
  iv: string;
  opens: string | null;
  what: string;
  id?: string;
  modifiedAt?: number;
}

export const pool: Sealed[] = [];
/** Every sealed ciphertext by its bytes (IV and ciphertext), to tell what a damaged entry really carries. */
export const byBytes = new Map<string, Sealed>();

/** The data key, unwrapped from the engine's record with the secret, as another client of the wire format would. */
export async function dataKeyOf(secret: string, wrapped: SecretRecord): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, [
    'deriveKey',
  ]);
  const kek = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-512', salt: fromBase64(wrapped.salt), iterations: 210_000 },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
  const raw = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(wrapped.encryptedDek.iv) },
      kek,
      fromBase64(wrapped.encryptedDek.ciphertext),
    ),
  );
  // Sleeve wraps the raw 32 bytes; the seed's clients wrap the key's base64 text.
  const bytes = raw.length === 32 ? raw : fromBase64(new TextDecoder().decode(raw));
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, plaintext: string | Uint8Array<ArrayBuffer>) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const bytes = typeof plaintext === 'string' ? new TextEncoder().encode(plaintext) : plaintext;
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes));
  return { cipherText: toBase64(sealed), iv: toBase64(iv) };
}

function addToPool(sealed: Sealed): void {
  pool.push(sealed);
  byBytes.set(`${hex(fromBase64(sealed.iv))}:${hex(fromBase64(sealed.cipherText))}`, sealed);
}

/** Plaintexts sealed under the engine's key that are not card data, and some that are though Sleeve writes them otherwise. */
function plaintexts(card: CardData): { text: string | Uint8Array<ArrayBuffer>; opens: string | null; what: string }[] {
  const json = wire(card);
  const fields = JSON.parse(json) as Record<string, unknown>;
  const without = (field: string) => JSON.stringify({ ...fields, [field]: undefined });
  const deep = `${'['.repeat(20_000)}"VISA"${']'.repeat(20_000)}`;
  const not = (text: string | Uint8Array<ArrayBuffer>, what: string) => ({ text, opens: null, what });
  return [
    not('', 'empty plaintext'),
    not(' ', 'a space'),
    not('null', 'null'),
    not('42', 'a number'),
    not('"VISA"', 'a string'),
    not('[]', 'an empty array'),
    not('{}', 'an empty object'),
    not('not json', 'text that is not JSON'),
    not(`${json}x`, 'card JSON with trailing text'),
    not(`${json}${json}`, 'two card JSONs back to back'),
    not(`${json},${json}`, 'two card JSONs with a comma'),
    not(`[${json}]`, 'card JSON in an array'),
    not(json.slice(0, -1), 'card JSON cut short'),
    not(JSON.stringify({ ...fields, network: 'JCB' }), 'an unknown network'),
    not(JSON.stringify({ ...fields, theme: 'GOLD' }), 'an unknown theme'),
    not(without('cvv'), 'no cvv'),
    not(JSON.stringify({ ...fields, number: 4111111111111111 }), 'the number as a number'),
    not(json.replace('"network":"', `"network":${deep},"was":"`), 'a network nested 20,000 deep'),
    not(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]), 'invalid UTF-8'),
    not(Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22]), 'a UTF-8-encoded lone surrogate'),
    not('x'.repeat(100_000), '100,000 characters of not JSON'),
    { text: JSON.stringify({ ...fields, extra: [1, 2, 3] }), opens: json, what: 'card data with an extra field' },
    {
      text: JSON.stringify(Object.fromEntries(Object.entries(fields).reverse())),
      opens: json,
      what: 'fields reversed',
    },
    { text: `{"__proto__":{"network":"OTHER"},${json.slice(1)}`, opens: json, what: 'an own __proto__ key' },
    { text: ` \n${json}\t `, opens: json, what: 'whitespace around' },
  ];
}

/**
 * Fills the pool from `engine`, which it gives the secret `secret`, and from another engine of its own; returns the
 * engine's record.
 */
export async function fillPool(engine: ReturnType<typeof startEngine>, secret: string): Promise<SecretRecord> {
  const cards = makeCards(4_242, 40);
  const plain: PlainCollection = {
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(cards.map((card) => [card.id, card])),
  };
  const created = await engine.createSecret(secret, plain, NOW);
  const record = created.record;
  for (const card of cards) {
    const stored = created.collection.cards[card.id];
    if (!stored) throw new Error(`createSecret lost card ${card.id}`);
    const { cipherText, iv } = stored.data;
    addToPool({
      cipherText,
      iv,
      opens: wire(card.data),
      what: 'sealed by createSecret',
      id: card.id,
      modifiedAt: card.modifiedAt,
    });
  }
  for (const card of makeCards(4_243, 10)) {
    const stored = await engine.sealCard(card, 'ENCRYPTED');
    if (!('cipherText' in stored.data)) throw new Error('sealCard did not encrypt');
    addToPool({ ...stored.data, opens: wire(card.data), what: 'sealed by sealCard', id: stored.id });
  }
  // Another wallet's cards: well-formed, but under a key this engine does not hold.
  const other = startEngine();
  const theirs = makeCards(4_244, 15);
  const foreign = await other.createSecret(
    'another wallet entirely',
    { type: 'UNENCRYPTED', cards: Object.fromEntries(theirs.map((card) => [card.id, card])) },
    NOW,
  );
  for (const stored of Object.values(foreign.collection.cards)) {
    addToPool({ ...stored.data, opens: null, what: 'sealed under another key' });
  }
  // The engine's own key, unwrapped here: plaintexts no version of Sleeve writes.
  const key = await dataKeyOf(secret, record);
  const check = pool[0] as Sealed;
  const opened = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(check.iv) },
    key,
    fromBase64(check.cipherText),
  );
  expect(new TextDecoder().decode(opened)).toBe(check.opens);
  for (const card of cards.slice(0, 3)) {
    for (const { text, opens, what } of plaintexts(card.data)) addToPool({ ...(await seal(key, text)), opens, what });
  }
  return record;
}
