/**
 * What the person was typing when a step came between them and saving it: the new card while Sleeve recommends a
 * PIN (and whether they skipped the recommendation), the new PIN while they confirm it, the card in the editor while
 * the scanner reads one and what the scanner read (never the images). Kept in the store, outside
 * any proxy, and forgotten on locking (src/app/AutoLock.tsx), so nothing typed waits behind the unlock screen.
 */
import type { CardData } from '../domain/card';
import type { ScanResult } from '../domain/scan-result';
import { memoryOf } from './store';

const drafts = () => memoryOf('drafts');

export const holdCardDraft = (data: CardData): void => {
  drafts().card = data;
};

export const peekCardDraft = (): CardData | null => drafts().card;

/** Forgets the card being typed, and with it whatever a scan was bringing to it. */
export const clearCardDraft = (): void => {
  drafts().card = null;
  clearScanDraft();
};

/** The editor's card as typed when the person chose to scan: kept, so scanning fills in only what it reads. */
export const holdScanBase = (data: CardData): void => {
  drafts().scanBase = data;
};

/** What a scan read, for the editor to fill in when it opens. */
export const holdScanned = (result: ScanResult): void => {
  drafts().scanned = result;
};

/** The editor's card from before the scan (if the scan started there) and what the scan read (if it did). */
export const peekScanDraft = (): { base: CardData | null; scanned: ScanResult | null } => ({
  base: drafts().scanBase,
  scanned: drafts().scanned,
});

export const clearScanDraft = (): void => {
  drafts().scanBase = null;
  drafts().scanned = null;
};

/** The person chose to add the card without a PIN: the recommendation is not shown again this visit. */
export const rememberSkip = (): void => {
  drafts().pinSkipped = true;
};

export const pinRecommendationSkipped = (): boolean => drafts().pinSkipped;

export const holdPinDraft = (pin: string): void => {
  drafts().pin = pin;
};

export const peekPinDraft = (): string => drafts().pin;

export const clearPinDraft = (): void => {
  drafts().pin = '';
};
