/**
 * One photo or camera frame read: the card found and flattened, its number line read in several independent passes
 * (each another view of the pixels), its expiry and name line read once each. What is read is only reported
 * (FrameRead); the scanner's page side decides what to fill in. Runs inside the scanner's dedicated worker.
 */
import { isCardNumber, readDigits } from '../../src/domain/scan-checks';
import { EVERY_DETAIL, type FrameRead, type ImageSource, type ReadDetails } from '../../src/domain/scan-read';
import { cutBand, numberBottom } from './bands';
import { readBelow } from './below';
import { findCard, guideQuad, isPortrait, type Quad } from './card-find';
import { readLine } from './engine';
import { type Grey, meanLight, sharpness, toGrey } from './grey';
import { linesBelow } from './lines';
import { readStacked } from './stacked';
import { adaptive, binarise, normalise, otsuLevel, pad, textIsLight } from './thresholds';
import { warpCard, warpPortrait } from './warp';

export { startReader } from './engine';

/** The most passes over one number line; two agreeing valid reads end it sooner. */
const MAX_NUMBER_PASSES = 6;
/**
 * The views of the number band, in the order they are tried: each a function, so that a view is only computed when
 * the passes before it have not agreed yet.
 */
function numberViews(card: Grey): (() => Grey)[] {
  const band = cutBand(card);
  const light = textIsLight(band);
  const flat = normalise(band, light);
  const line = Math.round(band.height / 2);
  return [
    () => pad(flat, 16),
    () => pad(binarise(flat, otsuLevel(flat)), 16),
    () => pad(adaptive(flat, line, 10), 16),
    () => pad(normalise(cutBand(card, 0.25), light), 16),
    () => pad(normalise(cutBand(card, -0.25), light), 16),
    // Embossed digits carry both a light face and a dark shadow: the other polarity is a real second view.
    () => pad(normalise(band, !light), 16),
  ];
}

/** A camera frame's passes: fewer, since the next frame comes a moment later and tries again. */
const MAX_FRAME_PASSES = 3;

async function readNumbers(card: Grey, source: ImageSource): Promise<string[]> {
  const numbers: string[] = [];
  const passes = source === 'camera' ? MAX_FRAME_PASSES : MAX_NUMBER_PASSES;
  for (const view of numberViews(card).slice(0, passes)) {
    const number = (await readLine(view(), 'number')).text;
    // A camera frame needs one number a card can carry: frames, not passes, must agree (src/domain/scan-accept.ts).
    if (source === 'camera' && isCardNumber(number)) return [number];
    // Two passes agree on the digits, each in a grouping cards print, as the page counts them.
    const digits = readDigits(number);
    const agrees = isCardNumber(number) && numbers.some((other) => isCardNumber(other) && readDigits(other) === digits);
    numbers.push(number);
    if (agrees) break;
  }
  return numbers;
}

function widthShare(quad: Quad, imageWidth: number): number {
  const [tl, tr, br, bl] = quad;
  return (Math.hypot(tr.x - tl.x, tr.y - tl.y) + Math.hypot(br.x - bl.x, br.y - bl.y)) / 2 / imageWidth;
}

async function read(image: ImageData, source: ImageSource, details: ReadDetails): Promise<FrameRead> {
  const grey = toGrey(image);
  const light = meanLight(grey);
  const quad = findCard(image);
  const upright = quad !== null && isPortrait(quad);
  // No card found: the guide's frame is still read, as the person may be holding the card right inside it.
  const card = upright ? warpPortrait(grey, quad) : warpCard(grey, quad ?? guideQuad(image.width, image.height));
  if (!card) return { card: false, numbers: [], expiry: null, name: null, light, sharpness: 0, size: 0 };
  const passes = source === 'camera' ? MAX_FRAME_PASSES : MAX_NUMBER_PASSES;
  const stacked = upright ? await readStacked(card, passes) : null;
  const numbers = stacked ? stacked.numbers : await readNumbers(card, source);
  // A frame without a number a card can carry is not read further: the next one may be better. One that reads a
  // number an earlier frame read ends the scan, and leaves a missing name to the person (ReadDetails.seen).
  const worthDetails = source === 'photo' || numbers.some(isCardNumber);
  const settles = numbers.some((number) => isCardNumber(number) && details.seen.includes(readDigits(number)));
  const pieces = () => stacked?.below ?? linesBelow(card, numberBottom(card));
  const { expiry, name } = worthDetails
    ? await readBelow(pieces, { ...details, name: details.name && !settles })
    : { expiry: null, name: null };
  return {
    card: quad !== null,
    numbers,
    expiry,
    name,
    light,
    sharpness: sharpness(upright ? card : cutBand(card)),
    size: quad ? widthShare(quad, image.width) : 0,
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads one image. Calls are served one at a time: the reader's settings (which characters a line may hold) are
 * shared, and two frames read at once would race on them.
 */
export function readImage(
  image: ImageData,
  source: ImageSource = 'photo',
  details: ReadDetails = EVERY_DETAIL,
): Promise<FrameRead> {
  const next = queue.then(() => read(image, source, details));
  queue = next.catch(() => undefined);
  return next;
}
