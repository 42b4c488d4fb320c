/**
 * The person's answer to a card kept apart because it was saved with the account's old key after the key was replaced
 * (src/domain/saved-with-old-key.ts). Its own module, loaded with the screen that asks (UnreadableCardsScreen), so the
 * scripts every start loads do not carry it.
 */
import { InvalidStateError, Messages } from '../domain/errors';
import { session } from './store';

/**
 * The person keeps the card: it joins the cards, sealed under the current key. Only signed in, where retired keys
 * exist at all; deleting it instead is `deleteUnreadableCard` (src/state/cards.ts), as for any card kept apart.
 */
export async function keepCardSavedWithOldKey(id: string): Promise<void> {
  const account = session();
  if (!account) throw new InvalidStateError(Messages.refreshAndUnlock);
  await account.keepSavedWithOldKey(id);
}
