/**
 * A list that renders only the rows near the viewport once it is long (fixed row height, page scroll). Short
 * lists render every row, which keeps them simple for find-in-page and assistive technology alike.
 *
 * Keyboard: focusing a row scrolls it into view, which renders the overscan rows after it, so Tab always finds
 * the next row already in the page.
 *
 * Rows are keyed by slot (row-slots.ts), not by item: when the items shown change, a row given up is handed to an
 * item coming in, so a search keystroke updates a few rows' text instead of building new rows. And when they change,
 * or the list first appears, the rows in view are rendered first and the others a task later, so every row is in the
 * page a moment after.
 */
import type { ReactNode } from 'react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  lastInView,
  OVERSCAN_ROWS,
  overlap,
  type Range,
  ROOM_BELOW,
  rangeAround,
  rangeFromTop,
  sameRange,
  showsRowsInView,
} from './list-range';
import { assignSlots, type Slots } from './row-slots';
import { arrivingPlace, knownScrollY } from './scroll-position';

/** Above this many rows only the visible ones (plus overscan) are rendered. */
export const WINDOWING_THRESHOLD = 50;

export interface WindowedListProps<T> {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  /**
   * How far below the page's top the list starts at the least, in CSS pixels: the screen's own header and controls
   * above it. On arrival, before anything is laid out, the rows this puts below the viewport are left for a later
   * task. Too large a value costs only a render in the frame, whose measure finds the rows missing before the paint.
   */
  topAtLeast?: number;
}

/** Where the list starts, from the viewport's top (negative once scrolled past): asks for the page's layout. */
const topOf = (list: HTMLElement): number => list.getBoundingClientRect().top;

/**
 * Each list's rows when its screen was last left (by the list's label), with the page's offset then. A return to
 * that place (a card's Back link to Home's full list) renders those rows from the first: rendering the top rows
 * instead, to replace them with the right ones in the frame that scrolls there, was most of that frame's script.
 */
const leftWith = new Map<string, { scrollY: number; range: Range }>();

/**
 * The rows to render first: those left at the place a return goes back to, or those from the top (measuring instead
 * would force the whole new page's layout inside the render that mounts it).
 */
function rangeOnArrival(label: string, rowHeight: number, topAtLeast: number): Range {
  const place = arrivingPlace();
  const left = leftWith.get(label);
  return place > 0 && left?.scrollY === place ? left.range : rangeFromTop(topAtLeast, rowHeight, window.innerHeight);
}

/**
 * The rows on the page: their items' keys in the page's order, the slot each is in (row-slots.ts) and its item, and
 * the items they were all rendered for (as against only those in view, below).
 */
interface Placed<T> {
  item: T;
  index: number;
  size: number;
  windowed: boolean;
}

interface Committed<T> {
  keys: readonly string[];
  slots: Slots;
  /** By slot: the item each row shows and how it was placed (as `Placed`). */
  rows: ReadonlyMap<number, Placed<T>>;
  complete: readonly T[] | null;
}

/**
 * The rows in view, of those `range` holds: its overscan rows aside (a measured range's end already holds the room
 * below the viewport, `ROOM_BELOW`). A short list renders every row, so its range is from the page's scroll position
 * alone, the list starting somewhere below the page's top, with the same room.
 */
function inView(windowed: boolean, range: Range, rowHeight: number): Range {
  if (!windowed) return { first: 0, last: lastInView(-knownScrollY(), rowHeight, window.innerHeight) + ROOM_BELOW };
  return { first: range.first === 0 ? 0 : range.first + OVERSCAN_ROWS, last: range.last - OVERSCAN_ROWS };
}

/** The key of the row holding the focus, from the rows' order on the page (one element per row, in `keys` order). */
function focusedKey(list: HTMLUListElement | null, keys: readonly string[]): string | undefined {
  const active = document.activeElement;
  if (!list || !active || !list.contains(active)) return undefined;
  const rows = list.children;
  for (let index = 0; index < rows.length; index++) {
    if (rows[index]?.contains(active)) return keys[index];
  }
  return undefined;
}

export function WindowedList<T>({ items, rowHeight, getKey, renderItem, label, topAtLeast = 0 }: WindowedListProps<T>) {
  const windowed = items.length > WINDOWING_THRESHOLD;
  const list = useRef<HTMLUListElement>(null);
  const [range, setRange] = useState<Range>(() => rangeOnArrival(label, rowHeight, topAtLeast));
  const committed = useRef<Committed<T>>({ keys: [], slots: new Map(), rows: new Map(), complete: null });
  // The items whose every row may now be rendered, after a render of only those in view. None at first: the list's
  // first render shares its task with the whole screen's (Home's, straight after an unlock), so it holds only the
  // rows in view, not the overscan rows below them.
  const [completeFor, setCompleteFor] = useState<readonly T[] | null>(null);

  // The range rendered now, and the rows of it on the page (only those in view, in a render of only those), for the
  // frame callbacks below.
  const rendered = useRef({ range, rows: range });
  // Where the page was when the list left it: its screen's Back link may bring it back there.
  useLayoutEffect(
    () => () => {
      leftWith.set(label, { scrollY: knownScrollY(), range: rendered.current.range });
    },
    [label],
  );

  // Follows scrolling and resizing, measuring in the frame (where the layout is done anyway, not in the render that
  // mounts the list). When rows that are in view are missing, as after a fast scroll or a restored position, they
  // are rendered in that same frame, before its paint; otherwise the range catches up after it.
  useLayoutEffect(() => {
    const element = list.current;
    if (!windowed || !element) return;
    const measure = () => {
      const top = topOf(element);
      const next = rangeAround(top, rowHeight, window.innerHeight);
      if (sameRange(next, rendered.current.range)) return;
      const apply = () => setRange(next);
      if (showsRowsInView(rendered.current.rows, top, rowHeight, window.innerHeight)) apply();
      else flushSync(apply);
    };
    // In a layout effect an update renders before the paint anyway.
    if (knownScrollY() > 0) setRange(rangeAround(topOf(element), rowHeight, window.innerHeight));
    let frame = requestAnimationFrame(measure);
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [windowed, rowHeight]);

  // Fewer items (a search while scrolled far down) can end the list inside the range, and the page then scrolls up
  // to the list's new end: after such a render, measure before the paint rather than show an empty stretch first.
  const endsInRange = windowed && range.last >= items.length;
  useLayoutEffect(() => {
    const element = list.current;
    if (!endsInRange || !element) return;
    const next = rangeAround(topOf(element), rowHeight, window.innerHeight);
    setRange((old) => (sameRange(old, next) ? old : next));
  });

  // When the items change (a keystroke in a search), only the rows in view are rendered in that task; the rest of
  // the range follows in a task of its own, so a slow phone shows what changed sooner and never in one long task.
  // Not while a row has the focus: its row stays as it is.
  const focused = focusedKey(list.current, committed.current.keys);
  const view =
    items !== completeFor && items !== committed.current.complete && focused === undefined
      ? inView(windowed, range, rowHeight)
      : null;
  const first = windowed ? range.first : 0;
  const end = windowed ? Math.min(range.last + 1, items.length) : items.length;
  // Out of view, a row that needs building or new text waits; one already showing its item stays.
  const keys: string[] = [];
  const indexes: number[] = [];
  let inViewOnly = false;
  for (let index = first; index < end; index++) {
    const key = getKey(items[index] as T);
    if (view && (index < view.first || index > view.last) && !committed.current.slots.has(key)) {
      inViewOnly = true;
      continue;
    }
    keys.push(key);
    indexes.push(index);
  }
  // Read from what is on the page, never changed here: a render React throws away leaves no trace.
  const slots = assignSlots(keys, committed.current.slots, focused);
  const placed = new Map<number, Placed<T>>();
  const row = (slot: number, { item, index, size, windowed: inWindow }: Placed<T>, hidden?: true): ReactNode =>
    inWindow ? (
      <li
        key={slot}
        className="row-list-item row-list-item-windowed"
        hidden={hidden}
        // The total and position tell assistive technology how long the whole list is.
        aria-setsize={size}
        aria-posinset={index + 1}
        style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
      >
        {renderItem(item)}
      </li>
    ) : (
      <li key={slot} className="row-list-item" hidden={hidden} style={{ height: rowHeight }}>
        {renderItem(item)}
      </li>
    );

  const rows: ReactNode[] = [];
  for (const [at, index] of indexes.entries()) {
    const slot = slots.get(keys[at] as string) as number;
    const where = { item: items[index] as T, index, size: items.length, windowed };
    placed.set(slot, where);
    rows.push(row(slot, where));
  }
  // Rendering only the rows in view, the rows given up stay in the page, hidden and otherwise as they were, for the
  // rest of the range to take over in the next task rather than build anew.
  const pageSlots = new Map(slots);
  if (inViewOnly) {
    for (const [key, slot] of committed.current.slots) {
      const was = committed.current.rows.get(slot);
      if (placed.has(slot) || was === undefined) continue;
      keys.push(key);
      pageSlots.set(key, slot);
      placed.set(slot, was);
      rows.push(row(slot, was, true));
    }
  }
  useLayoutEffect(() => {
    const complete = inViewOnly ? committed.current.complete : items;
    committed.current = { keys, slots: pageSlots, rows: placed, complete };
    rendered.current = { range, rows: inViewOnly && view ? overlap(range, view) : range };
  });
  useEffect(() => {
    if (inViewOnly) startTransition(() => setCompleteFor(items));
  }, [inViewOnly, items]);

  return (
    <ul
      ref={list}
      className={windowed ? 'row-list row-list-windowed' : 'row-list'}
      aria-label={label}
      style={windowed ? { height: items.length * rowHeight } : undefined}
    >
      {rows}
    </ul>
  );
}
