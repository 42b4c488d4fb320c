/**
 * Where the card is in a photo: its four corners. The card is told from the desk by colour: the frame's border is
 * taken to be desk (the scanner's guide asks for the card in the middle), every pixel far enough from the border's
 * colours is card, and the largest connected blob of those is the card. Its four sides are fitted as straight lines
 * through the blob's outline away from the rounded corners, and the corners are where those lines cross, so a tilt,
 * a perspective and rounded corners all give the printed card's true corners.
 */
import { fitLine, intersect, type Line, type Point } from './geometry';

/** Top-left, top-right, bottom-right, bottom-left, in the image's pixels. */
export type Quad = readonly [Point, Point, Point, Point];

/** The analysis width: enough to place the edges within a pixel or two of the full frame, cheap on a phone. */
const SMALL_WIDTH = 240;
/** The border taken as desk, as a share of the small image's sides. */
const RING = 0.04;
/** ID-1 cards are 85.60 × 53.98 mm; a perspective of ±14° stays well inside this range. */
const MIN_ASPECT = 1.25;
const MAX_ASPECT = 1.95;

interface Small {
  width: number;
  height: number;
  /** RGB triples, each the mean of a block of the full image (the averaging also smooths the desk's texture). */
  rgb: Float32Array;
  scale: number;
}

function shrink(image: ImageData): Small {
  const scale = Math.max(1, image.width / SMALL_WIDTH);
  const width = Math.floor(image.width / scale);
  const height = Math.floor(image.height / scale);
  const rgb = new Float32Array(width * height * 3);
  const block = Math.max(1, Math.floor(scale));
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      const x0 = Math.floor(column * scale);
      const y0 = Math.floor(row * scale);
      for (let dy = 0; dy < block; dy += 1) {
        for (let dx = 0; dx < block; dx += 1) {
          const at = ((y0 + dy) * image.width + x0 + dx) * 4;
          r += image.data[at] ?? 0;
          g += image.data[at + 1] ?? 0;
          b += image.data[at + 2] ?? 0;
        }
      }
      const n = block * block;
      const at = (row * width + column) * 3;
      rgb[at] = r / n;
      rgb[at + 1] = g / n;
      rgb[at + 2] = b / n;
    }
  }
  return { width, height, rgb, scale };
}

/** The border pixels' colours, for the desk model. */
function ringColours(small: Small): number[][] {
  const ring = Math.max(2, Math.round(Math.min(small.width, small.height) * RING));
  const colours: number[][] = [];
  for (let row = 0; row < small.height; row += 1) {
    for (let column = 0; column < small.width; column += 1) {
      const inRing = row < ring || column < ring || row >= small.height - ring || column >= small.width - ring;
      if (!inRing) continue;
      const at = (row * small.width + column) * 3;
      colours.push([small.rgb[at] ?? 0, small.rgb[at + 1] ?? 0, small.rgb[at + 2] ?? 0]);
    }
  }
  return colours;
}

/**
 * Each pixel's distance to the nearest of a few desk colours (the ring's colours clustered), so a striped or
 * two-toned desk is not mistaken for the card.
 */
function deskDistance(small: Small): Float32Array {
  const colours = ringColours(small);
  const centres: number[][] = [];
  // A handful of spread samples as centres, refined by a few k-means rounds.
  for (let k = 0; k < 4; k += 1)
    centres.push([...(colours[Math.floor(((k + 0.5) * colours.length) / 4)] ?? [0, 0, 0])]);
  for (let round = 0; round < 5; round += 1) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const colour of colours) {
      const nearest = nearestCentre(centres, colour[0] ?? 0, colour[1] ?? 0, colour[2] ?? 0).index;
      const sum = sums[nearest];
      if (!sum) continue;
      sum[0] = (sum[0] ?? 0) + (colour[0] ?? 0);
      sum[1] = (sum[1] ?? 0) + (colour[1] ?? 0);
      sum[2] = (sum[2] ?? 0) + (colour[2] ?? 0);
      sum[3] = (sum[3] ?? 0) + 1;
    }
    sums.forEach((sum, index) => {
      const n = sum[3] ?? 0;
      if (n > 0) centres[index] = [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
    });
  }
  const distance = new Float32Array(small.width * small.height);
  for (let index = 0; index < distance.length; index += 1) {
    const at = index * 3;
    distance[index] = nearestCentre(
      centres,
      small.rgb[at] ?? 0,
      small.rgb[at + 1] ?? 0,
      small.rgb[at + 2] ?? 0,
    ).distance;
  }
  return distance;
}

function nearestCentre(centres: number[][], r: number, g: number, b: number): { index: number; distance: number } {
  let best = { index: 0, distance: Number.POSITIVE_INFINITY };
  centres.forEach((centre, index) => {
    const distance = Math.hypot(r - (centre[0] ?? 0), g - (centre[1] ?? 0), b - (centre[2] ?? 0));
    if (distance < best.distance) best = { index, distance };
  });
  return best;
}

/** The largest 4-connected blob of `mask`, as a mask of its own, and its size. */
function largestBlob(mask: Uint8Array, width: number): { blob: Uint8Array; size: number } {
  const label = new Int32Array(mask.length);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start += 1) {
    if (!mask[start] || label[start]) continue;
    next += 1;
    label[start] = next;
    stack.push(start);
    let size = 0;
    while (stack.length > 0) {
      const at = stack.pop() ?? 0;
      size += 1;
      const x = at % width;
      const neighbours = [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width];
      for (const n of neighbours) {
        if (n < 0 || n >= mask.length || !mask[n] || label[n]) continue;
        label[n] = next;
        stack.push(n);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  const blob = new Uint8Array(mask.length);
  for (let index = 0; index < mask.length; index += 1) blob[index] = label[index] === bestLabel && bestLabel ? 1 : 0;
  return { blob, size: bestSize };
}

/** The four sides of a blob as lines fitted through its outline's middle stretch (away from rounded corners). */
function blobSides(blob: Uint8Array, width: number, height: number): Line[] | null {
  const rows: { y: number; left: number; right: number }[] = [];
  const columns: { x: number; top: number; bottom: number }[] = [];
  for (let y = 0; y < height; y += 1) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x += 1) {
      if (!blob[y * width + x]) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) rows.push({ y, left, right });
  }
  for (let x = 0; x < width; x += 1) {
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < height; y += 1) {
      if (!blob[y * width + x]) continue;
      if (top < 0) top = y;
      bottom = y;
    }
    if (top >= 0) columns.push({ x, top, bottom });
  }
  if (rows.length < 8 || columns.length < 8) return null;
  // The middle 60 % of each side: rounded corners and the shadow's soft ends stay out of the fit.
  const middle = <T>(list: T[]): T[] => list.slice(Math.floor(list.length * 0.2), Math.ceil(list.length * 0.8));
  const midRows = middle(rows);
  const midColumns = middle(columns);
  // Pixel centres: a blob pixel at x covers x..x+1.
  const top = fitLine(
    midColumns.map((c) => ({ x: c.x + 0.5, y: c.top })),
    'y',
  );
  const bottom = fitLine(
    midColumns.map((c) => ({ x: c.x + 0.5, y: c.bottom + 1 })),
    'y',
  );
  const left = fitLine(
    midRows.map((r) => ({ x: r.left, y: r.y + 0.5 })),
    'x',
  );
  const right = fitLine(
    midRows.map((r) => ({ x: r.right + 1, y: r.y + 0.5 })),
    'x',
  );
  return top && right && bottom && left ? [top, right, bottom, left] : null;
}

/** The card's corners in `image`, or null when no card-shaped blob stands out from the desk. */
export function findCard(image: ImageData): Quad | null {
  const small = shrink(image);
  const distance = deskDistance(small);
  // The desk's own spread (texture, noise, glare) sets the bar: card pixels must stand clearly above it.
  const ring = Math.max(2, Math.round(Math.min(small.width, small.height) * RING));
  const ringDistances: number[] = [];
  for (let row = 0; row < small.height; row += 1) {
    for (let column = 0; column < small.width; column += 1) {
      if (row < ring || column < ring || row >= small.height - ring || column >= small.width - ring) {
        ringDistances.push(distance[row * small.width + column] ?? 0);
      }
    }
  }
  ringDistances.sort((a, b) => a - b);
  const spread = ringDistances[Math.floor(ringDistances.length * 0.97)] ?? 0;
  const bar = Math.max(18, spread * 1.5 + 6);
  const mask = new Uint8Array(distance.length);
  for (let index = 0; index < mask.length; index += 1) mask[index] = (distance[index] ?? 0) > bar ? 1 : 0;
  const { blob, size } = largestBlob(mask, small.width);
  if (size < small.width * small.height * 0.12) return null;
  const sides = blobSides(blob, small.width, small.height);
  if (!sides) return null;
  const [top, right, bottom, left] = sides as [Line, Line, Line, Line];
  const corners = [intersect(top, left), intersect(top, right), intersect(bottom, right), intersect(bottom, left)];
  if (corners.some((corner) => corner === null)) return null;
  const quad = corners.map((corner) => ({ x: (corner?.x ?? 0) * small.scale, y: (corner?.y ?? 0) * small.scale }));
  const [tl, tr, br, bl] = quad as [Point, Point, Point, Point];
  const across = (Math.hypot(tr.x - tl.x, tr.y - tl.y) + Math.hypot(br.x - bl.x, br.y - bl.y)) / 2;
  const down = (Math.hypot(bl.x - tl.x, bl.y - tl.y) + Math.hypot(br.x - tr.x, br.y - tr.y)) / 2;
  const aspect = across / Math.max(1, down);
  // A portrait card (held upright, its number stacked one group to a line) is as long down as a landscape one across.
  const landscape = aspect >= MIN_ASPECT && aspect <= MAX_ASPECT;
  const portrait = 1 / aspect >= MIN_ASPECT && 1 / aspect <= MAX_ASPECT;
  return landscape || portrait ? [tl, tr, br, bl] : null;
}

/** Whether a card's corners are those of a card standing upright: its sides down longer than across. */
export function isPortrait(quad: Quad): boolean {
  const [tl, tr, br, bl] = quad;
  const across = Math.hypot(tr.x - tl.x, tr.y - tl.y) + Math.hypot(br.x - bl.x, br.y - bl.y);
  const down = Math.hypot(bl.x - tl.x, bl.y - tl.y) + Math.hypot(br.x - tr.x, br.y - tr.y);
  return down > across;
}

/** Where the scanner's guide frames a card when none is found: centred, 86 % of the frame's width. */
export function guideQuad(width: number, height: number): Quad {
  const w = width * 0.86;
  const h = w / 1.586;
  const x = (width - w) / 2;
  const y = (height - h) / 2;
  return [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
}
