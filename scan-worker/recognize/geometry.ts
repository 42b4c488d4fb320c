/** Points, lines and the perspective map (homography) from a flat card to the photo. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A line as one coordinate in terms of the other: `y = slope·x + offset` along 'y' (near-horizontal sides) or
 * `x = slope·y + offset` along 'x' (near-vertical ones), which keeps the fit well-conditioned for each kind of side.
 */
export interface Line {
  along: 'x' | 'y';
  slope: number;
  offset: number;
}

/**
 * Least squares through the points, fitted twice: the second fit leaves out points far from the first (a shadow, a
 * finger, a glare spot notched into the outline).
 */
export function fitLine(points: Point[], along: 'x' | 'y'): Line | null {
  const first = leastSquares(points, along);
  if (!first) return null;
  const residual = (p: Point): number =>
    Math.abs((along === 'y' ? p.y : p.x) - (first.slope * (along === 'y' ? p.x : p.y) + first.offset));
  const sorted = points.map(residual).sort((a, b) => a - b);
  const limit = Math.max(1.5, (sorted[Math.floor(sorted.length * 0.5)] ?? 0) * 3);
  return leastSquares(
    points.filter((p) => residual(p) <= limit),
    along,
  );
}

function leastSquares(points: Point[], along: 'x' | 'y'): Line | null {
  if (points.length < 2) return null;
  let su = 0;
  let sv = 0;
  let suu = 0;
  let suv = 0;
  for (const p of points) {
    const u = along === 'y' ? p.x : p.y;
    const v = along === 'y' ? p.y : p.x;
    su += u;
    sv += v;
    suu += u * u;
    suv += u * v;
  }
  const n = points.length;
  const det = n * suu - su * su;
  if (Math.abs(det) < 1e-9) return null;
  const slope = (n * suv - su * sv) / det;
  return { along, slope, offset: (sv - slope * su) / n };
}

/** Where two lines cross, or null when they are (nearly) parallel. */
export function intersect(a: Line, b: Line): Point | null {
  // Each line as p·x + q·y = r.
  const coefficients = (line: Line): [number, number, number] =>
    line.along === 'y' ? [-line.slope, 1, line.offset] : [1, -line.slope, line.offset];
  const [a1, b1, c1] = coefficients(a);
  const [a2, b2, c2] = coefficients(b);
  const det = a1 * b2 - a2 * b1;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (c1 * b2 - c2 * b1) / det, y: (a1 * c2 - a2 * c1) / det };
}

/** A 3×3 perspective map, row-major, with its last entry 1. */
export type Homography = readonly number[];

/**
 * The map taking the unit corners of a `width`×`height` rectangle (top-left, top-right, bottom-right, bottom-left)
 * to the four `to` points: eight equations, solved by Gaussian elimination with partial pivoting.
 */
export function rectangleTo(width: number, height: number, to: readonly Point[]): Homography | null {
  const from: Point[] = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const rows: number[][] = [];
  from.forEach((f, index) => {
    const t = to[index] ?? { x: 0, y: 0 };
    rows.push([f.x, f.y, 1, 0, 0, 0, -f.x * t.x, -f.y * t.x, t.x]);
    rows.push([0, 0, 0, f.x, f.y, 1, -f.x * t.y, -f.y * t.y, t.y]);
  });
  const solution = solve(rows);
  return solution ? [...solution, 1] : null;
}

function solve(rows: number[][]): number[] | null {
  const n = rows.length;
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) {
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    }
    const pivotRow = rows[pivot];
    const current = rows[column];
    if (!pivotRow || !current || Math.abs(pivotRow[column] ?? 0) < 1e-12) return null;
    rows[pivot] = current;
    rows[column] = pivotRow;
    for (let row = 0; row < n; row += 1) {
      const target = rows[row];
      if (row === column || !target) continue;
      const factor = (target[column] ?? 0) / (pivotRow[column] ?? 1);
      for (let k = column; k <= n; k += 1) target[k] = (target[k] ?? 0) - factor * (pivotRow[k] ?? 0);
    }
  }
  return rows.map((row, index) => (row[n] ?? 0) / (row[index] ?? 1));
}

/** Where the homography takes (x, y). */
export function mapPoint(h: Homography, x: number, y: number): Point {
  const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + (h[8] ?? 1);
  return {
    x: ((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w,
    y: ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w,
  };
}
