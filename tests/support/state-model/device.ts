/** A device (its storage, lock queue, network and Google sign-in) and each of its tabs (its worker and memory). */
import type { CardCollection, PlainCard, UnreadableCard } from '../../../src/domain/card';
import { emptyPlainCollection } from '../../../src/domain/card';
import type { OpenedBefore } from '../../../src/domain/key-proof';
import type { AuthRecords, RetiredKeys, SecretRecord } from '../../../src/domain/secret';
import { emptyAuthRecords } from '../../../src/domain/secret';
import type { StoredValueName } from './core';
import type { Firebase } from './network';
import type { Session } from './sync-session';

export class Device {
  storage: Record<StoredValueName, string | null> = { cards: null, auth: null, outbox: null };
  online = true;
  google: string | null = null;
  tabs: Tab[] = [];
  lockQueue: { ticket: number; tab: Tab }[] = [];
  nextLock = 0;
  skew: number;
  constructor(
    readonly index: number,
    skew: number,
  ) {
    this.skew = skew;
  }
  get name(): string {
    return this.index === 0 ? 'A' : 'B';
  }
}

export type Phase = 'loading' | 'problem' | 'ready';

export class Tab {
  alive = true;
  // the worker
  private held: string | null = null;
  /** The held key; dropping it (the worker's `lock`) drops a replacement waiting too (custody.ts). */
  get key(): string | null {
    return this.held;
  }
  set key(value: string | null) {
    if (value === null) this.replacement = null;
    this.held = value;
  }
  /** worker/vault/retired.ts: the account's retired keys as last given (`setRetiredKeys`); a lock keeps them. */
  retired: RetiredKeys | null = null;
  /** worker/vault/retired.ts `retiredKeysHeard`: whether the page told the list at all (a replacement needs it). */
  retiredHeard = false;
  /** custody.ts `holdReplacement`: a replaced key waiting for the server to hold its record. */
  replacement: { key: string; record: SecretRecord; retired: RetiredKeys } | null = null;
  workerIssued = 0;
  workerAnswered = 0;
  // store.ts
  phase: Phase = 'loading';
  private lockedNow = false;
  /** Told of every change of `locked` (the trace of a failure). */
  watch: ((line: string) => void) | null = null;
  get locked(): boolean {
    return this.lockedNow;
  }
  set locked(value: boolean) {
    if (value !== this.lockedNow) this.watch?.(`${this.name} ${value ? 'locks' : 'opens'}`);
    this.lockedNow = value;
  }
  user: string | null = null;
  records: AuthRecords = emptyAuthRecords();
  collection: CardCollection = emptyPlainCollection();
  shown: PlainCard[] = [];
  unreadable: UnreadableCard[] = [];
  session: Session | null = null;
  pendingSignIn: { record: SecretRecord | null } | null = null;
  /** lock.ts: the ids the key opened, and did not, when this tab was last unlocked (`null` since its start). */
  cardsBeforeLock: OpenedBefore | null = null;
  /** lock.ts: a newer password record heard from the server, waiting for its password; its key was refused. */
  newerPassword: SecretRecord | null = null;
  passwordStale = false;
  keyConflict = false;
  showsStarted = 0;
  showsMade = 0;
  // tabs.ts
  storageEvents: StoredValueName[] = [];
  changed = new Set<StoredValueName>();
  followJobs = 0;
  following = false;
  // the person
  busy = false;
  fb: Firebase;
  constructor(
    readonly device: Device,
    readonly slot: number,
    readonly incarnation: number,
  ) {
    this.fb = {
      pending: [],
      downlink: [],
      socketUp: device.online,
      noticed: null,
      confirmed: null,
      lastView: null,
      valueEvents: [],
      cards: null,
      connection: null,
      users: null,
      userNotices: [],
      auth: null,
      auths: [],
    };
  }
  get name(): string {
    return `${this.device.name}${this.slot + 1}`;
  }
}
