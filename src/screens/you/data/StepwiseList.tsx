/**
 * A long list of rows shown a hundred at a time. An import can preview ten thousand cards: rendered at once, their
 * rows held the page still for over a second before anything showed. 'Show more' adds the next hundred and moves
 * focus to the first of them, so a keyboard or screen reader user carries on reading where the list grew.
 *
 * Even a hundred rows are a long task on a slow phone if laid out at once: a row out of view is neither laid out nor
 * painted until it nears the screen (content-visibility), and all but the first twenty of them, like each next
 * hundred, render as a transition, in slices.
 */
import type { CSSProperties, ReactNode } from 'react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { groupThousands } from '../../../domain/counts';

/** Rows shown at first, and added by each 'Show more'. */
export const ROWS_PER_STEP = 100;

/** Rows in the list's first render; the rest of the first hundred follow as a transition. */
const FIRST_ROWS = 20;

export const StepwiseTexts = {
  more: (next: number, hidden: number) => `Show ${groupThousands(next)} more (${groupThousands(hidden)} not shown yet)`,
} as const;

/** Skipped while out of view; until first laid out, a row takes the height of a row with a note. */
const ROW_STYLE: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 4.5rem' };

export interface StepwiseListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  children: (item: T) => ReactNode;
}

export function StepwiseList<T>({ items, keyOf, children }: StepwiseListProps<T>) {
  const [shown, setShown] = useState(ROWS_PER_STEP);
  /** The first row the last 'Show more' added, which takes focus once it is there. */
  const [firstNew, setFirstNew] = useState<number | null>(null);
  /** Only the first rows are rendered yet: the list has just appeared. */
  const [starting, setStarting] = useState(true);
  const list = useRef<HTMLUListElement>(null);
  const hidden = Math.max(0, items.length - shown);

  useEffect(() => {
    if (starting) startTransition(() => setStarting(false));
  }, [starting]);

  useEffect(() => {
    if (firstNew === null) return;
    const row = list.current?.children.item(firstNew);
    if (row instanceof HTMLElement) row.focus();
  }, [firstNew]);

  return (
    <>
      <ul ref={list} className="row-list transfer-rows">
        {items.slice(0, starting ? Math.min(shown, FIRST_ROWS) : shown).map((item) => (
          <li key={keyOf(item)} className="transfer-row" tabIndex={-1} style={ROW_STYLE}>
            {children(item)}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className="button transfer-more"
          onClick={() =>
            startTransition(() => {
              setFirstNew(shown);
              setShown(shown + ROWS_PER_STEP);
            })
          }
        >
          {StepwiseTexts.more(Math.min(ROWS_PER_STEP, hidden), hidden)}
        </button>
      )}
    </>
  );
}
