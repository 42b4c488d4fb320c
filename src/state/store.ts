/**
 * What is true for this device, in one place. In proxies, what screens read: the lock and account flags, the cards
 * and their details on screen, the PIN's limit, the toast, the clipboard's countdown. Outside any proxy, what no
 * screen may hold: the auth records, the stored collection, the running sync session, the sign-in in progress, the
 * secret the gate verified, and the bookkeeping of tabs and timers. A leaf: it imports nothing of the state layer, so
 * every other state module reads and changes it without an import circle, and `resetDevice` puts all of it back as a
 * fresh page has it.
 *
 * Proxies hold view data only (DESIGN.md invariant 2): decrypted cards, flags, ids of unreadable cards; never a salt,
 * a wrapped key or a CryptoKey. The lock flags change only through src/state/lock.ts.
 */
import { proxy, ref } from 'valtio';
import type { CardCollection, PlainCard, UnreadableCard } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import type { CardDetails } from '../domain/card-details';
import { defaultPreferences, type Preferences } from '../domain/preferences';
import type { AuthRecords, SecretRecord } from '../domain/secret';
import { emptyAuthRecords } from '../domain/secret';
import type { MalformedEntry } from '../domain/server-shapes';
import { emptyDetailsCollection } from '../domain/stored-details';
import type { SignedInUser } from '../domain/user';
import { engineStartFailure, startedEngine } from '../engine';
import type {
  CardsBeforeLock,
  DeviceEvent,
  DeviceMemory,
  MemoryPart,
  SignInResult,
  StartFailure,
  StorageProblem,
  SyncSession,
} from './store-types';

export type * from './store-types';

const initialAppState = () => ({
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
  /** False while Firebase has not yet said who is signed in to this device's account: the splash (SPEC.md §2). */
  remoteReady: true,
  /** The password was changed on another device: unlocking needs the new one ('Enter your new password'). */
  passwordStale: false,
  /** The newer password's key cannot open the cards this one could (src/state/newer-password.ts): nothing dropped. */
  keyConflict: false,
});
export const appState = proxy(initialAppState());

const initialCardsState = () => ({
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
export const cardsState = proxy(initialCardsState());

/** The cards' details as opened (view data, src/state/details.ts); an unencrypted wallet's as stored. */
const initialDetailsState = () => ({
  /** By card id; held by reference: a new object replaces the old one. */
  byCard: ref({} as Record<string, CardDetails>),
  /** Ids of cards whose details are stored but could not be opened: kept as stored, never written over. */
  unreadable: ref([] as string[]),
});
export const detailsState = proxy(initialDetailsState());

/** The PIN's attempt limit as the PIN screens show it; src/state/pin-limit.ts keeps it in step with storage. */
const initialPinLimitState = () => ({
  /** When the next PIN may be tried (ms since epoch); 0 when it may be tried now. */
  tryAgainAt: 0,
  /** Ten wrong PINs in a row: the PIN no longer unlocks; the password or 'Forgot PIN?' remain. */
  stopped: false,
  /** The key that binds the PIN record to this device is not here, so the PIN cannot open. */
  keyMissing: false,
});
export const pinLimitState = proxy(initialPinLimitState());

const initialAccountState = () => ({
  /** True while a sign-in, sign-out or account deletion runs (the spinner on the Account screen). */
  busy: false,
  /** Google sign-in is done and this password step must follow before the person counts as signed in. */
  awaitingPassword: null as SignInResult | null,
  /** The password step waits for a password another device created while this one was creating its own. */
  passwordFromElsewhere: false,
  /** The Google account's email while one is signed in or signing in: password managers key the password on it. */
  email: '',
});
export const accountState = proxy(initialAccountState());

const initialPasskeyState = () => ({
  /** This browser, at this address, can unlock with a passkey (src/webauthn/ceremonies.ts). */
  supported: false,
  /** A passkey ceremony or its storing runs: the passkey buttons wait. */
  busy: false,
});
export const passkeyState = proxy(initialPasskeyState());

const initialToastState = () => ({
  visible: false,
  message: '',
  type: 'SUCCESS' as 'SUCCESS' | 'ERROR',
  /** Changes with every toast so the same message shown twice still restarts its timer and announcement. */
  serial: 0,
});
export const toastState = proxy(initialToastState());

const initialClipboardState = () => ({
  /** Numbers each copy, so the button that made one can tell it from a later copy. */
  serial: 0,
  /** When the last copy will be cleared (ms since the epoch), until it has been; `null` when none waits. */
  clearsAt: null as number | null,
});
export const clipboardState = proxy(initialClipboardState());

/** What the route announcer says (src/app/screen-title.ts), and the order of Home's list (src/screens/home). */
const initialScreenState = () => ({ announcement: '', expiringFirst: false });
export const screenState = proxy(initialScreenState());

/** A new version of Sleeve waits to take over (its service worker installed, this page still on the old one). */
export const updateState = proxy({ available: false });

/** What You → 'Download app' can do (src/state/install.ts): ask the browser to install Sleeve, or say it is installed. */
export const installState = proxy({ canPrompt: false, installed: false });

export const preferencesState = proxy<Preferences>(defaultPreferences());

/** Sets every preference in place, so whoever subscribed to a section keeps hearing it. */
export function showPreferences(preferences: Preferences): void {
  Object.assign(preferencesState.userInterface, preferences.userInterface);
  Object.assign(preferencesState.updates, preferences.updates);
  Object.assign(preferencesState.security, preferences.security);
}

const noScanDraft = () => ({ scanBase: null, scanBaseDetails: null, scanned: null });

const initialMemory = (): DeviceMemory => ({
  records: emptyAuthRecords(),
  collection: emptyPlainCollection(),
  session: null,
  tickets: 0,
  shownTicket: 0,
  newerPassword: null,
  cardsBeforeLock: null,
  signIn: null,
  gate: { followUp: null, forNewSecret: false, verified: null, cardPinVerifiedAt: null, cardPinToReveal: null },
  tabs: { stop: null, changed: new Set(), following: Promise.resolve() },
  idle: { lastActivity: Date.now(), timer: undefined, armed: false, stop: null, beforeLock: new Set() },
  clipboard: { written: null, timer: undefined },
  toast: { timer: undefined },
  update: { switchTo: null },
  server: { loading: undefined },
  history: { depth: 0 },
  install: { offer: null },
  drafts: { card: null, cardDetails: null, pin: '', pinSkipped: false, edit: null, ...noScanDraft() },
  screens: { shown: 0 },
  details: { stored: emptyDetailsCollection(), opened: new Map(), readings: 0 },
  listeners: new Set(),
});

/** The device's memory outside any proxy. Modules of src/state reach their part through the accessors below. */
const memory: DeviceMemory = initialMemory();

/** The part of the memory one module of src/state keeps its bookkeeping in (its timers, its queue, its listeners). */
export const memoryOf = <K extends MemoryPart>(part: K): DeviceMemory[K] => memory[part];

/** The sign-in in progress (src/state/sign-in.ts); the Account screens see only which step waits. */
export const pendingSignIn = (): DeviceMemory['signIn'] => memory.signIn;
export function setPendingSignIn(next: DeviceMemory['signIn']): void {
  memory.signIn = next;
  accountState.awaitingPassword = next ? next.step : null;
  accountState.passwordFromElsewhere = next?.fromElsewhere === true;
}

export const records = (): AuthRecords => memory.records;
export const hasSecret = (): boolean => memory.records.password !== null || memory.records.pin !== null;

export function setRecords(next: AuthRecords): void {
  memory.records = next;
  appState.pinCreated = next.pin !== null;
  appState.passwordCreated = next.password !== null;
  appState.passkeyCreated = next.passkey !== null;
}

export const storedCollection = (): CardCollection => memory.collection;

/** The stored collection changed without the cards on screen changing (encrypted or decrypted as a whole). */
export function setStoredCollection(collection: CardCollection): void {
  memory.collection = collection;
}

/** A ticket for cards read now; src/state/shown-cards.ts shows them only if nothing read later is on screen. */
export const takeTicket = (): number => ++memory.tickets;
/** The ticket of what is on screen: opened again, it is as old as then (src/state/view.ts `showStoredAgain`). */
export const screenTicket = (): number => memory.shownTicket;

/** Marks what is on screen as read with `ticket`; `false` when cards read later are already there. */
export function claimScreen(ticket: number): boolean {
  if (ticket < memory.shownTicket) return false;
  memory.shownTicket = ticket;
  return true;
}

/** The password record newer than this device's, heard from the server; unlocking with it adopts it. */
export const newerPasswordRecord = (): SecretRecord | null => memory.newerPassword;
export function setNewerPasswordRecord(record: SecretRecord | null): void {
  memory.newerPassword = record;
}

/** What this tab's key opened when it last locked; `null` when it has not been unlocked since its start. */
export const cardsBeforeLock = (): CardsBeforeLock | null => memory.cardsBeforeLock;
export function setCardsBeforeLock(cards: CardsBeforeLock | null): void {
  memory.cardsBeforeLock = cards;
}

export const session = (): SyncSession | null => memory.session;

/** Replaces the sync session; the one before is disposed, so nothing of it can touch the next. */
export function setSession(next: SyncSession | null): void {
  if (memory.session && memory.session !== next) memory.session.dispose();
  memory.session = next;
  if (!next) {
    cardsState.merging = false;
    cardsState.waiting = 0;
    cardsState.malformed = ref([]);
  }
}

/** Tells every listener (src/state/lifecycle.ts) what the state layer learnt; returns nothing to wait for. */
export function emitDeviceEvent(event: DeviceEvent): void {
  for (const listener of memory.listeners) listener(event);
}

export function onDeviceEvent(listener: (event: DeviceEvent) => void): () => void {
  memory.listeners.add(listener);
  return () => memory.listeners.delete(listener);
}

/**
 * Forgets what was read from storage (records, collection, session, cards on screen, the lock and account flags):
 * what every start does before it reads storage again. Timers, listeners and preferences stay: a copied card number
 * is still cleared on time, and this tab still hears other tabs.
 */
export function forgetStorageReading(): void {
  setSession(null);
  // An open of the disposed session may still be in the worker: answered later, it must not show what was forgotten.
  claimScreen(takeTicket());
  setRecords(emptyAuthRecords());
  memory.collection = emptyPlainCollection();
  memory.newerPassword = null;
  memory.cardsBeforeLock = null;
  Object.assign(cardsState, initialCardsState());
  Object.assign(detailsState, initialDetailsState());
  memory.details = { stored: emptyDetailsCollection(), opened: new Map(), readings: memory.details.readings + 1 };
  Object.assign(appState, initialAppState());
  Object.assign(pinLimitState, initialPinLimitState());
}

/**
 * Back to a device that knows nothing, as a fresh page has it: no key in the engine, nothing read, nothing typed,
 * no timer waiting. Tests start each case from here.
 */
export async function resetDevice(): Promise<void> {
  forgetStorageReading();
  memory.tabs.stop?.();
  memory.idle.stop?.();
  clearTimeout(memory.idle.timer);
  clearTimeout(memory.clipboard.timer);
  clearTimeout(memory.toast.timer);
  // The browser's offer is not the device's; tickets keep counting, so an open from before stays refused.
  const { install, tickets, shownTicket } = memory;
  Object.assign(memory, initialMemory(), { install, tickets, shownTicket });
  setPendingSignIn(null);
  Object.assign(accountState, initialAccountState());
  Object.assign(passkeyState, initialPasskeyState());
  Object.assign(toastState, initialToastState());
  Object.assign(clipboardState, initialClipboardState());
  updateState.available = false;
  Object.assign(screenState, initialScreenState());
  showPreferences(defaultPreferences());
  // A worker that failed to start never answers, and holds no key either.
  const engine = startedEngine();
  if (engine) await Promise.race([engine.lock(), engineStartFailure().catch(() => undefined)]);
}
