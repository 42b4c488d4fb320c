/**
 * Sorting a stored collection's entries into those that can be opened and those that cannot, card by card, so one
 * bad record never blocks the rest (DESIGN.md invariant 8). Stored values pass `checkCollection` as a whole when
 * their structure is sound; what is wrong inside one card is found here and reported with that card.
 */
import type { CardCollection, EncryptedCard, OpenedCards, PlainCard, UnreadableCard } from './card';
import { NETWORKS, THEMES } from './card';
import { InvalidArgumentError, Messages } from './errors';
import { inSlices, type SliceOptions } from './next-task';
import { byModifiedDesc } from './search';
import { sortInSlices } from './sort-in-slices';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored value named in a reason: short text as it is, in quotes; anything else (long text, a number, an object
 * nested thousands deep) is never written out, so a reason stays a short sentence and naming a value cannot fail.
 */
function quoted(value: unknown): string | null {
  return typeof value === 'string' && /^[\p{L}\p{N}\p{P}\p{Zs}]{1,24}$/u.test(value) ? JSON.stringify(value) : null;
}

function enumProblem(name: string, value: unknown): string {
  if (value === undefined) return `its ${name} is missing`;
  const shown = quoted(value);
  return shown === null ? `its ${name} is not one Sleeve knows` : `its ${name} ${shown} is unknown`;
}

/** Why a plain card's data is not card data, or `null` when it is. */
export function cardDataProblem(data: unknown): string | null {
  if (!isObject(data)) return 'its contents are not a card';
  for (const name of ['number', 'expiry', 'cardholder', 'issuer', 'cvv']) {
    if (data[name] === undefined) return `its ${name} is missing`;
    if (typeof data[name] !== 'string') return `its ${name} is not text`;
  }
  if (!(NETWORKS as readonly unknown[]).includes(data.network)) return enumProblem('network', data.network);
  if (!(THEMES as readonly unknown[]).includes(data.theme)) return enumProblem('theme', data.theme);
  return null;
}

function entryProblem(key: string, entry: unknown, type: CardCollection['type']): string | null {
  if (!isObject(entry)) return 'it is not a card';
  if (entry.id !== key) return 'its id does not match where it is stored';
  if (typeof entry.modifiedAt !== 'number' || !Number.isFinite(entry.modifiedAt)) return 'its date is damaged';
  if (type === 'UNENCRYPTED') return cardDataProblem(entry.data);
  const data = entry.data;
  if (!isObject(data) || typeof data.cipherText !== 'string' || typeof data.iv !== 'string') {
    return 'its encrypted contents are damaged';
  }
  return null;
}

const dateOf = (entry: unknown): number =>
  isObject(entry) && typeof entry.modifiedAt === 'number' && Number.isFinite(entry.modifiedAt) ? entry.modifiedAt : 0;

/**
 * The entries that are well-formed cards of the collection's kind, as a list in the collection's order, and the
 * others with the reason. A list rather than a map: opening only walks the cards, and building a map of 10,000 keys
 * is most of the check's cost. An entry stored under "__proto__" is read as the own property it is (JSON.parse
 * defines it so), and its id must match its key like any other.
 */
export function sortOutCards<C extends CardCollection>(
  collection: C,
): { cards: C['cards'][string][]; unreadable: UnreadableCard[] } {
  const { result, take } = outSorter(collection);
  for (const key of Object.keys(collection.cards)) take(key);
  return result;
}

/** `sortOutCards` a key at a time: `take` sorts out the entry under one key into `result`. */
function outSorter<C extends CardCollection>(collection: C) {
  const entries = collection.cards as Record<string, unknown>;
  const result = { cards: [] as C['cards'][string][], unreadable: [] as UnreadableCard[] };
  const take = (key: string) => {
    const entry = entries[key];
    const problem = entryProblem(key, entry, collection.type);
    if (problem === null) result.cards.push(entry as C['cards'][string]);
    else result.unreadable.push({ id: key, modifiedAt: dateOf(entry), reason: problem });
  };
  return { result, take };
}

/**
 * `sortOutCards` with the good cards as a collection. The map is built with `Object.fromEntries`, which defines each
 * key as its own: an assignment to a card stored under "__proto__" would set the map's prototype instead, and the
 * card would vanish from both lists.
 */
export function sortOut<C extends CardCollection>(collection: C): { wellFormed: C; unreadable: UnreadableCard[] } {
  const { cards, unreadable } = sortOutCards(collection);
  const map: Record<string, unknown> = Object.fromEntries(cards.map((card) => [card.id, card]));
  return { wellFormed: { type: collection.type, cards: map } as C, unreadable };
}

/** Opening a plain collection needs no key and no worker: its good cards, and the ones that are not cards. */
export function openPlain(collection: CardCollection): OpenedCards {
  const { cards, unreadable } = sortOutCards(collection);
  return { cards: cards as PlainCard[], unreadable };
}

/**
 * `openPlain` in slices of time (src/domain/next-task.ts), for a collection that may be large, with its cards newest
 * first as the worker's open gives them (worker/vault/collections.ts): for 10,000 cards at 4× CPU throttling, their
 * checks took 25–35 ms and their sort 20–30, and the screen's own sort then finds them in order. A small one is
 * opened in one slice, with no pause.
 */
export async function openPlainInSlices(
  collection: CardCollection,
  options: Pick<SliceOptions, 'now'> = {},
): Promise<OpenedCards> {
  const { result, take } = outSorter(collection);
  await inSlices(Object.keys(collection.cards), take, options);
  const cards = await sortInSlices(result.cards as PlainCard[], byModifiedDesc, options);
  return { cards, unreadable: result.unreadable };
}

/**
 * The collection with one stored card added or replaced. An empty collection takes the card's kind; a card of the
 * other kind than a non-empty collection is refused (one collection never mixes the two).
 */
export function withStoredCard(collection: CardCollection, card: PlainCard | EncryptedCard): CardCollection {
  const type: CardCollection['type'] = 'cipherText' in card.data ? 'ENCRYPTED' : 'UNENCRYPTED';
  const empty = Object.keys(collection.cards).length === 0;
  if (collection.type !== type && !empty) throw new InvalidArgumentError(Messages.mixedCollection);
  const cards = empty ? {} : collection.cards;
  return { type, cards: { ...cards, [card.id]: card } } as CardCollection;
}

/**
 * The collection with many stored cards added at once, as `withStoredCard` adds one: the kind of the cards, which
 * must all be of one kind, and never beside cards of the other kind.
 */
export function withStoredCards(
  collection: CardCollection,
  cards: readonly (PlainCard | EncryptedCard)[],
): CardCollection {
  const first = cards[0];
  if (!first) return collection;
  const type: CardCollection['type'] = 'cipherText' in first.data ? 'ENCRYPTED' : 'UNENCRYPTED';
  const empty = Object.keys(collection.cards).length === 0;
  const mixed = cards.some((card) => ('cipherText' in card.data ? 'ENCRYPTED' : 'UNENCRYPTED') !== type);
  if (mixed || (collection.type !== type && !empty)) throw new InvalidArgumentError(Messages.mixedCollection);
  // One copy of the map for all of them (spread, which defines own keys), then each card set in a plain loop: a list
  // of entries for Object.fromEntries took twice as long, 54 ms of a 10,000-card import at 4×.
  const stored: Record<string, PlainCard | EncryptedCard> = empty ? {} : { ...collection.cards };
  for (const card of cards) setOwn(stored, card.id, card);
  return { type, cards: stored } as CardCollection;
}

/** Sets `key` as an own property, even "__proto__" (an assignment would change the prototype instead: no card). */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else record[key] = value;
}

/** The collection without the given cards; the kind is kept (an encrypted wallet stays encrypted). */
export function withoutCards<C extends CardCollection>(collection: C, ids: readonly string[]): C {
  const cards: Record<string, unknown> = { ...collection.cards };
  for (const id of ids) delete cards[id];
  return { type: collection.type, cards } as C;
}

/**
 * Whether two reads of a collection hold the same cards (same ids, dates and, encrypted, the same ciphertext and IV).
 * Tells a tab whether storage still holds what it shows, so its own change can be shown without opening it all.
 */
export function sameCards(a: CardCollection, b: CardCollection): boolean {
  if (a === b) return true;
  if (a.type !== b.type) return false;
  const ids = Object.keys(a.cards);
  if (ids.length !== Object.keys(b.cards).length) return false;
  const left = a.cards as Record<string, PlainCard | EncryptedCard>;
  const right = b.cards as Record<string, PlainCard | EncryptedCard>;
  return ids.every((id) => {
    const x = left[id];
    const y = Object.hasOwn(right, id) ? right[id] : undefined;
    if (!x || !y || x.modifiedAt !== y.modifiedAt) return false;
    if (!('cipherText' in x.data)) return true;
    return 'cipherText' in y.data && x.data.cipherText === y.data.cipherText && x.data.iv === y.data.iv;
  });
}
