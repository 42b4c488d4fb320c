/**
 * A list that renders only the rows near the viewport once it is long (fixed row height, page scroll). Short
 * lists render every row, which keeps them simple for find-in-page and assistive technology alike.
 *
 * Keyboard: focusing a row scrolls it into view, which renders the overscan rows after it, so Tab always finds
 * the next row already in the page.
 */
import type { ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

/** Above this many rows only the visible ones (plus overscan) are rendered. */
export const WINDOWING_THRESHOLD = 50;
export const OVERSCAN_ROWS = 4;

export interface WindowedListProps<T> {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
}

interface Range {
  first: number;
  last: number;
}

function visibleRange(list: HTMLElement, count: number, rowHeight: number): Range {
  const top = list.getBoundingClientRect().top; // relative to the viewport: negative once scrolled past
  const first = Math.floor(-top / rowHeight) - OVERSCAN_ROWS;
  const last = Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN_ROWS;
  return { first: Math.max(0, first), last: Math.min(count - 1, last) };
}

export function WindowedList<T>({ items, rowHeight, getKey, renderItem, label }: WindowedListProps<T>) {
  const windowed = items.length > WINDOWING_THRESHOLD;
  const list = useRef<HTMLUListElement>(null);
  const [range, setRange] = useState<Range>({ first: 0, last: Math.min(items.length - 1, 20) });

  useLayoutEffect(() => {
    const element = list.current;
    if (!windowed || !element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = visibleRange(element, items.length, rowHeight);
        setRange((old) => (old.first === next.first && old.last === next.last ? old : next));
      });
    };
    setRange(visibleRange(element, items.length, rowHeight));
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [windowed, items.length, rowHeight]);

  if (!windowed) {
    return (
      <ul className="row-list" aria-label={label}>
        {items.map((item) => (
          <li key={getKey(item)} className="row-list-item" style={{ height: rowHeight }}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
    );
  }

  const rows: ReactNode[] = [];
  for (let index = range.first; index <= range.last && index < items.length; index++) {
    const item = items[index] as T;
    rows.push(
      <li
        key={getKey(item)}
        className="row-list-item row-list-item-windowed"
        // The total and position tell assistive technology how long the whole list is.
        aria-setsize={items.length}
        aria-posinset={index + 1}
        style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
      >
        {renderItem(item)}
      </li>,
    );
  }
  return (
    <ul
      ref={list}
      className="row-list row-list-windowed"
      aria-label={label}
      style={{ height: items.length * rowHeight }}
    >
      {rows}
    </ul>
  );
}
