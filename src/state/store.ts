/**
 * What is true for this device, in one place: the lock and account flags and the cards on screen (in proxies the
 * screens read), and, outside any proxy, the auth records, the stored collection and the running sync session.
 * A leaf: it imports nothing of the state layer, so every other state module can read and change it without an
 * import circle, and a test resets the whole device with one call.
 *
 * Proxies hold view data only (DESIGN.md invariant 2): decrypted cards, flags, ids of unreadable cards; never a
 * salt, a wrapped key or a CryptoKey.
 */
import { proxy, ref } from 'valtio';
import type { CardCollection, EncryptedCard, OpenedCards, PlainCard, UnreadableCard } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import { byModifiedDesc } from '../domain/search';
import type { AuthRecords, SecretRecord } from '../domain/secret';
import { emptyAuthRecords } from '../domain/secret';
import type { MalformedEntry } from '../domain/server-shapes';
import type { SignedInUser } from '../domain/user';

export interface StorageProblem {
  name: 'cards' | 'auth' | 'preferences' | 'outbox' | 'pinAttempts';
  reason: string;
}

/**
 * Why Sleeve could not start: its storage refused (site data blocked, a private window's limits), the engine worker
 * could not be loaded, a part of the app could not be fetched, or something else went wrong on the way.
 */
export type StartFailure = 'storage' | 'engine' | 'load' | 'unexpected';

export const appState = proxy({
  phase: 'loading' as 'loading' | 'problem' | 'failed' | 'ready',
  problems: [] as StorageProblem[],
  /** Set with phase 'failed': what went wrong, so the screen can say what to try. */
  startFailure: null as StartFailure | null,
  /** Encrypted data exists and the key is not held: only the unlock screens are reachable. */
  locked: false,
  pinCreated: false,
  passwordCreated: false,
  /** A passkey record exists beside the PIN or password (the record itself stays outside any proxy). */
  passkeyCreated: false,
  /** Signed in with Google and a password created or entered; `null` for anonymous use. */
  user: null as SignedInUser | null,
  /**
   * False while this device has an account password and Firebase has not yet said who is signed in; only the
   * splash shows until then (SPEC.md §2). True when there is no account on this device.
   */
  remoteReady: true,
  /** The password was changed on another device: unlocking needs the new one ('Enter your new password'). */
  passwordStale: false,
});

export const cardsState = proxy({
  /** Newest first. Held by reference: a new array replaces the old one, so thousands of cards are not proxied. */
  cards: ref([] as PlainCard[]),
  /** True while a merge with another source of cards is under way (SPEC.md §2: the home spinner). */
  merging: false,
  /** Stored cards that could not be opened: kept as stored, listed for the person to keep or delete. */
  unreadable: ref([] as UnreadableCard[]),
  /** Ids of unreadable cards the person chose to keep; they are no longer counted on Home. */
  kept: ref([] as string[]),
  /** Entries on the server that are not well-formed cards: reported, never written over. */
  malformed: ref([] as MalformedEntry[]),
  /** Signed in: card changes on this device that the server has not acknowledged yet. */
  waiting: 0,
});

/** The PIN's attempt limit as the PIN screens show it; src/state/pin-limit.ts keeps it in step with storage. */
export const pinLimitState = proxy({
  /** When the next PIN may be tried (ms since epoch); 0 when it may be tried now. */
  tryAgainAt: 0,
  /** Ten wrong PINs in a row: the PIN no longer unlocks; the password or 'Forgot PIN?' remain. */
  stopped: false,
  /** The key that binds the PIN record to this device is not here, so the PIN cannot open. */
  keyMissing: false,
});

/**
 * The running sync session, from sign-in to sign-out (src/state/sync-session.ts): where card changes go while signed
 * in. Each change is kept in the outbox on this device first, so it resolves once stored here, sent or not.
 */
export interface SyncSession {
  put(card: EncryptedCard, shown: PlainCard): Promise<void>;
  /** Many new cards kept in the outbox in one write (an import), then shown and sent. */
  putMany(cards: readonly EncryptedCard[], shown: readonly PlainCard[]): Promise<void>;
  remove(ids: readonly string[], at: number): Promise<void>;
  /** Writes a new password record to the server; its echo is not taken as a change made elsewhere. */
  setPasswordRecord(record: SecretRecord): Promise<void>;
  /** The newer password record that made this device stale, if any. */
  newerPasswordRecord(): SecretRecord | null;
  /** Now, by the server's clock: what changes sent to it are dated with (it refuses dates ahead of its own). */
  now(): number;
  /** Another tab changed the outbox: show and send what it holds now. */
  outboxChanged(): void;
  dispose(): void;
}

interface Device {
  records: AuthRecords;
  /** The collection the cards on screen come from: this device's storage, or the server's cards while signed in. */
  collection: CardCollection;
  session: SyncSession | null;
  /** Tickets number each reading of cards to be shown, so an older reading never replaces a newer one on screen. */
  tickets: number;
  /** The ticket of what is on screen. */
  shownTicket: number;
}

const device: Device = {
  records: emptyAuthRecords(),
  collection: emptyPlainCollection(),
  session: null,
  tickets: 0,
  shownTicket: 0,
};

/** A ticket for cards read now; `showOpened` with it shows them only if nothing read later is on screen. */
export const takeTicket = (): number => ++device.tickets;

export const records = (): AuthRecords => device.records;
export const hasSecret = (): boolean => device.records.password !== null || device.records.pin !== null;

export function setRecords(next: AuthRecords): void {
  device.records = next;
  appState.pinCreated = next.pin !== null;
  appState.passwordCreated = next.password !== null;
  appState.passkeyCreated = next.passkey !== null;
}

export const storedCollection = (): CardCollection => device.collection;

/** The stored collection changed without the cards on screen changing (encrypted or decrypted as a whole). */
export function setStoredCollection(collection: CardCollection): void {
  device.collection = collection;
}

/**
 * The stored collection and what opening it gave, shown; `false` (and nothing shown) when cards read after
 * `ticket` are already on screen: opening is slow, and an older open must not undo a newer change.
 */
export function showOpened(collection: CardCollection, opened: OpenedCards, ticket = takeTicket()): boolean {
  if (ticket < device.shownTicket) return false;
  device.shownTicket = ticket;
  device.collection = collection;
  cardsState.cards = ref([...opened.cards].sort(byModifiedDesc));
  cardsState.unreadable = ref(opened.unreadable);
  cardsState.kept = ref(cardsState.kept.filter((id) => opened.unreadable.some((card) => card.id === id)));
  return true;
}

/** One card changed on screen, the rest as they were (no need to open the whole collection again). */
export function showCard(collection: CardCollection, card: PlainCard): void {
  device.shownTicket = takeTicket();
  device.collection = collection;
  cardsState.cards = ref([card, ...cardsState.cards.filter((other) => other.id !== card.id)].sort(byModifiedDesc));
}

/** Many cards added to the screen at once (an import), the rest as they were. */
export function showCards(collection: CardCollection, cards: readonly PlainCard[]): void {
  device.shownTicket = takeTicket();
  device.collection = collection;
  const added = new Set(cards.map((card) => card.id));
  const rest = cardsState.cards.filter((card) => !added.has(card.id));
  cardsState.cards = ref([...cards, ...rest].sort(byModifiedDesc));
}

/** Cards gone from the stored collection, and from the screen. */
export function showWithout(collection: CardCollection, ids: readonly string[]): void {
  device.shownTicket = takeTicket();
  device.collection = collection;
  const gone = new Set(ids);
  cardsState.cards = ref(cardsState.cards.filter((card) => !gone.has(card.id)));
  cardsState.unreadable = ref(cardsState.unreadable.filter((card) => !gone.has(card.id)));
}

/** The person chose to keep a card that could not be opened: it stays stored and is no longer counted on Home. */
export function keepUnreadable(id: string): void {
  if (!cardsState.kept.includes(id)) cardsState.kept = ref([...cardsState.kept, id]);
}

/** Forgets every card on screen (locking, leaving); storage is not touched. */
export function hideCards(): void {
  cardsState.cards = ref([]);
  cardsState.unreadable = ref([]);
  cardsState.kept = ref([]);
}

export const session = (): SyncSession | null => device.session;

/** Replaces the sync session; the one before is disposed, so nothing of it can touch the next. */
export function setSession(next: SyncSession | null): void {
  if (device.session && device.session !== next) device.session.dispose();
  device.session = next;
  if (!next) {
    cardsState.merging = false;
    cardsState.waiting = 0;
    cardsState.malformed = ref([]);
  }
}

/** Back to a device that knows nothing: what a fresh page starts from before reading storage. */
export function resetDevice(): void {
  setSession(null);
  setRecords(emptyAuthRecords());
  device.collection = emptyPlainCollection();
  hideCards();
  Object.assign(appState, {
    phase: 'loading',
    problems: [],
    startFailure: null,
    locked: false,
    user: null,
    remoteReady: true,
    passwordStale: false,
  });
  Object.assign(pinLimitState, { tryAgainAt: 0, stopped: false, keyMissing: false });
}
