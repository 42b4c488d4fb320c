/**
 * How Home orders its list: newest first (SPEC.md §2), or with the earliest expiry first while the person has asked
 * for it. A plain view choice, kept while Sleeve is open so it survives a visit to a card and back, and not stored:
 * the next start shows SPEC.md's order again.
 */
import { proxy } from 'valtio';

export const listOrderState = proxy({ expiringFirst: false });

export const toggleExpiringFirst = (): void => {
  listOrderState.expiringFirst = !listOrderState.expiringFirst;
};

/** Back to newest first, as a fresh start of Sleeve shows it. */
export const resetListOrder = (): void => {
  listOrderState.expiringFirst = false;
};
