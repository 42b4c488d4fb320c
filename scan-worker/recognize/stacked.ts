/**
 * A card standing upright (warp.ts `warpPortrait`): its number stacked one group to a line under the chip, the
 * expiry and the holder under that. The groups are the lines lines.ts finds whose text is four to six digits and
 * nothing else, one after another; the number is read from them in independent passes, as a landscape number line is.
 */
import { readLine } from './engine';
import type { Grey } from './grey';
import { type LinePiece, linesBelow } from './lines';
import { binarise, normalise, otsuLevel, pad, textIsLight } from './thresholds';

/** Where the search starts down an upright card: under its bank line, at the chip (groups start at 30–38 %). */
const TOP = 0.25;
/** A group printed on a card: four digits, or five or six (American Express, Diners, UnionPay's 6-13). */
const GROUP = /^\d{3,6}$/;
/** The fewest stacked groups a number has (4-6-5). */
const FEWEST_GROUPS = 3;

/** Each group's strip in the pass's own view, read as digits. */
type View = (strip: Grey) => Grey;

const VIEWS: readonly View[] = [
  (strip) => {
    const flat = normalise(strip, textIsLight(strip));
    return pad(binarise(flat, otsuLevel(flat)), 16);
  },
  (strip) => pad(normalise(strip, !textIsLight(strip)), 16),
];

/**
 * The number's passes (each the groups joined by spaces, as a number line's groups are read) and the lines under
 * the groups. No run of groups: no number, and every line is left for the expiry and the name.
 */
export async function readStacked(card: Grey, passes: number): Promise<{ numbers: string[]; below: LinePiece[] }> {
  const pieces = linesBelow(card, card.height * TOP, card.width);
  const texts: string[] = [];
  for (const piece of pieces) {
    texts.push((await readLine(pad(normalise(piece.strip, textIsLight(piece.strip)), 16), 'expiry')).text);
  }
  const run = longestRun(texts.map((text) => GROUP.test(text.replace(/\s/g, ''))));
  if (run.length < FEWEST_GROUPS) return { numbers: [], below: pieces };
  const groups = pieces.slice(run.start, run.start + run.length);
  const numbers = [
    texts
      .slice(run.start, run.start + run.length)
      .map((text) => text.replace(/\s/g, ''))
      .join(' '),
  ];
  for (const view of VIEWS.slice(0, Math.max(0, passes - 1))) {
    const digits: string[] = [];
    for (const group of groups) digits.push((await readLine(view(group.strip), 'number')).text.replace(/\s/g, ''));
    const number = digits.join(' ');
    const agrees = numbers.includes(number);
    numbers.push(number);
    if (agrees) break;
  }
  return { numbers, below: pieces.slice(run.start + run.length) };
}

/** The longest stretch of `true`s. */
export function longestRun(flags: readonly boolean[]): { start: number; length: number } {
  let best = { start: 0, length: 0 };
  let start = 0;
  flags.forEach((flag, index) => {
    if (!flag) start = index + 1;
    else if (index + 1 - start > best.length) best = { start, length: index + 1 - start };
  });
  return best;
}
