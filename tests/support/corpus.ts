/**
 * Mutated stored values and server payloads for the corpus tests: realistic values made by builders (what Sleeve
 * itself stores and what the server sends), then damaged the ways storage, other clients, hand edits and broken
 * disks damage them. Everything comes from one seed, so a failing case is reproduced from its seed alone.
 */
import { NETWORKS, THEMES } from '../../src/domain/card';
import type { Random } from './seeded';
import { makeCard, makeCardId, pick, randomInt } from './seeded';

/** A value nested `depth` times, written out without recursion (JSON.stringify of it would overflow the stack). */
export class Deep {
  constructor(
    readonly depth: number,
    readonly inner: unknown,
    readonly shape: 'array' | 'object',
  ) {}
}

type Container = Record<string, unknown> | unknown[];

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Deep);

/** Sets an own property, even `__proto__` (an assignment would change the prototype instead, and lose the value). */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** An object with exactly these own properties, `__proto__` included. */
export function ownObject(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) setOwn(target, key, value);
  return target;
}

export const own = (target: unknown, key: string): unknown =>
  isRecord(target) && Object.hasOwn(target, key) ? target[key] : undefined;

// ---- builders: what Sleeve and the server really hold ----

export function randomBytes(random: Random, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = randomInt(random, 256);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const time = (random: Random): number => 1_700_000_000_000 + randomInt(random, 100_000_000);

function cardCount(random: Random): number {
  const roll = random();
  if (roll < 0.1) return 0;
  if (roll < 0.97) return 1 + randomInt(random, 6);
  return 20 + randomInt(random, 80);
}

function byId<T extends { id: string }>(cards: readonly T[]): Record<string, unknown> {
  return ownObject(cards.map((card) => [card.id, card] as const));
}

export function buildEncryptedCard(random: Random, id = makeCardId(random)) {
  return {
    id,
    data: {
      cipherText: toBase64(randomBytes(random, 80 + randomInt(random, 60))),
      iv: toBase64(randomBytes(random, 12)),
    },
    modifiedAt: time(random),
  };
}

export function buildRecord(random: Random) {
  return {
    salt: toBase64(randomBytes(random, 16)),
    encryptedDek: {
      ciphertext: toBase64(randomBytes(random, pick(random, [48, 60]))),
      iv: toBase64(randomBytes(random, 12)),
    },
    modifiedAt: time(random),
  };
}

export const buildPlainCollection = (random: Random) => ({
  type: 'UNENCRYPTED',
  cards: byId(Array.from({ length: cardCount(random) }, () => makeCard(random))),
});

export const buildEncryptedCollection = (random: Random) => ({
  type: 'ENCRYPTED',
  cards: byId(Array.from({ length: cardCount(random) }, () => buildEncryptedCard(random))),
});

export const buildCollection = (random: Random) =>
  random() < 0.5 ? buildPlainCollection(random) : buildEncryptedCollection(random);

/** Without a password record unless asked: one would mean an account on this device. */
/** A passkey record: the credential id and PRF input (32 bytes) beside a wrapped key. */
export function buildPasskeyRecord(random: Random) {
  return {
    credentialId: toBase64(randomBytes(random, pick(random, [16, 32, 64]))),
    ...buildRecord(random),
    salt: toBase64(randomBytes(random, 32)),
  };
}

/** Auth as stored; with `withPasskey`, a passkey record too (as this version writes it), else none at all (as before). */
export const buildAuth = (random: Random, withPassword = false, withPasskey = false) => ({
  password: withPassword ? buildRecord(random) : null,
  pin: random() < 0.6 ? buildRecord(random) : null,
  ...(withPasskey ? { passkey: random() < 0.7 ? buildPasskeyRecord(random) : null } : {}),
});

/** Without `security` at times, as versions before the lock and clipboard settings stored them. */
export function buildPreferences(random: Random) {
  const preferences: {
    userInterface: { maskCardNumber: boolean };
    updates: { checkAtLaunch: boolean };
    security?: { lockAfterMinutes: number | null; clipboardClearSeconds: number | null };
  } = {
    userInterface: { maskCardNumber: random() < 0.5 },
    updates: { checkAtLaunch: random() < 0.5 },
  };
  if (random() < 0.7) {
    preferences.security = {
      lockAfterMinutes: pick(random, [1, 5, 15, 60, null]),
      clipboardClearSeconds: pick(random, [15, 30, 60, 120, null]),
    };
  }
  return preferences;
}

export function buildOutboxEntry(random: Random, id = makeCardId(random)) {
  return random() < 0.3 ? { id, deleted: true, modifiedAt: time(random) } : buildEncryptedCard(random, id);
}

export function buildOutbox(random: Random, ids: readonly string[] = []) {
  const count = randomInt(random, 5);
  const chosen = [...ids.filter(() => random() < 0.4)];
  while (chosen.length < count) chosen.push(makeCardId(random));
  return {
    uid: random() < 0.8 ? `uid${makeCardId(random)}` : null,
    cards: byId(chosen.map((id) => buildOutboxEntry(random, id))),
  };
}

/** What the server holds under `{uid}/cards`: a map of encrypted cards, or nothing at all. */
export function buildServerCards(random: Random): unknown {
  if (random() < 0.05) return null;
  return byId(Array.from({ length: cardCount(random) }, () => buildEncryptedCard(random)));
}

// ---- damage ----

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'];
const SHAPE_KEYS = [
  'id',
  'data',
  'modifiedAt',
  'cipherText',
  'ciphertext',
  'iv',
  'type',
  'cards',
  'password',
  'pin',
  'salt',
  'encryptedDek',
  'uid',
  'deleted',
  'number',
  'expiry',
  'cardholder',
  'issuer',
  'cvv',
  'network',
  'theme',
  'userInterface',
  'updates',
  'maskCardNumber',
  'checkAtLaunch',
];
const WEIRD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1e999',
  'null',
  'undefined',
  'NaN',
  'true',
  '[object Object]',
  '💳💳',
  'Zoë Núñez',
  '\u202Eevil',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\uFEFF',
  'ENCRYPTED',
  'UNENCRYPTED',
  'encrypted',
  'visa',
  'GOLD',
  'JCB',
  '12/30',
  '13/99',
  '4111 1111 1111 1111',
  '411111111111111x',
  'AAAA',
  'A===',
  '====',
  'YWJj\n',
  ' YWJj',
  'YWJ',
  '\\',
  '"',
  '{}',
  '[]',
  '<script>alert(1)</script>',
  ...PROTOTYPE_KEYS,
];
const WEIRD_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -1e308,
  1e308,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1_700_000_000_000,
  -1_700_000_000_000,
  8.64e15,
  8.64e15 + 1,
];
/** How deep `Deep` nests: mostly shallow (the database allows 32 levels), sometimes past what recursive code survives. */
const depth = (random: Random): number =>
  random() < 0.95 ? pick(random, [2, 3, 30, 33, 500]) : pick(random, [5_000, 20_000, 20_000, 100_000]);

function longString(random: Random): string {
  const length = pick(random, [100, 1_000, 10_000, 70_000]);
  if (length > 10_000 || random() < 0.5) return pick(random, ['x', '9', 'é', '💳', '\u0000', 'A=']).repeat(length);
  return Array.from({ length }, () => String.fromCharCode(randomInt(random, 0x10000))).join('');
}

function weirdString(random: Random): string {
  const roll = random();
  if (roll < 0.05) return longString(random);
  if (roll < 0.2) return makeCardId(random);
  if (roll < 0.3) return pick(random, [...NETWORKS, ...THEMES]);
  if (roll < 0.4) return pick(random, SHAPE_KEYS);
  return pick(random, WEIRD_STRINGS);
}

function weirdKey(random: Random, slots: readonly Slot[]): string {
  const roll = random();
  if (roll < 0.25) return pick(random, PROTOTYPE_KEYS);
  if (roll < 0.4) return pick(random, SHAPE_KEYS);
  if (roll < 0.5) {
    // Another key already in the value: a card moved over another one.
    const keys = slots.filter((slot) => typeof slot.key === 'string').map((slot) => slot.key as string);
    if (keys.length > 0) return pick(random, keys);
  }
  if (roll < 0.53) return 'k'.repeat(pick(random, [300, 20_000]));
  return weirdString(random);
}

/** A copy of a tree of plain data (own keys only, `__proto__` kept as an own key; Deep is immutable and shared). */
export function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (isRecord(value)) return ownObject(Object.keys(value).map((key) => [key, copyOf(value[key])] as const));
  return value;
}

function weirdValue(random: Random, slots: readonly Slot[], allowUndefined: boolean): unknown {
  const roll = random();
  if (roll < 0.25) return weirdString(random);
  if (roll < 0.45) return pick(random, WEIRD_NUMBERS);
  if (roll < 0.5) return random() < 0.5;
  if (roll < 0.6) return null;
  if (roll < 0.65) return allowUndefined ? undefined : null;
  if (roll < 0.7) return random() < 0.5 ? {} : [];
  if (roll < 0.8 && slots.length > 0) return copyOf(valueAt(pick(random, slots)));
  if (roll < 0.88) return ownObject([[weirdKey(random, slots), weirdString(random)]]);
  if (roll < 0.93) return [weirdString(random), pick(random, WEIRD_NUMBERS), null];
  return deepOf(random, random() < 0.5 ? weirdString(random) : {});
}

const deepOf = (random: Random, inner: unknown): Deep =>
  new Deep(depth(random), inner, random() < 0.5 ? 'array' : 'object');

function damageString(random: Random, text: string): string {
  const at = randomInt(random, text.length + 1);
  switch (randomInt(random, 14)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.replace(/=+$/, '');
    case 2:
      return `${text}=`;
    case 3:
      return `${text.slice(0, at)}${pick(random, ['!', '-', '_', '.', '*', 'é', '\n', ' ', '\u0000', '💳'])}${text.slice(at)}`;
    case 4:
      return text.replace(/\+/g, '-').replace(/\//g, '_');
    case 5:
      return text.replace(/[A-Za-z]/, (letter) =>
        letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase(),
      );
    case 6:
      return text + text;
    case 7:
      return text.toLowerCase();
    case 8:
      return ` ${text} `;
    case 9:
      return `data:application/octet-stream;base64,${text}`;
    case 10:
      return text.split('').reverse().join('');
    case 11:
      return `${text.slice(0, at)}${text.slice(at + 1 + randomInt(random, 8))}`;
    case 12:
      return `${text}\ud800`;
    default:
      return text.replace(/./, 'A');
  }
}

function damageNumber(random: Random, value: number): unknown {
  switch (randomInt(random, 8)) {
    case 0:
      return -value;
    case 1:
      return String(value);
    case 2:
      return new Date(Number.isFinite(value) ? Math.min(Math.max(value, -8.64e15), 8.64e15) : 0).toString();
    case 3:
      return value + 0.5;
    case 4:
      return value * 1e300;
    case 5:
      return [value];
    case 6:
      return { value };
    default:
      return pick(random, WEIRD_NUMBERS);
  }
}

/** One place in the tree: `parent[key]`. */
export interface Slot {
  parent: Container;
  key: string | number;
}

const valueAt = (slot: Slot): unknown => (slot.parent as Record<string | number, unknown>)[slot.key];

function put(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else setOwn(slot.parent, slot.key as string, value);
}

function remove(slot: Slot): void {
  if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
  else delete slot.parent[slot.key as string];
}

/** Every place in the tree under `box.root`, the root first. */
function slotsOf(box: Record<string, unknown>): Slot[] {
  const slots: Slot[] = [{ parent: box, key: 'root' }];
  for (let index = 0; index < slots.length && slots.length < 5_000; index++) {
    const value = valueAt(slots[index] as Slot);
    if (Array.isArray(value)) for (let key = 0; key < value.length; key++) slots.push({ parent: value, key });
    else if (isRecord(value)) for (const key of Object.keys(value)) slots.push({ parent: value, key });
  }
  return slots;
}

const looksLikeCard = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && Object.hasOwn(value, 'id') && Object.hasOwn(value, 'data');

/** One random damage to the tree in `box.root`; returns what it did, for the failure report. */
function damageOnce(random: Random, box: Record<string, unknown>, allowUndefined: boolean): string {
  const slots = slotsOf(box);
  const slot = pick(random, slots);
  const value = valueAt(slot);
  const path = `${String(slot.key).slice(0, 20)}`;
  const op = randomInt(random, 16);
  switch (op) {
    case 0:
    case 1:
      put(slot, weirdValue(random, slots, allowUndefined));
      return `replace ${path}`;
    case 2:
      if (slot.parent === box) break;
      remove(slot);
      return `delete ${path}`;
    case 3: {
      if (slot.parent === box || Array.isArray(slot.parent)) break;
      const key = weirdKey(random, slots);
      remove(slot);
      setOwn(slot.parent, key, value);
      return `rename ${path} to ${key.slice(0, 20)}`;
    }
    case 4: {
      if (isRecord(value)) setOwn(value, weirdKey(random, slots), weirdValue(random, slots, allowUndefined));
      else if (Array.isArray(value)) value.push(weirdValue(random, slots, allowUndefined));
      else break;
      return `add to ${path}`;
    }
    case 5:
      if (isRecord(value)) put(slot, random() < 0.5 ? Object.values(value) : [value]);
      else if (Array.isArray(value)) put(slot, ownObject(value.map((item, index) => [String(index), item] as const)));
      else if (typeof value === 'string') put(slot, Number(value));
      else if (typeof value === 'number' || typeof value === 'boolean') put(slot, String(value));
      else put(slot, {});
      return `retype ${path}`;
    case 6:
    case 7:
      if (typeof value === 'string') put(slot, damageString(random, value));
      else if (typeof value === 'number') put(slot, damageNumber(random, value));
      else break;
      return `damage ${path}`;
    case 8:
      put(slot, deepOf(random, value));
      return `nest ${path}`;
    case 9:
      put(slot, null);
      return `null ${path}`;
    case 10:
      put(slot, pick(random, [...NETWORKS, ...THEMES, 'ENCRYPTED', 'UNENCRYPTED', 'visa', 'Sky', 'OTHER ', true]));
      return `enum ${path}`;
    default: {
      // Card-level damage: ids that match a strange key, ids swapped or duplicated, cards copied over each other.
      const cards = slots.filter((candidate) => looksLikeCard(valueAt(candidate)) && !Array.isArray(candidate.parent));
      if (cards.length === 0) break;
      const target = pick(random, cards);
      const card = valueAt(target) as Record<string, unknown>;
      const parent = target.parent as Record<string, unknown>;
      const kind = randomInt(random, 5);
      if (kind === 0) {
        // A well-formed card under a key that is special to JavaScript objects.
        const key = pick(random, [...PROTOTYPE_KEYS, ...SHAPE_KEYS, '', ' ', '💳💳💳💳', '00000000', '12345678']);
        delete parent[target.key as string];
        setOwn(card, 'id', key);
        setOwn(parent, key, card);
        return `card ${path} moved to ${key}`;
      }
      if (kind === 1) {
        const other = valueAt(pick(random, cards)) as Record<string, unknown>;
        const id = card.id;
        setOwn(card, 'id', other.id);
        setOwn(other, 'id', id);
        return `ids swapped ${path}`;
      }
      if (kind === 2) {
        const key = makeCardId(random);
        const copy = copyOf(card) as Record<string, unknown>;
        if (random() < 0.7) setOwn(copy, 'id', key);
        setOwn(parent, key, copy);
        return `card ${path} copied to ${key}`;
      }
      if (kind === 3) {
        setOwn(card, 'id', weirdValue(random, slots, allowUndefined));
        return `card ${path} id replaced`;
      }
      // A field another version or client might add: a deletion flag that says something other than true, a date.
      const field = pick(random, ['deleted', 'deleted', 'modifiedAt', 'type', 'version']);
      const flag = pick(random, [false, true, null, 0, 1, 'true', 'false', '', [], {}]);
      setOwn(card, field, random() < 0.8 ? flag : weirdValue(random, slots, allowUndefined));
      return `card ${path} given ${field}`;
    }
  }
  put(slot, weirdValue(random, slots, allowUndefined));
  return `replace ${path}`;
}

/**
 * `count` random damages applied to `value` in place (it may be replaced as a whole, so use the result). Server
 * payloads may also hold `undefined`, NaN and other values that JSON text cannot.
 */
export function damage(random: Random, value: unknown, count: number, allowUndefined = false) {
  const box: Record<string, unknown> = { root: value };
  const steps: string[] = [];
  for (let step = 0; step < count; step++) steps.push(damageOnce(random, box, allowUndefined));
  return { value: box.root, steps };
}

const TEXT_LITERALS = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '-0',
  '1e999',
  '""',
  '[]',
  '{}',
  'undefined',
  'NaN',
  '{"__proto__":null}',
  '{"__proto__":{"type":"UNENCRYPTED","cards":{}}}',
  '{"type":"UNENCRYPTED","cards":{"__proto__":{}}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[object Object]',
  '\uFEFF{}',
];

/** The stored text damaged as text: cut short, random characters, a stray byte, encoded twice... */
export function damageText(random: Random, text: string): { text: string; step: string } {
  const at = randomInt(random, text.length + 1);
  switch (randomInt(random, 10)) {
    case 0:
      return { text: text.slice(0, at), step: `truncated at ${at}` };
    case 1:
      return {
        text: Array.from({ length: randomInt(random, 300) }, () =>
          String.fromCharCode(randomInt(random, 0x10000)),
        ).join(''),
        step: 'random characters',
      };
    case 2:
      return {
        text: `${text.slice(0, at)}${String.fromCharCode(randomInt(random, 0x10000))}${text.slice(at + 1)}`,
        step: `character ${at} replaced`,
      };
    case 3:
      return { text: `${text.slice(0, at)}${text.slice(at + 1 + randomInt(random, 20))}`, step: `cut at ${at}` };
    case 4:
      return { text: JSON.stringify(text), step: 'encoded twice' };
    case 5:
      return { text: `\uFEFF${text}`, step: 'byte order mark' };
    case 6:
      return { text: text + text, step: 'doubled' };
    case 7:
      return { text: text.replace(/"/g, "'"), step: 'single quotes' };
    case 8:
      return { text: `${text} ${pick(random, ['garbage', '}', ']', ',', '\u0000'])}`, step: 'trailing garbage' };
    default:
      return { text: pick(random, TEXT_LITERALS), step: 'literal' };
  }
}

// ---- writing and freezing ----

/** Beyond this many levels `toText` of a real (not Deep) value writes a marker, so it never overflows the stack. */
const TEXT_DEPTH = 200;

function exactNumber(value: number): string {
  if (Object.is(value, -0)) return '-0';
  return Number.isFinite(value) ? JSON.stringify(value) : String(value);
}

/**
 * JSON text of a damaged tree, as another client or an older version might have stored it. Real values nested deeper
 * than TEXT_DEPTH (read back from such text) are written as a marker no built value can equal. `exact` keeps what
 * JSON cannot hold (undefined, NaN, -0, Infinity) distinct, for telling whether a value is still exactly as built.
 */
export function toText(value: unknown, exact = false, depth = 0): string {
  if (depth > TEXT_DEPTH) return '"\u0000(nested deeper)"';
  if (value instanceof Deep) {
    const [open, close] = value.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
    return open.repeat(value.depth) + toText(value.inner, exact, depth + 1) + close.repeat(value.depth);
  }
  if (Array.isArray(value)) return `[${value.map((item) => toText(item, exact, depth + 1)).join(',')}]`;
  if (isRecord(value)) {
    const parts = Object.keys(value)
      .filter((key) => exact || value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${toText(value[key], exact, depth + 1)}`);
    return `{${parts.join(',')}}`;
  }
  if (exact && value === undefined) return 'undefined';
  if (exact && typeof value === 'number') return exactNumber(value);
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** The value's exact text (see toText), for comparing it with what was built. */
export const exactText = (value: unknown): string => toText(value, true);

/** The damaged tree as real values (Deep unfolded), as the server's SDK would hand them over. */
export function materialize(value: unknown): unknown {
  if (value instanceof Deep) {
    let nested = materialize(value.inner);
    for (let level = 0; level < value.depth; level++) nested = value.shape === 'array' ? [nested] : { a: nested };
    return nested;
  }
  if (Array.isArray(value)) return value.map(materialize);
  if (isRecord(value)) return ownObject(Object.keys(value).map((key) => [key, materialize(value[key])] as const));
  return value;
}

/** Freezes every object in the value, without recursion (values may be nested 100,000 deep). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const key of Object.keys(next)) stack.push((next as Record<string, unknown>)[key]);
  }
  return value;
}

/** A short, printable excerpt of a case's input for failure messages. */
export function excerpt(text: string, length = 240): string {
  const shown = JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
  return text.length > length ? `${shown} (${text.length} characters)` : shown;
}

/** A reason shown to a person: plain words, not empty, not a dump of the value. */
export function plainReasonProblem(reason: unknown): string | null {
  if (typeof reason !== 'string') return `reason is ${typeof reason}, not text`;
  if (reason.trim() === '') return 'reason is empty';
  if (reason.length > 200) return `reason is ${reason.length} characters long`;
  // A program value written out bare (quoted text the person stored is fine: 'its theme "NaN" is unknown').
  if (/(?<!")(\bundefined\b|\[object |\bNaN\b)/.test(reason)) {
    return `reason ${JSON.stringify(reason)} shows a program value`;
  }
  return null;
}

/** Case seeds spread over the 32-bit range from one base seed. */
export const caseSeed = (base: number, index: number): number => (base + Math.imul(index + 1, 0x9e3779b1)) >>> 0;
