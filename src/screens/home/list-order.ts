/**
 * How Home orders its list: newest first (SPEC.md §2), or with the earliest expiry first while the person has asked
 * for it. A plain view choice (`screenState.expiringFirst`, in the store), kept while Sleeve is open so it survives a
 * visit to a card and back, and not stored: the next start shows SPEC.md's order again.
 */
import { screenState } from '../../state/store';

export const toggleExpiringFirst = (): void => {
  screenState.expiringFirst = !screenState.expiringFirst;
};
