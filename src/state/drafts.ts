/**
 * What the person was typing when a step came between them and saving it: the new card while Sleeve recommends a
 * PIN (and whether they skipped the recommendation), the new PIN while they confirm it. Kept in the store, outside
 * any proxy, and forgotten on locking (src/app/AutoLock.tsx), so nothing typed waits behind the unlock screen.
 */
import type { CardData } from '../domain/card';
import { memoryOf } from './store';

const drafts = () => memoryOf('drafts');

export const holdCardDraft = (data: CardData): void => {
  drafts().card = data;
};

export const peekCardDraft = (): CardData | null => drafts().card;

export const clearCardDraft = (): void => {
  drafts().card = null;
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
