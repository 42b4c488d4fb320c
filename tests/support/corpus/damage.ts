/**
 * Damage to built values, the ways storage, other clients, hand edits and broken disks make it: to the tree
 * (`damage`: values replaced, removed, renamed, retyped, nested, cards moved and swapped) and to the stored text
 * (`damageText`). Every choice comes from the seed, so a failing case is reproduced from its seed alone.
 */
import { NETWORKS, THEMES } from '../../../src/domain/card';
import { makeCardId, pick, type Random, randomInt } from '../seeded';
import { copyOf, isRecord, ownObject, put, remove, setOwn, slotsOf, valueAt } from './values';
import { deepOf, PROTOTYPE_KEYS, SHAPE_KEYS, WEIRD_NUMBERS, weirdKey, weirdValue } from './weird';

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
