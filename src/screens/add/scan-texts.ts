/** The scanner's words: what is happening, and what the person can do about it. */
import type { CameraProblem } from '../../scanner/camera';
import type { PhotoState } from '../../scanner/use-scanner';

export const ScanTexts = {
  title: 'Scan Card',
  starting: 'Starting the camera…',
  paused: 'The camera is off while Sleeve is not on screen.',
  slow: 'No card has been read yet. Lay it flat in good light with the number inside the frame, or choose a photo, or add the card manually.',
  tryAgain: 'Try again',
  torch: 'Torch',
  choosePhoto: 'Choose a photo',
  manual: 'Add card manually',
  camera: 'Camera view',
} as const;

export const CAMERA_PROBLEMS: Readonly<Record<CameraProblem, string>> = {
  refused:
    "Sleeve may not use the camera. To scan, allow the camera for this site in your browser's site settings (the icon beside the address), then choose Try again. You can also choose a photo or add the card manually.",
  missing: 'No camera was found on this device. Choose a photo of your card, or add it manually.',
  busy: 'The camera is in use by another app or tab. Close it and choose Try again, or choose a photo, or add the card manually.',
  failed: 'The camera could not be started. Choose Try again, or choose a photo, or add the card manually.',
};

export const PHOTO_STATES: Readonly<Record<Exclude<PhotoState, null>, string>> = {
  reading: 'Reading the photo…',
  unreadable: 'That file could not be opened as a photo. Choose a photo of your card, or add it manually.',
  'no-number':
    'No card number could be read from that photo. Choose a sharp photo of the whole card front, or add the card manually.',
};

/** On /add beside the scanner, where a camera can be used (SPEC.md's sentence stays where none can). */
export const SCAN_INTRO = 'Scan your card with the camera and Sleeve fills in its details, or enter them manually.';

/** In the editor after a scan. */
export const SCANNED_NOTE =
  'Sleeve filled in what it read from your card. Check the number, expiry and name before you save.';
