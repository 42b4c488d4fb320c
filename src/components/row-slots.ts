/**
 * Which element shows which row. A list keyed by its items' own keys throws away every row's elements and builds
 * new ones whenever the rows shown change, as they do on each keystroke of a search: most of that keystroke's work
 * on a slow phone. Here each shown item gets a slot (the React key of its row): an item still shown keeps its slot,
 * so its elements (and the focus in them) stay its own, and an item newly shown takes over the slot of one no longer
 * shown, so its row is the old row's elements with new text rather than new elements.
 */

/** Item key → slot number, for the rows last put on the page. */
export type Slots = ReadonlyMap<string, number>;

/**
 * The slots for `keys` (the items to show, in order), given those of the rows on the page now. `keep`, when given,
 * is the key of a row that must not be handed to another item (the one holding the focus): if its item is no longer
 * shown, its row goes, as it would without slots, rather than quietly show another card under the focus.
 */
export function assignSlots(keys: readonly string[], previous: Slots, keep?: string): Map<string, number> {
  const next = new Map<string, number>();
  const used = new Set<number>();
  for (const key of keys) {
    const slot = previous.get(key);
    if (slot !== undefined && !next.has(key)) {
      next.set(key, slot);
      used.add(slot);
    }
  }
  // The slots given up, lowest first so the same rows are handed on in the same order each time.
  const free: number[] = [];
  let highest = -1;
  for (const [key, slot] of previous) {
    highest = Math.max(highest, slot);
    if (!used.has(slot) && key !== keep) free.push(slot);
  }
  free.sort((a, b) => a - b);
  let reused = 0;
  for (const key of keys) {
    if (next.has(key)) continue;
    const slot = reused < free.length ? (free[reused++] as number) : ++highest;
    next.set(key, slot);
  }
  return next;
}
