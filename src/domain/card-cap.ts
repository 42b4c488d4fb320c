/**
 * The most cards one account keeps. Sleeve refuses to add a card beyond it, before anything is stored, and says so.
 *
 * The database rules cannot hold this bound: their language cannot count children, and the only way to count there
 * (an index of slots every client keeps beside the cards) would refuse every card written by a client of the project
 * that does not keep that index. So the bound is Sleeve's own; an account that holds more (written by another
 * client) still opens and shows every card.
 */
import { SleeveError } from './errors';

export const CARD_CAP = 2_000;

/**
 * Composed when asked for, not when the module loads: a page's first `toLocaleString` sets up its number formatting,
 * 20–50 ms on a slow machine, which would otherwise be spent in the start script's one evaluation task.
 */
export const CapMessages = {
  get full(): string {
    return `Your account holds ${CARD_CAP.toLocaleString('en')} cards, the most it can keep. Delete a card to add another.`;
  },
  /** Import of more cards than there is room for: nothing is added. */
  tooMany: (room: number): string =>
    room === 0
      ? CapMessages.full
      : `Your account has room for ${room.toLocaleString('en')} more ${room === 1 ? 'card' : 'cards'} (it keeps at most ${CARD_CAP.toLocaleString('en')}). Import fewer cards, or delete some first.`,
};

/** The account has no room for the cards being added: said to the person as it is. */
export class CardCapError extends SleeveError {
  constructor(message: string = CapMessages.full) {
    super(message);
    this.name = 'CardCapError';
  }
}
