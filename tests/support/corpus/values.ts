/**
 * The corpus's values as trees of plain data: `Deep` for nesting too deep to write out, own properties set even
 * under `__proto__`, the places in a tree (slots) that damage picks from, and the tree written as text, unfolded or
 * frozen without recursion.
 */

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

/** A copy of a tree of plain data (own keys only, `__proto__` kept as an own key; Deep is immutable and shared). */
export function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (isRecord(value)) return ownObject(Object.keys(value).map((key) => [key, copyOf(value[key])] as const));
  return value;
}

/** One place in the tree: `parent[key]`. */
export interface Slot {
  parent: Container;
  key: string | number;
}

export const valueAt = (slot: Slot): unknown => (slot.parent as Record<string | number, unknown>)[slot.key];

export function put(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else setOwn(slot.parent, slot.key as string, value);
}

export function remove(slot: Slot): void {
  if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
  else delete slot.parent[slot.key as string];
}

/** Every place in the tree under `box.root`, the root first. */
export function slotsOf(box: Record<string, unknown>): Slot[] {
  const slots: Slot[] = [{ parent: box, key: 'root' }];
  for (let index = 0; index < slots.length && slots.length < 5_000; index++) {
    const value = valueAt(slots[index] as Slot);
    if (Array.isArray(value)) for (let key = 0; key < value.length; key++) slots.push({ parent: value, key });
    else if (isRecord(value)) for (const key of Object.keys(value)) slots.push({ parent: value, key });
  }
  return slots;
}

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
