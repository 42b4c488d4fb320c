/** src/state/cards.ts: saving and deleting cards, in this device's storage or through the sync session. */
import type { PlainCard } from '../../../src/domain/card';
import { dateAfter } from '../../../src/domain/card-dates';
import { InvalidStateError, Messages } from '../../../src/domain/errors';
import { sameCards, withoutCards, withStoredCard } from '../../../src/domain/stored-cards';
import { assertUnchanged } from '../../../src/state/device-records';
import type { Flow } from './core';
import type { Tab } from './device';
import { hasSecret, openAndShow, showCard, showWithout } from './store';
import { isSealed, plainData } from './tokens';
import { engine, seal } from './worker';
import type { World } from './world';

/** cards.ts `storedDate`: the date of the stored copy of card `id`, if there is one. */
const storedDate = (tab: Tab, id: string | undefined): number | undefined =>
  id !== undefined && Object.hasOwn(tab.collection.cards, id) ? tab.collection.cards[id]?.modifiedAt : undefined;

/** cards.ts `saveCard`: a new card (no `existing`) or a new version of one. */
export function* saveCard(world: World, tab: Tab, existing: string | undefined): Flow {
  const known = tab.records;
  const id = existing ?? world.cardId();
  const now = world.now(tab.device);
  // Signed in, after the copy it replaces (src/domain/card-dates.ts); the model's clocks never run past the rules' limit.
  const modifiedAt = tab.session ? dateAfter(now, storedDate(tab, existing)) : now;
  const card: PlainCard = { id, data: plainData(world.next('v')), modifiedAt };
  world.note(`${tab.name} saves ${id}:${card.data.cardholder}@${card.modifiedAt}`);
  const type = hasSecret(tab) ? 'ENCRYPTED' : 'UNENCRYPTED';
  const stored = yield* engine(tab, () => seal(world, tab, card, type));
  const account = tab.session;
  if (account) {
    if (!isSealed(stored)) throw new InvalidStateError(Messages.keyMissingEncrypt);
    yield* account.put(stored, card, known);
    world.acknowledge(card);
    return;
  }
  const before = tab.collection;
  let unchanged = false;
  const after = yield* world.updateStorage(tab, (current) => {
    assertUnchanged(current.auth, known);
    unchanged = sameCards(current.cards, before);
    return { cards: withStoredCard(current.cards, stored) };
  });
  world.placeLocal(tab.device, stored, tab.name);
  if (unchanged) showCard(tab, after.cards, card);
  else yield* openAndShow(world, tab, after.cards);
  world.acknowledge(card);
}

/** cards.ts `deleteCards`, of one card. */
export function* deleteCard(world: World, tab: Tab, id: string): Flow {
  world.note(`${tab.name} deletes ${id}`);
  const known = tab.records;
  const account = tab.session;
  if (account) return yield* account.remove([id], dateAfter(world.now(tab.device), storedDate(tab, id)));
  const before = tab.collection;
  let unchanged = false;
  const after = yield* world.updateStorage(tab, (current) => {
    // cards.ts `deleteCards`: signed in from another tab since this began, the deletion is not this storage's.
    assertUnchanged(current.auth, known);
    unchanged = sameCards(current.cards, before);
    return { cards: withoutCards(current.cards, [id]) };
  });
  world.deleteLocal(tab.device, id);
  if (unchanged) showWithout(tab, after.cards, [id]);
  else yield* openAndShow(world, tab, after.cards);
}
