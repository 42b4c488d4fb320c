/**
 * What the person was typing when a step came between them and saving it: the new card and its details while Sleeve
 * recommends a PIN (and whether they skipped the recommendation), the new PIN while they confirm it, the card in the
 * editor while the scanner reads one and what the scanner read (never the images), a card's editor while the person
 * verifies before revealing its PIN. Kept in the store, outside any proxy, and forgotten on locking
 * (src/app/AutoLock.tsx), so nothing typed waits behind the unlock screen.
 */
import type { CardData } from '../domain/card';
import type { CardDetails } from '../domain/card-details';
import type { ScanResult } from '../domain/scan-result';
import { memoryOf } from './store';

const drafts = () => memoryOf('drafts');

/** The new card as typed, with its details when the editor offered them. */
export const holdCardDraft = (data: CardData, details: CardDetails | null = null): void => {
  drafts().card = data;
  drafts().cardDetails = details;
};

export const peekCardDraft = (): CardData | null => drafts().card;

export const peekCardDetailsDraft = (): CardDetails | null => drafts().cardDetails;

/** Forgets the card being typed, and with it whatever a scan was bringing to it, and any card's editor left waiting. */
export const clearCardDraft = (): void => {
  drafts().card = null;
  drafts().cardDetails = null;
  drafts().edit = null;
  clearScanDraft();
};

/**
 * The editor's card (and its details) as typed when the person chose to scan: kept, so scanning fills in only what
 * it reads.
 */
export const holdScanBase = (data: CardData, details: CardDetails | null = null): void => {
  drafts().scanBase = data;
  drafts().scanBaseDetails = details;
};

/** What a scan read, for the editor to fill in when it opens. */
export const holdScanned = (result: ScanResult): void => {
  drafts().scanned = result;
};

/** The editor's card from before the scan (if the scan started there) and what the scan read (if it did). */
export const peekScanDraft = (): {
  base: CardData | null;
  baseDetails: CardDetails | null;
  scanned: ScanResult | null;
} => ({
  base: drafts().scanBase,
  baseDetails: drafts().scanBaseDetails,
  scanned: drafts().scanned,
});

export const clearScanDraft = (): void => {
  drafts().scanBase = null;
  drafts().scanBaseDetails = null;
  drafts().scanned = null;
};

/** A card's editor as typed, while the person verifies before its PIN is revealed there. */
export const holdEditDraft = (edit: { id: string; data: CardData; details: CardDetails }): void => {
  drafts().edit = edit;
};

/** Card `id`'s editor as it was left, if it was. */
export const peekEditDraft = (id: string): { data: CardData; details: CardDetails } | null => {
  const { edit } = drafts();
  return edit?.id === id ? edit : null;
};

export const clearEditDraft = (): void => {
  drafts().edit = null;
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
