/**
 * What the scanner takes from the recognition's reads (scan-read.ts) before it fills anything in. A misread number
 * is worse than none: the person might not notice one wrong digit. So a number is taken only when it was read in a
 * grouping cards print, passes the Luhn check, starts in a range a network issues at a length that network's cards
 * carry (scan-checks.ts `isCardNumber`), and was read the same way at least twice: in two camera frames, or in two
 * independent passes over one photo. The expiry and the name are checked for plausibility alone, since the person
 * sees them in full; an implausible one is left empty rather than filled wrong. Pure: the clock is passed in.
 */
import { detectNetwork } from './card-brands';
import { cardholderName, isCardNumber, readDigits } from './scan-checks';
import type { FrameRead, ReadDetails } from './scan-read';
import type { ScanResult } from './scan-result';

export { isCardNumber } from './scan-checks';
export type { ScanResult } from './scan-result';

/** How many agreeing reads a number needs before it is taken. */
export const READS_NEEDED = 2;
/** An expiry's year may be last year's (a card read in its last months) and at most this many years ahead. */
export const EXPIRY_YEARS_AHEAD = 20;

/** The expiry as the editor takes it ('MM/YY'), when its month is 01–12 and its year within the window; else ''. */
export function plausibleExpiry(read: string | null, now: Date): string {
  const match = read ? /^(\d{2})\/(\d{2})$/.exec(read.trim()) : null;
  if (!match) return '';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const thisYear = now.getFullYear();
  if (month < 1 || month > 12 || year < thisYear - 1 || year > thisYear + EXPIRY_YEARS_AHEAD) return '';
  return `${match[1]}/${match[2]}`;
}

/**
 * The name as the editor takes it: the worker's read when it reads as a cardholder's name (scan-checks.ts
 * `cardholderName`, the rule the worker reads by), else ''. Checked again here, since the page takes no read on trust.
 */
export const plausibleName = (read: string | null): string => cardholderName(read);

/**
 * The different card numbers (digits) among one read's entries, each with how many passes read it. Passes agree on
 * the digits alone, but only an entry whose own grouping is one cards print counts: a pass that ran two groups
 * together is not a vote for the number, whatever its digits.
 */
function numberCounts(read: FrameRead): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of read.numbers) {
    if (!isCardNumber(entry)) continue;
    const digits = readDigits(entry);
    counts.set(digits, (counts.get(digits) ?? 0) + 1);
  }
  return counts;
}

const resultOf = (number: string, expiry: string, cardholder: string): ScanResult => ({
  number,
  network: detectNetwork(number),
  expiry,
  cardholder,
});

/** One photo: a number two of its passes agree on, with what else it shows; null when no number is certain. */
export function acceptPhoto(read: FrameRead, now: Date): ScanResult | null {
  let best: [string, number] | undefined;
  for (const entry of numberCounts(read)) if (!best || entry[1] > best[1]) best = entry;
  if (!best || best[1] < READS_NEEDED) return null;
  return resultOf(best[0], plausibleExpiry(read.expiry, now), plausibleName(read.name));
}

/** What the camera's frames have agreed on so far: each number counted once per frame, the latest plausible rest. */
export interface FrameTally {
  frames: Map<string, number>;
  expiry: string;
  cardholder: string;
}

export const emptyTally = (): FrameTally => ({ frames: new Map(), expiry: '', cardholder: '' });

/** The lines the next frame should still look for (those no frame has given yet), and the numbers it may settle. */
export const detailsWanted = (tally: FrameTally): ReadDetails => ({
  expiry: tally.expiry === '',
  name: tally.cardholder === '',
  seen: [...tally.frames.keys()],
});

/**
 * Adds one frame's read to the tally; returns the result once some number has been read in `READS_NEEDED` frames,
 * else null. Passes within one frame count once: two frames must agree.
 */
export function tallyFrame(tally: FrameTally, read: FrameRead, now: Date): ScanResult | null {
  tally.expiry = plausibleExpiry(read.expiry, now) || tally.expiry;
  tally.cardholder = plausibleName(read.name) || tally.cardholder;
  for (const number of numberCounts(read).keys()) {
    const frames = (tally.frames.get(number) ?? 0) + 1;
    tally.frames.set(number, frames);
    if (frames >= READS_NEEDED) return resultOf(number, tally.expiry, tally.cardholder);
  }
  return null;
}

export type ScanHint = 'place' | 'still' | 'closer' | 'light';

/** The hint's words: what the person should do next to help the read. */
export const SCAN_HINTS: Readonly<Record<ScanHint, string>> = {
  place: 'Hold your card inside the frame',
  still: 'Hold still',
  closer: 'Move closer',
  light: 'More light',
};

/** Below this mean brightness the image is too dark to read. */
export const DARK_BELOW = 0.2;
/** A card narrower than this share of the image is too far away for its digits. */
export const SMALL_BELOW = 0.5;

/** What to tell the person for a read that gave no number: light first, since nothing else can be judged in the dark. */
export function hintFor(read: FrameRead): ScanHint {
  if (read.light < DARK_BELOW) return 'light';
  if (!read.card) return 'place';
  if (read.size < SMALL_BELOW) return 'closer';
  // Blurred, or sharp but not yet read: either way, keeping the card still is what helps.
  return 'still';
}
