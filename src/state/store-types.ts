/**
 * The shapes src/state/store.ts keeps. Types only, so any module may name them without importing the store's code.
 */
import type { ReplacedKey } from '../../worker/api';
import type { CardCollection, CardData, EncryptedCollection, PlainCard } from '../domain/card';
import type { CardDetails, DetailsPlain } from '../domain/card-details';
import type { CardChange, Deletion } from '../domain/outbox';
import type { ScanResult } from '../domain/scan-result';
import type { AuthRecords, RetiredKeys, SecretRecord } from '../domain/secret';
import type { DetailsCollection } from '../domain/stored-details';
import type { ServerDetails } from '../domain/synced-details';
import type { SignedInUser } from '../domain/user';
import type { AccountServer, RecordSwap } from '../remote';
import type { StoredValueName } from '../storage/local-storage';

export interface StorageProblem {
  name: 'cards' | 'details' | 'auth' | 'preferences' | 'outbox' | 'pinAttempts';
  reason: string;
}

/**
 * Why Sleeve could not start: its storage refused (site data blocked, a private window's limits), the engine worker
 * could not be loaded, a part of the app could not be fetched, or something else went wrong on the way.
 */
export type StartFailure = 'storage' | 'engine' | 'load' | 'unexpected';

/**
 * SPEC.md §3's two results, and a third for an account that holds cards but no password record: a new password
 * could never open those cards, so no password is offered at all (src/screens/account/MissingPasswordScreen.tsx).
 */
export type SignInResult = 'CREATE_PASSWORD' | 'ENTER_PASSWORD' | 'PASSWORD_MISSING';

/**
 * The running sync session, from sign-in to sign-out (src/state/sync-session.ts): where card changes go while signed
 * in. Each change is kept in the outbox on this device first, so it resolves once stored here, sent or not.
 */
export interface SyncSession {
  /** A card's change kept in the outbox, then shown (with its details, when it carries them) and sent. */
  put(card: CardChange, shown: PlainCard, details?: CardDetails): Promise<void>;
  /** Many new cards kept in the outbox in one write (an import), then shown (with their details) and sent. */
  putMany(
    cards: readonly CardChange[],
    shown: readonly PlainCard[],
    details?: ReadonlyMap<string, CardDetails>,
  ): Promise<void>;
  /** The details records that show beside the cards shown (src/domain/synced-details.ts), to be opened. */
  shownDetails(): DetailsCollection;
  /** Deletions kept in the outbox in one write, then shown and sent. */
  remove(deletions: readonly Deletion[]): Promise<void>;
  /**
   * Writes `record` to the server only while it holds `replaces` (a compare-and-set), answering whether it did; its
   * echo is not taken as a change made elsewhere. Not bounded in time: src/state/record-writes.ts says when to tell.
   */
  swapPasswordRecord(replaces: SecretRecord, record: SecretRecord): Promise<RecordSwap>;
  /** Now, by the server's clock: what changes sent to it are dated with (it refuses dates ahead of its own). */
  now(): number;
  /** Another tab changed the outbox: show and send what it holds now. */
  outboxChanged(): void;
  /** The account's cards as the server holds them now, read once (a check must not run on what it last heard). */
  readServerCards(): Promise<EncryptedCollection>;
  /** The account's retired keys as the server holds them this moment (src/domain/secret.ts), or null. */
  readRetiredKeys(): Promise<RetiredKeys | null>;
  /** The account's cards' details records as the server holds them now, read once (replacing the key). */
  readServerDetails(): Promise<ServerDetails>;
  /** Whether the server is reachable this moment (a write would be answered, not queued). */
  connected(): Promise<boolean>;
  /**
   * Writes a replaced key (src/state/replace-key.ts): its record, the retired keys and every card, in one update
   * the server applies or refuses whole ('refused': the rules refused it, nothing changed; a write that got no
   * answer rejects), and refused too when the account's record is no longer `replaces`, the one it replaces (another
   * device replaced the key or changed the password first), or when the account's retired keys are no longer
   * `previous`, the list the new one holds. Its own record is not taken for a change made elsewhere. Not bounded in
   * time: src/state/replace-key.ts says when to tell.
   */
  replaceKey(
    replaced: ReplacedKey,
    replaces: SecretRecord,
    previous: RetiredKeys | null,
  ): Promise<'written' | 'refused'>;
  /** The account's password record as the server holds it this moment (null: none). */
  readPasswordRecord(): Promise<SecretRecord | null>;
  /**
   * Cards of `collection` that opened only under a retired key (`ids`): sealed again under the current key and sent,
   * unless a change of the card is waiting already. Runs on its own; a failure is reported, and the next open tries.
   */
  sealAgain(collection: EncryptedCollection, ids: readonly string[]): void;
  /**
   * The person keeps a card saved with a retired key after the key was replaced (`SAVED_WITH_OLD_KEY`):
   * sealed again under the current key and sent, then shown. Throws when it no longer is such a card here.
   */
  keepSavedWithOldKey(id: string): Promise<void>;
  /** Opens what it shows again, unless locked: the held key changed, and nothing the server sends will say so. */
  showAgain(): void;
  dispose(): void;
}

/**
 * What the state layer learns that another part must act on. The sync session reports what it hears from the
 * server; leaving reports when this tab must start again from storage. src/state/lifecycle.ts reacts to each.
 */
export type DeviceEvent =
  /** Firebase says nobody is signed in any more (signed out or deleted on another device, or the session ended). */
  | { kind: 'signed-out-elsewhere' }
  /** The server holds a newer password record than this device's: the new password is needed here. */
  | { kind: 'password-changed-elsewhere'; record: SecretRecord }
  /** What is stored changed under this tab in a way only a fresh start from storage follows. */
  | { kind: 'restart-needed' };

/** The ids of the cards a tab's key opened, and of those it could not, when the tab last locked. */
export interface CardsBeforeLock {
  readable: readonly string[];
  unreadable: readonly string[];
}

/** Chromium's event (not in TypeScript's DOM library): `prompt()` works once, `userChoice` tells the answer. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** A follow-up that waits at the verification gate (src/state/gate.ts) until the person has verified. */
export type FollowUp = () => void | Promise<void>;

/** The parts of the memory that one module of src/state keeps its own bookkeeping in. */
export type MemoryPart =
  | 'gate'
  | 'tabs'
  | 'idle'
  | 'clipboard'
  | 'toast'
  | 'update'
  | 'server'
  | 'history'
  | 'drafts'
  | 'screens'
  | 'details'
  | 'install';

export interface DeviceMemory {
  records: AuthRecords;
  /** The collection the cards on screen come from: this device's storage, or the server's cards while signed in. */
  collection: CardCollection;
  session: SyncSession | null;
  /** Tickets number each reading of cards to be shown, so an older reading never replaces a newer one on screen. */
  tickets: number;
  /** The ticket of what is on screen. */
  shownTicket: number;
  /** A password record newer than this device's, heard from the server (src/state/lock.ts, markPasswordStale). */
  newerPassword: SecretRecord | null;
  /**
   * The ids of the cards that opened, and did not, when this tab was last unlocked (kept through the lock: ids are not
   * secret), so a newer password record's key can be checked against them before any record is dropped
   * (src/state/newer-password.ts).
   */
  cardsBeforeLock: CardsBeforeLock | null;
  /**
   * Between Google sign-in and the password step (src/state/sign-in.ts): who signed in, the account's record
   * (null: none on the server) and the step that follows; `fromElsewhere`: the record was created on another device
   * while this one was creating its own.
   */
  signIn: { user: SignedInUser; record: SecretRecord | null; step: SignInResult; fromElsewhere?: boolean } | null;
  gate: {
    followUp: FollowUp | null;
    /** The waiting follow-up goes on to add or change a secret, and will need the secret verified for it. */
    forNewSecret: boolean;
    /** The secret just verified, for that follow-up only: a secret, so never in a proxy. */
    verified: { kind: 'pin' | 'password'; secret: string } | null;
    /** When the person last verified to reveal or copy a card's PIN (src/state/card-pin.ts); forgotten on locking. */
    cardPinVerifiedAt: number | null;
    /** The card whose PIN shows revealed when its screen is next shown, after the verification asked for it. */
    cardPinToReveal: string | null;
  };
  /** Following other tabs (src/state/tabs.ts): the storage listener, the names changed together, the queue. */
  tabs: { stop: (() => void) | null; changed: Set<StoredValueName>; following: Promise<void> };
  /** The auto-lock (src/state/auto-lock.ts). */
  idle: {
    lastActivity: number;
    timer: ReturnType<typeof setTimeout> | undefined;
    /** Whether the last check found something to lock, so arming afresh restarts the count. */
    armed: boolean;
    stop: (() => void) | null;
    /** What runs just before this tab locks (drafts forgotten). */
    beforeLock: Set<() => void>;
  };
  /** What Sleeve last copied, while its clearing waits (src/state/clipboard.ts): a card detail, not view data. */
  clipboard: { written: string | null; timer: ReturnType<typeof setTimeout> | undefined };
  toast: { timer: ReturnType<typeof setTimeout> | undefined };
  /** Activates the waiting version and reloads onto it, handed over by src/app/service-worker.ts. */
  update: { switchTo: (() => void) | null };
  /** Firebase's module, loading or loaded (src/state/server-loader.ts); `undefined` until first asked for. */
  server: { loading: Promise<AccountServer> | undefined };
  /** How many entries of this visit's history are Sleeve's before the current one (src/state/going-back.ts). */
  history: { depth: number };
  /** The browser's offer to install Sleeve, held for the person's press (src/state/install.ts): an event, not view data. */
  install: { offer: InstallPromptEvent | null };
  /**
   * What the person was typing when they left a form for a step between (src/state/drafts.ts): the new card while
   * the PIN is recommended, the new PIN while it is confirmed, the editor's card while the scanner reads one and
   * what it read; forgotten on locking.
   */
  drafts: {
    card: CardData | null;
    /** The new card's details as typed, beside `card`. */
    cardDetails: CardDetails | null;
    pin: string;
    pinSkipped: boolean;
    scanBase: CardData | null;
    /** The editor's details as typed when the scanner opened, beside `scanBase`: a scan reads none of them. */
    scanBaseDetails: CardDetails | null;
    scanned: ScanResult | null;
    /** A card's editor as it was when it stepped away to verify before revealing the card's PIN. */
    edit: { id: string; data: CardData; details: CardDetails } | null;
  };
  /**
   * The cards' details (src/state/details.ts): as stored on this device, and as opened (their plaintext, with the
   * fields a later version wrote, kept for the next save); the number of the last reading, so an older one never
   * replaces a newer one on screen.
   */
  details: { stored: DetailsCollection; opened: Map<string, DetailsPlain>; readings: number };
  /** How many screens this page has shown (src/app/screen-title.ts): only later ones are announced. */
  screens: { shown: number };
  listeners: Set<(event: DeviceEvent) => void>;
}
