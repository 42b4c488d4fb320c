/**
 * What the scanner takes from the recognition's reads (scan-read.ts) before it fills anything in. A misread number
 * is worse than none: the person might not notice one wrong digit. So a number is taken only when it passes the
 * Luhn check, starts in a range a network issues at a length that network's cards carry, and was read the same way at
 * least twice: in two camera frames, or in
 * two independent passes over one photo. The expiry and the name are checked for plausibility alone, since the
 * person sees them in full and a wrong one is obvious; an implausible one is left empty rather than filled wrong.
 * Pure: the clock is passed in.
 */
import { detectNetwork, isIssuedNumber } from './card-brands';
import { passesLuhn } from './card-checks';
import { CARDHOLDER_MAX, CARDHOLDER_MIN } from './card-form';
import type { FrameRead, ReadDetails } from './scan-read';
import type { ScanResult } from './scan-result';

export type { ScanResult } from './scan-result';

/** How many agreeing reads a number needs before it is taken. */
export const READS_NEEDED = 2;
/** An expiry's year may be last year's (a card read in its last months) and at most this many years ahead. */
export const EXPIRY_YEARS_AHEAD = 20;

/**
 * A number (digits only) a card could carry: one a network issues, at a length its cards carry (card-brands.ts
 * `isIssuedNumber`: stricter than the editor, which keeps any 16 to 19 digits as OTHER), and the Luhn check passed.
 */
export function isCardNumber(digits: string): boolean {
  return isIssuedNumber(digits) && passesLuhn(digits);
}

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
 * Text that can be a cardholder's name: letters (any script), spaces and . ' - only, at least two letters, within
 * the editor's length; spaces collapsed. Anything else (digits, a stray symbol from the card's artwork) gives ''.
 */
export function plausibleName(read: string | null): string {
  if (!read) return '';
  const name = read.trim().replace(/\s+/g, ' ');
  if (name.length < CARDHOLDER_MIN || name.length > CARDHOLDER_MAX) return '';
  if (!/^[\p{L}][\p{L} .'-]*$/u.test(name)) return '';
  return (name.match(/\p{L}/gu)?.length ?? 0) >= 2 ? name : '';
}

/** The different card numbers among one read's entries, each with how many passes read it. */
function numberCounts(read: FrameRead): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of read.numbers) {
    const digits = entry.replace(/\s/g, '');
    if (isCardNumber(digits)) counts.set(digits, (counts.get(digits) ?? 0) + 1);
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
