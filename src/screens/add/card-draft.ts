/**
 * A new card waiting while the person creates the PIN that will protect it. Plain view data, held only until it
 * is saved or the person leaves the flow.
 */
import type { CardData } from '../../domain/card';

let draft: CardData | null = null;
/** The person chose Skip once; the recommendation is not repeated until Sleeve is opened again. */
let skipped = false;

export const holdCardDraft = (data: CardData): void => {
  draft = data;
};

export const peekCardDraft = (): CardData | null => draft;

export const clearCardDraft = (): void => {
  draft = null;
};

export const rememberSkip = (): void => {
  skipped = true;
};

export const pinRecommendationSkipped = (): boolean => skipped;

/** Forgets a Skip, as a fresh start of Sleeve does. */
export const forgetSkip = (): void => {
  skipped = false;
};
