/**
 * The lines under a card's number read: the expiry and the holder's name (lines.ts finds them). What is read is only
 * reported; the scanner's page side decides what to fill in.
 */
import type { ReadDetails } from '../../src/domain/scan-read';
import { readLine } from './engine';
import type { Grey } from './grey';
import type { LinePiece } from './lines';
import { parseExpiry, parseName } from './parse';
import { adaptive, binarise, normalise, otsuLevel, pad, textIsLight } from './thresholds';

/**
 * A name whose least sure letter is read with less confidence than this (0–100) is taken as no name. One letter the
 * reader hesitated over is most often a wrong one ('HARIA SHITH'), and an empty band reads as noise. Set on the
 * corpus's tuning photos: with the name rule (src/domain/scan-checks.ts `cardholderName`) it fills 186 names right
 * and 6 wrong on the first corpus's cards, 54 right and 4 wrong on the real-looking ones, where a floor of 55 on the
 * mean probability and the rule before it filled 185 right and 25 wrong, and 44 right and 96 wrong.
 */
const NAME_WEAKEST = 55;

/** The holder's line starts in the left part of the card, as its share of the searched width. */
const HOLDER_START = 0.4;

/** Digits enough to make a line under the number the expiry's (a date has four) rather than a name's. */
const DATE_DIGITS = 3;

/** The expiry from an expiry line, `first` being its first view's text: two views agreeing, else the first read. */
async function readExpiry(flat: Grey, first: string): Promise<string | null> {
  const views = [() => pad(binarise(flat, otsuLevel(flat)), 12), () => pad(adaptive(flat, 20, 8), 12)];
  const reads: string[] = [];
  const firstExpiry = parseExpiry(first);
  if (firstExpiry) reads.push(firstExpiry);
  for (const view of views) {
    const expiry = parseExpiry((await readLine(view(), 'expiry')).text);
    if (!expiry) continue;
    if (reads.includes(expiry)) return expiry;
    reads.push(expiry);
  }
  return reads[0] ?? null;
}

async function readName(flat: Grey): Promise<string | null> {
  // Two views of the line must give the same name, each with every letter sure enough: a letter or a word gap
  // misread in one view is seldom misread the same way in the other, and a wrong name costs more than none.
  const first = await readLine(pad(flat, 12), 'name');
  if (first.weakest < NAME_WEAKEST || parseName(first.text) === null) return null;
  const second = await readLine(pad(binarise(flat, otsuLevel(flat)), 12), 'name');
  if (second.weakest < NAME_WEAKEST) return null;
  const name = parseName(first.text);
  return name === parseName(second.text) ? name : null;
}

/**
 * The expiry and the name from the lines under the number (lines.ts), each line read once with every character to
 * tell a date's line from the others. The holder's name is the lowest of the others: a company's line sits above
 * it, and when the lowest does not read as a name with confidence the name is left to the person, never taken from
 * a line above.
 */
export async function readBelow(
  pieces: () => LinePiece[],
  want: ReadDetails,
): Promise<{ expiry: string | null; name: string | null }> {
  let expiry: string | null = null;
  let holder: Grey | null = null;
  if (!want.expiry && !want.name) return { expiry, name: null };
  for (const piece of pieces()) {
    const flat = normalise(piece.strip, textIsLight(piece.strip));
    const first = (await readLine(pad(flat, 12), 'expiry')).text;
    if (first.replace(/\D/g, '').length >= DATE_DIGITS) {
      if (want.expiry && !expiry) expiry = await readExpiry(flat, first);
    } else if (piece.left < HOLDER_START) {
      // Print starting further right is a network's mark or a card type ('debit'), not the holder's line.
      holder = flat;
    }
  }
  return { expiry, name: want.name && holder ? await readName(holder) : null };
}
