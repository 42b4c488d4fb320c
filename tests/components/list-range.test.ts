/** Which rows of a windowed list show, and which a render must hold, from where the list starts. */
import { describe, expect, test } from 'vitest';
import {
  firstInView,
  lastInView,
  OVERSCAN_ROWS,
  rangeAround,
  rangeFromTop,
  showsRowsInView,
} from '../../src/components/list-range';

const ROW = 200;
const VIEWPORT = 900;

describe('the rows in view', () => {
  test('count a row any part of which shows, and not one that only touches an edge', () => {
    // Rows 0-3 span 100 to 900: row 4 starts exactly at the viewport's bottom edge.
    expect([firstInView(100, ROW), lastInView(100, ROW, VIEWPORT)]).toEqual([0, 3]);
    // One pixel higher and row 4 shows a pixel.
    expect(lastInView(99, ROW, VIEWPORT)).toBe(4);
    // Scrolled so that row 1 ends exactly at the viewport's top edge: it no longer shows.
    expect(firstInView(-400, ROW)).toBe(2);
    expect(firstInView(-399, ROW)).toBe(1);
  });
});

describe('a render before the list is laid out', () => {
  test('holds exactly the rows that show when the list starts where its screen said', () => {
    const range = rangeFromTop(222, ROW, VIEWPORT);
    expect(range.first).toBe(0);
    expect(range.last - OVERSCAN_ROWS).toBe(lastInView(222, ROW, VIEWPORT));
    expect(showsRowsInView({ first: 0, last: range.last - OVERSCAN_ROWS }, 222, ROW, VIEWPORT)).toBe(true);
  });

  test('holds every row that shows when the list starts lower than its screen said', () => {
    const range = rangeFromTop(150, ROW, VIEWPORT);
    for (const top of [150, 222, 400, 899]) {
      expect(showsRowsInView({ first: 0, last: range.last - OVERSCAN_ROWS }, top, ROW, VIEWPORT)).toBe(true);
    }
  });

  test('is found short, so the frame adds the rows before its paint, when the list starts higher', () => {
    // Said 450, laid out at 150: the rows in view of a render of only those miss row 3, which shows.
    const inView = { first: 0, last: rangeFromTop(450, ROW, VIEWPORT).last - OVERSCAN_ROWS };
    expect(inView.last).toBe(2);
    expect(showsRowsInView(inView, 150, ROW, VIEWPORT)).toBe(false);
  });
});

describe('a measured range', () => {
  test('holds the overscan rows each side and one row of room below the viewport', () => {
    const range = rangeAround(-1000, ROW, VIEWPORT);
    // Row 4 ends exactly at the viewport's top edge; rows 5 to 9 show, the last from 800 to 1000.
    expect([firstInView(-1000, ROW), lastInView(-1000, ROW, VIEWPORT)]).toEqual([5, 9]);
    expect(range).toEqual({ first: 5 - OVERSCAN_ROWS, last: 9 + 1 + OVERSCAN_ROWS });
  });

  test('never starts before the first row', () => {
    expect(rangeAround(300, ROW, VIEWPORT).first).toBe(0);
  });

  test('a render of its rows in view shows every row that shows, and one missing a row does not', () => {
    expect(showsRowsInView({ first: 5, last: 9 }, -1000, ROW, VIEWPORT)).toBe(true);
    expect(showsRowsInView({ first: 6, last: 9 }, -1000, ROW, VIEWPORT)).toBe(false);
    expect(showsRowsInView({ first: 5, last: 8 }, -1000, ROW, VIEWPORT)).toBe(false);
  });
});
