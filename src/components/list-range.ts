/**
 * Which rows of a windowed list (WindowedList.tsx) show, from where the list starts: pure arithmetic over its top (in
 * pixels from the viewport's top, negative once scrolled past), the rows' fixed height and the viewport's height.
 */

/** The rows from `first` to `last`, both included. */
export interface Range {
  first: number;
  last: number;
}

/** Rows rendered beyond each edge of the viewport, so a scroll finds the next rows already there. */
export const OVERSCAN_ROWS = 4;

/**
 * Rows kept below the viewport's edge beyond those that show, in a render of the rows in view: room for the list
 * moving up as a search's summary goes away (which no scroll event reports).
 */
export const ROOM_BELOW = 1;

/** The first row any part of which shows. */
export const firstInView = (top: number, rowHeight: number): number => Math.max(0, Math.floor(-top / rowHeight));

/** The last row any part of which shows. */
export const lastInView = (top: number, rowHeight: number, viewportHeight: number): number =>
  Math.ceil((viewportHeight - top) / rowHeight) - 1;

/**
 * The rows to render once the list is laid out: those that show, the room below them and the overscan rows.
 * Independent of how many items there are, so a search that changes the items needs no new measurement.
 */
export function rangeAround(top: number, rowHeight: number, viewportHeight: number): Range {
  return {
    first: Math.max(0, firstInView(top, rowHeight) - OVERSCAN_ROWS),
    last: lastInView(top, rowHeight, viewportHeight) + ROOM_BELOW + OVERSCAN_ROWS,
  };
}

/**
 * Before the list is laid out: the rows that would show if it started as high as it can, `topAtLeast` below the
 * page's top, and the overscan rows. It starts there or lower, so this holds every row that shows; the first frame's
 * measure adds the room below (`rangeAround`) after the paint.
 */
export const rangeFromTop = (topAtLeast: number, rowHeight: number, viewportHeight: number): Range => ({
  first: 0,
  last: lastInView(topAtLeast, rowHeight, viewportHeight) + OVERSCAN_ROWS,
});

/** Whether the rows `shown` include every row that shows. */
export const showsRowsInView = (shown: Range, top: number, rowHeight: number, viewportHeight: number): boolean =>
  shown.first <= firstInView(top, rowHeight) && shown.last >= lastInView(top, rowHeight, viewportHeight);

export const sameRange = (a: Range, b: Range): boolean => a.first === b.first && a.last === b.last;

export const overlap = (a: Range, b: Range): Range => ({
  first: Math.max(a.first, b.first),
  last: Math.min(a.last, b.last),
});
