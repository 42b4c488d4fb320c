/**
 * Where an image comes from, which changes how much is read in it. A camera frame is one of many: its number line
 * is read until one pass gives a number a card can carry (the next frame gives the agreement), and its expiry and
 * name only on such a frame. A photo is all there is: passes go on until two agree, and every line is read.
 */
export type ImageSource = 'camera' | 'photo';

/**
 * Which lines besides the number a read looks for. A camera frame skips those earlier frames already gave: reading a
 * line costs as much as a number pass, and the editor fills sooner without it.
 */
export interface ReadDetails {
  expiry: boolean;
  name: boolean;
  /**
   * The numbers (digits) earlier frames read once. A frame that reads one of them again ends the scan, so the editor opens at once:
   * it still looks for a missing expiry (a short line, and one the card cannot be saved without) but not for a
   * missing name, the slowest line to read and the quickest for the person to type.
   */
  seen: readonly string[];
}

export const EVERY_DETAIL: Readonly<ReadDetails> = { expiry: true, name: true, seen: [] };

/**
 * What the recognition worker (scan-worker/) answers for one camera frame or one photo, before anything is decided:
 * the scanner's page side (src/scanner/) takes a number only once reads agree and the card rules hold
 * (src/domain/scan-accept.ts). Plain data, so it crosses the worker boundary as it is.
 */
export interface FrameRead {
  /** Whether a card-shaped object was found in the image. */
  card: boolean;
  /**
   * The card's number line as read, one entry per independent pass over the image (another threshold, another crop,
   * another reader): its digits with a single space between the groups the pass saw ('4111 1111 1111 1111'), since
   * only a grouping cards print is taken (src/domain/scan-checks.ts). The same digits twice means two passes agreed.
   */
  numbers: string[];
  /** The expiry as read, 'MM/YY', when one was read; not yet checked for plausibility. */
  expiry: string | null;
  /**
   * The cardholder's name as read (capital letters, single spaces, and . ' -), only when it reads as a name
   * (src/domain/scan-checks.ts `cardholderName`) with every letter read with confidence; else null.
   */
  name: string | null;
  /** The image's mean brightness, 0 (black) to 1 (white), for the 'More light' hint. */
  light: number;
  /** How sharp the card's text is, 0 (a blur) to 1, for the 'Hold still' hint. */
  sharpness: number;
  /** The card's width as a share of the image's (0 when no card was found), for the 'Move closer' hint. */
  size: number;
}
