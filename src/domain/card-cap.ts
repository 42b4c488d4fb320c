/**
 * The most cards one account keeps. Sleeve refuses to add a card beyond it, before anything is stored, and says so.
 *
 * The database rules cannot hold this bound: their language cannot count children, and the only way to count there
 * (an index of slots every client keeps beside the cards) would refuse every card written by a client of the project
 * that does not keep that index. So the bound is Sleeve's own; an account that holds more (written by another
 * client) still opens and shows every card.
 */
import { groupThousands } from './counts';
import { SleeveError } from './errors';

export const CARD_CAP = 2_000;

/** Composed when asked for, not when the module loads: nothing the start script evaluates is spent on them. */
export const CapMessages = {
  get full(): string {
    return `Your account holds ${groupThousands(CARD_CAP)} cards, the most it can keep. Delete a card to add another.`;
  },
  /** Import of more cards than there is room for: nothing is added. */
  tooMany: (room: number): string =>
    room === 0
      ? CapMessages.full
      : `Your account has room for ${groupThousands(room)} more ${room === 1 ? 'card' : 'cards'} (it keeps at most ${groupThousands(CARD_CAP)}). Import fewer cards, or delete some first.`,
};

/** The account has no room for the cards being added: said to the person as it is. */
export class CardCapError extends SleeveError {
  constructor(message: string = CapMessages.full) {
    super(message);
    this.name = 'CardCapError';
  }
}
