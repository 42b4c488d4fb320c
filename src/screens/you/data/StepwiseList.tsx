/**
 * A long list of rows shown a hundred at a time. An import can preview ten thousand cards: rendered at once, their
 * rows held the page still for over a second before anything showed. 'Show more' adds the next hundred and moves
 * focus to the first of them, so a keyboard or screen reader user carries on reading where the list grew.
 */
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

/** Rows shown at first, and added by each 'Show more'. */
export const ROWS_PER_STEP = 100;

export const StepwiseTexts = {
  more: (next: number, hidden: number) =>
    `Show ${next.toLocaleString('en')} more (${hidden.toLocaleString('en')} not shown yet)`,
} as const;

export interface StepwiseListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  children: (item: T) => ReactNode;
}

export function StepwiseList<T>({ items, keyOf, children }: StepwiseListProps<T>) {
  const [shown, setShown] = useState(ROWS_PER_STEP);
  /** The first row the last 'Show more' added, which takes focus once it is there. */
  const [firstNew, setFirstNew] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const hidden = Math.max(0, items.length - shown);

  useEffect(() => {
    if (firstNew === null) return;
    const row = list.current?.children.item(firstNew);
    if (row instanceof HTMLElement) row.focus();
  }, [firstNew]);

  return (
    <>
      <ul ref={list} className="row-list transfer-rows">
        {items.slice(0, shown).map((item) => (
          <li key={keyOf(item)} className="transfer-row" tabIndex={-1}>
            {children(item)}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className="button transfer-more"
          onClick={() => {
            setFirstNew(shown);
            setShown(shown + ROWS_PER_STEP);
          }}
        >
          {StepwiseTexts.more(Math.min(ROWS_PER_STEP, hidden), hidden)}
        </button>
      )}
    </>
  );
}
