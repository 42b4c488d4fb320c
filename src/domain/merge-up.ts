/**
 * The page's part of joining an account (src/state/sign-in.ts): once the worker has decided which cards the server's
 * side wins (merge-decision.ts), the device's other cards go up, each dated as the server will take it, unless the
 * account deleted it at or after this copy. A slice at a time (next-task.ts): a wallet of thousands of cards joins
 * without a long task.
 */
import type { EncryptedCard, EncryptedCollection } from './card';
import { joiningDate } from './card-dates';
import { type Deletions, deletedSince } from './deletions';
import { inSlices, nextTask } from './next-task';

export interface GoingUp {
  /** The local cards to write, dated for the server. */
  up: EncryptedCard[];
  /** Every card id the account holds once they are written: the server's and those going up. */
  onAccount: Set<string>;
}

export async function cardsGoingUp(
  local: EncryptedCollection,
  held: EncryptedCollection,
  fromServer: readonly string[],
  deletions: Deletions,
  now: number,
): Promise<GoingUp> {
  // Every local card the merge did not replace with the server's goes up: it won, or the server lacks it; unless the
  // account deleted it at or after this copy (the server would refuse it, and the deletion is the newer action).
  // Each set-up step over thousands of cards in a task of its own, as each slice is.
  const replaced = new Set(fromServer);
  await nextTask();
  const onAccount = new Set(Object.keys(held.cards));
  await nextTask();
  const cards = Object.values(local.cards);
  await nextTask();
  const there = (id: string) => (Object.hasOwn(held.cards, id) ? held.cards[id]?.modifiedAt : undefined);
  const up: EncryptedCard[] = [];
  await inSlices(cards, (card) => {
    if (replaced.has(card.id)) return;
    // Dated as it goes up (never where the server refuses it), then checked against the account's deletions.
    const dated = { ...card, modifiedAt: joiningDate(card.modifiedAt, there(card.id), now) };
    if (deletedSince(deletions, dated.id, dated.modifiedAt)) return;
    up.push(dated);
    onAccount.add(dated.id);
  });
  return { up, onAccount };
}
