/**
 * The cards as the person sees them. The proxy holds decrypted view cards only; the stored collection (possibly
 * ciphertext) stays in this module, outside any proxy. Every change is stored first and shown after, so a failed
 * write leaves both the screen and the device as they were.
 *
 * Where a change is stored is the card sink's business: this device's storage when signed out, the server (one
 * encrypted card at a time) when signed in. The actions are the same either way.
 */
import { proxy, ref } from 'valtio';
import type { CardCollection, CardData, PlainCard } from '../domain/card';
import { emptyPlainCollection, withoutCard } from '../domain/card';
import { byModifiedDesc } from '../domain/search';
import { getEngine } from '../engine';
import { saveCards } from '../storage/local-store';

export const cardsState = proxy({
  /** Newest first. Held by reference: a new array replaces the old one, so thousands of cards are not proxied. */
  cards: ref([] as PlainCard[]),
  /** True while a merge with another source of cards is under way (SPEC.md §2: the home spinner). */
  merging: false,
});

let stored: CardCollection = emptyPlainCollection();

/** Where card changes are stored. Each method gets the whole collection after the change, and what changed. */
export interface CardSink {
  /** Stores that card `id` of `collection` was added or updated. */
  save(collection: CardCollection, id: string): Promise<void>;
  /** Stores that card `id` was deleted; `collection` no longer has it. */
  remove(collection: CardCollection, id: string): Promise<void>;
  /** Stores that every card was deleted; `collection` is empty. */
  removeAll(collection: CardCollection): Promise<void>;
  /** Whether the cards live in this device's storage. */
  readonly local: boolean;
}

/** Signed out: the whole collection is written to this device's storage. */
export const localSink: CardSink = {
  local: true,
  save: async (collection) => saveCards(collection),
  remove: async (collection) => saveCards(collection),
  removeAll: async (collection) => saveCards(collection),
};

let sink: CardSink = localSink;

/** Switches where changes go: the account module passes the server's sink on sign-in and `localSink` after. */
export function setCardSink(next: CardSink): void {
  sink = next;
}

/** Whether card changes are stored on this device (signed out), rather than on the server. */
export const storesLocally = (): boolean => sink.local;

function show(cards: PlainCard[]): void {
  cardsState.cards = ref([...cards].sort(byModifiedDesc));
}

/** Opens a stored collection (decrypting it in the worker when it is encrypted) and shows its cards. */
export async function openCards(collection: CardCollection): Promise<void> {
  // A plain collection needs no key and no crypto (the engine would only list its cards), so it is shown without
  // waiting for the engine worker's script to load and start: that wait sat between navigation and the first card.
  const cards =
    collection.type === 'UNENCRYPTED' ? Object.values(collection.cards) : await getEngine().openCollection(collection);
  stored = collection;
  show(cards);
}

export const storedCollection = (): CardCollection => stored;

/** Replaces the stored collection after another action (e.g. encrypting everything) already produced it. */
export function adoptCollection(collection: CardCollection, cards: PlainCard[]): void {
  stored = collection;
  show(cards);
}

export const findCard = (id: string): PlainCard | undefined => cardsState.cards.find((card) => card.id === id);

/** Adds a card (no id) or updates one; resolves to the card's id. Rejects with a message for the person. */
export async function saveCard(input: { id?: string; data: CardData }): Promise<string> {
  const { collection, card } = await getEngine().putCard(stored, input, Date.now());
  await sink.save(collection, card.id);
  stored = collection;
  show([card, ...cardsState.cards.filter((other) => other.id !== card.id)]);
  return card.id;
}

export async function deleteCard(id: string): Promise<void> {
  const next = withoutCard(stored, id);
  await sink.remove(next, id);
  stored = withoutCard(stored, id);
  show(cardsState.cards.filter((card) => card.id !== id));
}

export async function deleteAllCards(): Promise<void> {
  // The kind is kept: an encrypted wallet stays encrypted, so the next card saved is encrypted too.
  const next: CardCollection = { type: stored.type, cards: {} } as CardCollection;
  await sink.removeAll(next);
  stored = next;
  show([]);
}

/** Forgets the cards on screen (used when locking), without touching storage. */
export function hideCards(): void {
  cardsState.cards = ref([]);
}
