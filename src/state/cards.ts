/**
 * The card actions. Signed out, a change is a read-modify-write of this device's storage under the cross-tab lock:
 * the stored collection is read afresh and only this change is applied, so a card another tab saved a moment ago
 * stays. Signed in, the sync session keeps the change in its outbox and sends it. Either way the change is stored
 * first and shown after, so a failed write leaves both the screen and the device as they were.
 */
import type { CardCollection, CardData, EncryptedCard, PlainCard, StoredCard } from '../domain/card';
import { CARD_CAP, CapMessages, CardCapError } from '../domain/card-cap';
import { DateMessages, dateAfter, serverAccepts } from '../domain/card-dates';
import type { CardDetails, EncryptedDetails } from '../domain/card-details';
import { NO_DETAILS, normaliseDetails, sameDetails } from '../domain/card-details';
import { newCardId } from '../domain/card-id';
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { nextTask } from '../domain/next-task';
import type { CardChange, Deletion } from '../domain/outbox';
import type { AuthRecords } from '../domain/secret';
import { sameCards, withoutCards, withStoredCard, withStoredCards } from '../domain/stored-cards';
import type { DetailsCollection } from '../domain/stored-details';
import { withoutDetails, withStoredDetails } from '../domain/stored-details';
import { getEngine } from '../engine';
import { updateStorage } from '../storage/local-storage';
import {
  accountRecord,
  detailsOf,
  detailsRecord,
  newRecords,
  showRecords,
  showWithoutDetails,
  withRecord,
} from './details';
import { assertUnchanged, CHANGED_ELSEWHERE } from './device-records';
import { showCard, showCards, showWithout } from './shown-cards';
import { cardsState, hasSecret, records, session, storedCollection } from './store';
import { openAndShow } from './view';

export { cardsState } from './store';

const isEncryptedCard = (card: StoredCard): card is EncryptedCard => 'cipherText' in card.data;

export const findCard = (id: string): PlainCard | undefined => cardsState.cards.find((card) => card.id === id);

/**
 * Signed out: stores a change to this device's cards, made under the storage lock to the cards stored at that
 * moment, against the records this tab knows (`known`; another tab's change to them refuses it). Then shows it:
 * with `show` when the stored cards were the ones on screen, else by opening what is stored now.
 */
async function storeThenShow(
  known: AuthRecords,
  change: (cards: CardCollection) => CardCollection,
  show: (stored: CardCollection) => void,
  details?: DetailsChange,
): Promise<void> {
  const before = storedCollection();
  let unchanged = false;
  const after = await updateStorage((current) => {
    assertUnchanged(current.auth, known);
    unchanged = sameCards(current.cards, before);
    // The cards' details change in the same write: storage never holds a card's change without its details'.
    const cards = change(current.cards);
    const nextDetails = details?.change(current.details);
    return nextDetails && nextDetails !== current.details ? { cards, details: nextDetails } : { cards };
  });
  details?.show(after.details);
  if (unchanged) show(after.cards);
  else await openAndShow(after.cards);
}

/** How a change of cards changes their details too, and shows it. */
interface DetailsChange {
  change: (stored: DetailsCollection) => DetailsCollection;
  show: (stored: DetailsCollection) => void;
}

/** Refuses, before anything is sealed or stored, `count` new cards the account has no room for. */
function assertRoomFor(count: number): void {
  const room = Math.max(0, CARD_CAP - Object.keys(storedCollection().cards).length);
  if (count > room) throw new CardCapError(count === 1 ? CapMessages.full : CapMessages.tooMany(room));
}

/** The date of the stored copy of card `id`, if there is one. */
const storedDate = (id: string): number | undefined => {
  const { cards } = storedCollection();
  return Object.hasOwn(cards, id) ? cards[id]?.modifiedAt : undefined;
};

/**
 * Signed in, the date a change to card `id` goes out with (src/domain/card-dates.ts): by the server's clock, which
 * is what it checks dates against, and after the copy it replaces even when that copy came from a device whose clock
 * runs ahead, or the change would give way to it and be lost. A date further ahead than the server accepts is
 * refused here, before anything is stored, and the person is told why.
 */
function accountDate(now: number, id: string | undefined): number {
  const date = dateAfter(now, id === undefined ? undefined : storedDate(id));
  if (!serverAccepts(date, now)) throw new SleeveError(DateMessages.datedAhead);
  return date;
}

/**
 * Starts the engine's worker as an editor opens: every save goes through it, and a worker that cannot start is then
 * found (and said, on the failure screen) before anything is typed, not when Save is pressed.
 */
export function prepareToSave(): void {
  getEngine();
}

/**
 * Adds a card (no id) or updates one, with its details when given (`undefined`: they stay as they are); resolves to
 * the card's id. Rejects with a message for the person.
 */
export async function saveCard(input: { id?: string; data: CardData; details?: CardDetails }): Promise<string> {
  const known = records();
  const signedIn = session();
  // Signed in, the account keeps at most CARD_CAP cards (src/domain/card-cap.ts): said before anything is stored.
  if (signedIn && input.id === undefined) assertRoomFor(1);
  const id = input.id ?? newCardId((candidate) => Object.hasOwn(storedCollection().cards, candidate));
  const modifiedAt = signedIn ? accountDate(signedIn.now(), input.id) : Date.now();
  const card: PlainCard = { id, data: input.data, modifiedAt };
  // Encrypted whenever a password or PIN exists (SPEC.md §4, Cards); the worker refuses if the key is not held.
  const stored = await getEngine().sealCard(card, hasSecret() ? 'ENCRYPTED' : 'UNENCRYPTED');
  const details = input.details && normaliseDetails(input.details);
  const detailsChanged = details !== undefined && !sameDetails(details, detailsOf(id) ?? NO_DETAILS);
  const account = session();
  if (account) {
    if (!isEncryptedCard(stored)) throw new InvalidStateError(Messages.keyMissingEncrypt);
    // Changed details go with the card's change, in its write: the server takes them only beside their card.
    if (!details || !detailsChanged) await account.put(stored, card);
    else await account.put({ ...stored, details: await accountRecord(id, details, modifiedAt) }, card, details);
    return id;
  }
  const record = details && detailsChanged ? await detailsRecord(id, details, modifiedAt) : null;
  // A PIN created in another tab since this card was sealed: a plain card must not be stored beside it.
  await storeThenShow(
    known,
    (cards) => withStoredCard(cards, stored),
    (after) => showCard(after, card),
    details && detailsChanged
      ? {
          change: (current) => withRecord(current, id, record),
          show: (after) => showRecords(after, new Map([[id, details]])),
        }
      : undefined,
  );
  return id;
}

/**
 * Adds many new cards in one change (an import): all sealed first (encrypted whenever a password or PIN exists), then
 * stored in one write under the lock, or kept in the outbox in one write while signed in. All or nothing: if any step
 * fails, not one of them is stored. The ids were chosen by the caller; one that another tab has taken meanwhile
 * refuses the whole change rather than replace that tab's card.
 */
export async function saveNewCards(
  cards: readonly PlainCard[],
  details: ReadonlyMap<string, CardDetails> = new Map(),
): Promise<void> {
  if (cards.length === 0) return;
  if (session()) assertRoomFor(cards.length);
  const known = records();
  const stored = await sealInBatches(cards, hasSecret() ? 'ENCRYPTED' : 'UNENCRYPTED');
  const dates = new Map(cards.map((card) => [card.id, card.modifiedAt]));
  const kept = new Map([...details].map(([id, given]) => [id, normaliseDetails(given)]));
  const detailRecords = await newRecords(kept, (id) => dates.get(id) ?? Date.now());
  const account = session();
  if (account) {
    if (!stored.every(isEncryptedCard)) throw new InvalidStateError(Messages.keyMissingEncrypt);
    // Each card's details go with it, in its change (sealed, since signed in a key is always held).
    const sealed = new Map(detailRecords.map((record) => [record.id, record]));
    const changes = stored.map((card): CardChange => {
      const record = sealed.get(card.id);
      return record && 'cipherText' in record.data ? { ...card, details: record as EncryptedDetails } : card;
    });
    await account.putMany(changes, cards, kept);
    return;
  }
  await storeThenShow(
    known,
    (current) => {
      if (cards.some((card) => Object.hasOwn(current.cards, card.id))) throw new SleeveError(CHANGED_ELSEWHERE);
      return withStoredCards(current, stored);
    },
    (after) => showCards(after, cards),
    detailRecords.length === 0
      ? undefined
      : {
          change: (current) => detailRecords.reduce(withStoredDetails, current),
          show: (after) => showRecords(after, kept),
        },
  );
}

/** Cards handed to the worker at once when many are saved together (an import). */
const SEAL_BATCH = 500;

/**
 * Seals many cards a batch at a time, a task between batches: ten thousand handed over in one piece, and their
 * answer read back, are each a long task on a slow phone. Nothing is stored until every batch is sealed, so a
 * failure part-way (the key dropped by a lock) stores none of them.
 */
async function sealInBatches(cards: readonly PlainCard[], kind: CardCollection['type']): Promise<StoredCard[]> {
  const sealed: StoredCard[] = [];
  for (let start = 0; start < cards.length; start += SEAL_BATCH) {
    if (start > 0) await nextTask();
    sealed.push(...(await getEngine().sealCards(cards.slice(start, start + SEAL_BATCH), kind)));
  }
  return sealed;
}

/** Deletes cards by id: readable ones from the list, or ones the person chose to delete unread. */
async function deleteCards(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const known = records();
  const account = session();
  if (account) {
    // The server does not date a deletion (it only removes the card), so any date is accepted; this one only has to
    // come after the card's copy, or the deletion would give way to it and the card would come back.
    const now = account.now();
    const deletions = ids.map((id): Deletion => ({ id, deleted: true, modifiedAt: dateAfter(now, storedDate(id)) }));
    return account.remove(deletions);
  }
  // Signed in from another tab since this began: the deletion belongs to the account now, not to this storage.
  await storeThenShow(
    known,
    (cards) => withoutCards(cards, ids),
    (after) => showWithout(after, ids),
    { change: (details) => withoutDetails(details, ids), show: (after) => showWithoutDetails(after, ids) },
  );
}

export const deleteCard = (id: string): Promise<void> => deleteCards([id]);

/**
 * Deletes every card the person can see. Cards that could not be opened stay: no whole-collection change deletes
 * what this device could not read; they remain listed for the person to keep or delete one by one.
 */
export const deleteAllCards = (): Promise<void> => deleteCards(cardsState.cards.map((card) => card.id));

/** The person chose to delete a card that could not be opened. */
export const deleteUnreadableCard = (id: string): Promise<void> => deleteCards([id]);

export { keepUnreadable as keepUnreadableCard } from './shown-cards';
