/**
 * One sequence's world: the server, the devices and their tabs, the flows under way (each tab's async functions) and
 * the ledger of acknowledged cards. Its storage is the real read-modify-write with its protection rule, under a lock
 * granted in request order.
 */
import type { EncryptedCard, PlainCard, StoredCard } from '../../../src/domain/card';
import { emptyPlainCollection } from '../../../src/domain/card';
import { SleeveError } from '../../../src/domain/errors';
import { emptyOutbox, isDeletion } from '../../../src/domain/outbox';
import type { RetiredKeys, SecretRecord } from '../../../src/domain/secret';
import { emptyAuthRecords } from '../../../src/domain/secret';
import { checkAuth, checkCollection, checkOutbox } from '../../../src/domain/stored-shapes';
import { protectionProblem } from '../../../src/storage/protection';
import type { Random } from '../seeded';
import { randomInt } from '../seeded';
import type { Flow, Place, Run, StoredChanges, StoredValueName, StoredValues, Version, Wait } from './core';
import { DEVICES, ModelFailure, STEP } from './core';
import type { Tab } from './device';
import { Device } from './device';
import type { Fixes } from './fixes';
import { checkStored } from './invariants';
import { OldKeys } from './old-keys';
import { versionOf, versionOfSealed } from './tokens';

const LATER_STATS = { resealed: 0, passwordsChanged: 0, forged: 0 };

export interface Co {
  tab: Tab;
  name: string;
  gen: Flow<unknown>;
  wait: Wait;
  done: boolean;
  onEnd: (error: unknown) => void;
}

export class World {
  time = 1_000;
  counter = 0;
  server: {
    cards: Record<string, EncryptedCard>;
    password: SecretRecord | null;
    retiredKeys: RetiredKeys | null;
    /** `{uid}/deleted`: when each card was deleted. */
    deleted: Record<string, number>;
  } = { cards: {}, password: null, retiredKeys: null, deleted: {} };
  devices: Device[];
  cos: Co[] = [];
  log: string[] = [];
  versions = new Map<string, Version>();
  deletions: { id: string; at: number; by: string }[] = [];
  /** Tabs in the middle of signing in, across devices (see `signIn`). */
  signingIn = new Set<Tab>();
  /** The keys the account retired, and the cards written under them since (old-keys.ts). */
  readonly oldKeys = new OldKeys();
  /** Password records another client wrote (newer-password.ts `writeForeignRecord`). */
  foreignRecords = 0;
  /**
   * `createsLost`: sign-ins that reached 'Create a password' after another device had created it, and joined;
   * `keysKept`: devices that refused another client's record and put their own back (newer-password.ts);
   * `keysReplaced`: key replacements the server took; `resealed`: cards of a retired key sealed again and kept to send;
   * `passwordsChanged`: password records a change wrote; `forged`: cards the server took under a retired key.
   */
  stats = { acked: 0, failedOps: 0, exempt: 0, steps: 0, createsLost: 0, keysKept: 0, keysReplaced: 0, ...LATER_STATS };
  /** Every scheduler step goes into the log too (for the trace of a failure). */
  verbose = false;

  /**
   * `otherClient`: another client of the account may write its password record (newer-password.ts); with key
   * replacement (`run`), a device may. Otherwise the record changes only when it is created, which no session hears:
   * its listener is left out then, so that those sequences (and every seed pinned before) run as they did.
   */
  readonly otherClient: boolean;
  readonly recordMayChange: boolean;
  /**
   * The run with key replacement follows a few steps of src/state more closely than the earlier runs did: the awaits
   * of the key proof (only with a session, and through the retired keys) and of tabs.ts `follow`, the offline copy of the account's
   * cards (shown until the server answers), the deletion records' rule for single cards, the records set at sign-in,
   * and a render once a change left the outbox. The earlier runs keep their approximations, so that they, and every
   * seed pinned in them, go as they did.
   */
  readonly closer: boolean;
  constructor(
    readonly random: Random,
    readonly fixes: Fixes,
    verbose = false,
    readonly run: Run = 'twoDevices',
  ) {
    this.verbose = verbose;
    this.otherClient = run === 'otherClient';
    this.recordMayChange = run !== 'twoDevices';
    this.closer = run === 'replaceKey';
    this.devices = Array.from(
      { length: DEVICES },
      (_, index) => new Device(index, index === 0 ? 0 : randomInt(random, 5) - 2),
    );
  }

  note(line: string): void {
    this.log.push(`${this.time} ${line}`);
  }

  now(device: Device): number {
    return this.time + device.skew;
  }

  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  cardId(): string {
    this.counter += 1;
    return `Card${String(this.counter).padStart(4, '0')}`;
  }

  // ---- coroutines ----

  spawn<T>(tab: Tab, name: string, gen: Flow<T>, onEnd: (error: unknown) => void = () => {}): void {
    const co: Co = { tab, name, gen, wait: STEP, done: false, onEnd };
    this.cos.push(co);
    // An async function runs synchronously up to its first await.
    this.advance(co);
  }

  runnable(co: Co): boolean {
    if (co.done || !co.tab.alive) return false;
    const wait = co.wait;
    if (wait.kind === 'lock') return wait.device.lockQueue[0]?.ticket === wait.ticket;
    if (wait.kind === 'worker') return wait.tab.workerAnswered === wait.ticket;
    if (wait.kind === 'answer') return wait.ready();
    return true;
  }

  advance(co: Co): void {
    if (co.wait.kind === 'worker') co.wait.tab.workerAnswered += 1;
    try {
      const result = co.gen.next();
      if (result.done) {
        co.done = true;
        co.onEnd(undefined);
      } else co.wait = result.value;
    } catch (error) {
      co.done = true;
      if (error instanceof ModelFailure) throw error;
      // A slip in the model or the code (a name not defined, a property of undefined) is no refusal to count.
      if (error instanceof ReferenceError || error instanceof TypeError)
        throw new ModelFailure('no slip', String(error));
      co.onEnd(error);
    }
  }

  // ---- storage ----

  read(device: Device): StoredValues {
    const parse = <T>(name: StoredValueName, check: (value: unknown) => { ok: boolean }, fallback: () => T): T => {
      const raw = device.storage[name];
      if (raw === null) return fallback();
      const value: unknown = JSON.parse(raw);
      if (!check(value).ok) throw new ModelFailure('stored value', `${device.name} ${name} cannot be read: ${raw}`);
      return value as T;
    };
    return {
      cards: parse('cards', checkCollection, emptyPlainCollection),
      auth: parse('auth', checkAuth, emptyAuthRecords),
      outbox: parse('outbox', checkOutbox, emptyOutbox),
    };
  }

  write(device: Device, writer: Tab | null, changes: StoredChanges): void {
    const before = this.read(device).auth;
    for (const name of Object.keys(changes) as StoredValueName[]) {
      const raw = JSON.stringify(changes[name]);
      if (raw === device.storage[name]) continue;
      device.storage[name] = raw;
      this.storageEvent(device, writer, name);
    }
    checkStored(this, device, before);
  }

  storageEvent(device: Device, writer: Tab | null, name: StoredValueName): void {
    for (const tab of device.tabs) if (tab !== writer && tab.alive) tab.storageEvents.push(name);
  }

  *updateStorage(tab: Tab, change: (current: StoredValues) => StoredChanges): Flow<StoredValues> {
    const device = tab.device;
    const ticket = device.nextLock++;
    device.lockQueue.push({ ticket, tab });
    yield { kind: 'lock', device, ticket };
    try {
      const current = this.read(device);
      const changes = change(current);
      const next: StoredValues = { ...current, ...changes };
      const problem = protectionProblem(next.cards, next.auth);
      if (problem) throw new SleeveError(problem);
      if (Object.keys(changes).length > 0) this.write(device, tab, changes);
      return next;
    } finally {
      device.lockQueue.shift();
    }
  }

  *discard(
    tab: Tab,
    names: readonly StoredValueName[],
    unless: (current: StoredValues) => boolean = () => false,
  ): Flow<boolean> {
    const device = tab.device;
    const ticket = device.nextLock++;
    device.lockQueue.push({ ticket, tab });
    yield { kind: 'lock', device, ticket };
    try {
      if (unless(this.read(device))) return false;
      if (names.includes('cards')) this.leaveLocal(device, 'the device left the account (sign-out)');
      if (names.includes('outbox')) this.dropWaiting(device);
      for (const name of names) {
        if (device.storage[name] === null) continue;
        device.storage[name] = null;
        this.storageEvent(device, tab, name);
      }
      return true;
    } finally {
      device.lockQueue.shift();
    }
  }

  // ---- the ledger of acknowledged cards ----

  placeLocal(device: Device, card: StoredCard, by: string): void {
    for (const version of this.versions.values()) {
      if (version.id === card.id && version.place.kind === 'local' && version.place.device === device)
        version.place = { kind: 'gone', why: `replaced by ${versionOf(card)}` };
    }
    this.versions.set(versionOf(card), {
      version: versionOf(card),
      id: card.id,
      modifiedAt: card.modifiedAt,
      acked: false,
      place: { kind: 'local', device },
      by,
    });
  }

  deleteLocal(device: Device, id: string): void {
    for (const version of this.versions.values()) {
      if (version.id === id && version.place.kind === 'local' && version.place.device === device)
        version.place = { kind: 'gone', why: 'deleted' };
    }
  }

  /** The device's own cards went up to the account (sign-in), or left with it (sign-out). */
  moveLocal(device: Device, place: Place): void {
    for (const version of this.versions.values()) {
      if (version.place.kind === 'local' && version.place.device === device) version.place = place;
    }
  }

  leaveLocal(device: Device, why: string): void {
    this.moveLocal(device, { kind: 'gone', why });
  }

  /** Sign-out clears the outbox: changes still waiting there leave with it (SPEC.md §4: sign out removes local data). */
  dropWaiting(device: Device): void {
    const outbox = this.read(device).outbox;
    for (const entry of Object.values(outbox.cards)) {
      if (isDeletion(entry)) continue;
      const version = this.versions.get(versionOfSealed(entry));
      if (version && version.place.kind === 'account') {
        version.place = { kind: 'exempt', why: 'still waiting in the outbox at sign-out' };
        this.stats.exempt += 1;
      }
    }
  }

  placeAccount(card: EncryptedCard, by: string): void {
    const version = versionOfSealed(card);
    const known = this.versions.get(version);
    if (known) known.place = { kind: 'account' };
    else
      this.versions.set(version, {
        version,
        id: card.id,
        modifiedAt: card.modifiedAt,
        acked: false,
        place: { kind: 'account' },
        by,
      });
  }

  acknowledge(card: PlainCard): void {
    const version = this.versions.get(card.data.cardholder);
    if (version) version.acked = true;
    this.stats.acked += 1;
  }

  unexpected(tab: Tab, what: string, error: unknown): void {
    if (error === undefined) return;
    if (error instanceof ModelFailure) throw error;
    this.note(`${tab.name} ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
