/**
 * A long list's first render: only the rows that can show below what its screen puts above it, the others a moment
 * later.
 */
import { useLayoutEffect, useRef } from 'react';
import { expect, test } from 'vitest';
import { OVERSCAN_ROWS } from '../../src/components/list-range';
import { WindowedList } from '../../src/components/WindowedList';
import { renderComponent } from '../support/render';

const ROW_HEIGHT = 100;
const items = Array.from({ length: 200 }, (_, index) => `Row ${index}`);

/** The rows the page shows, by their place in the list. */
function shownRows(): number[] {
  const rows = Array.from(document.querySelectorAll<HTMLLIElement>('li.row-list-item'));
  return rows
    .filter((row) => !row.hidden)
    .map((row) => Number(row.getAttribute('aria-posinset')) - 1)
    .sort((a, b) => a - b);
}

/** The rows any part of which is in the viewport, from where the list is laid out. */
function rowsInView(): number[] {
  const top = document.querySelector('ul.row-list')?.getBoundingClientRect().top ?? 0;
  const rows: number[] = [];
  for (let index = 0; top + index * ROW_HEIGHT < window.innerHeight; index++) {
    if (top + (index + 1) * ROW_HEIGHT > 0) rows.push(index);
  }
  return rows;
}

/** Hands over the rows of the list's first render as it is committed: a later sibling's layout effect runs after the list's. */
function FirstCommit({ seen }: { seen: (shown: number[]) => void }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (!done.current) seen(shownRows());
    done.current = true;
  }, [seen]);
  return null;
}

test('renders first only the rows that can show below what its screen puts above it, the rest a moment later', async () => {
  window.scrollTo(0, 0);
  let first: number[] = [];
  await renderComponent(
    <>
      <div style={{ height: 300 }} />
      <WindowedList
        items={items}
        rowHeight={ROW_HEIGHT}
        topAtLeast={300}
        label="Rows"
        getKey={(item) => item}
        renderItem={(item) => <p style={{ margin: 0 }}>{item}</p>}
      />
      <FirstCommit
        seen={(shown) => {
          first = shown;
        }}
      />
    </>,
  );
  const inView = rowsInView();
  expect(inView.length).toBeGreaterThan(1);
  expect(first).toEqual(inView);
  // Then the overscan rows, and one row of room below the viewport.
  await expect.poll(() => shownRows().length).toBe(inView.length + OVERSCAN_ROWS + 1);
});
