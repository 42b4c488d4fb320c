/**
 * src/state/sync-session.ts: while signed in, the account's cards come from the server with this device's outbox
 * laid over them; every change is kept in the outbox first, then sent, and leaves it once the server has it.
 */
import type { EncryptedCard, EncryptedCollection, PlainCard } from '../../../src/domain/card';
import { SleeveError } from '../../../src/domain/errors';
import type { Outbox, OutboxEntry } from '../../../src/domain/outbox';
import { isDeletion, outboxOf, overlay, stillToSend, withEntry, withoutEntry } from '../../../src/domain/outbox';
import type { AuthRecords, RetiredKeys, SecretRecord } from '../../../src/domain/secret';
import { CHANGED_ELSEWHERE } from '../../../src/state/device-records';
import type { Flow } from './core';
import { UID } from './core';
import type { Tab } from './device';
import { authChanged, fbWrite } from './network';
import { markPasswordStale } from './newer-password';
import { RetiredKeysFollower } from './retired-keys';
import { openAndShow, setStored, showCard, showWithout } from './store';
import { versionOfSealed } from './tokens';
import type { World } from './world';

export const recordKey = (of: SecretRecord): string => `${of.salt}|${of.encryptedDek.ciphertext}`;

export class Session {
  disposed = false;
  server: EncryptedCollection | null = null;
  outbox: Outbox;
  inFlight = new Map<string, OutboxEntry>();
  connected = false;
  rendering = false;
  renderAgain = false;
  /** Password records this tab is writing right now (a key replacement): heard before the local copy is saved. */
  readonly ownRecords = new Set<string>();
  readonly retired: RetiredKeysFollower = new RetiredKeysFollower(this);
  /** The account's cards as this device last kept them, shown until the server answers. */
  readonly lastSeen: EncryptedCollection;
  /**
   * sync-session.ts `keepForOffline`: the server's cards are to be kept on this device a moment after its last update
   * (the run with key replacement only: a tab that locks signed in shows what is kept once unlocked, and the earlier
   * runs leave it out, so that their seeds go as they did).
   */
  keepDue = false;

  constructor(
    readonly world: World,
    readonly tab: Tab,
    readonly uid: string,
    /** leave.ts `leaveDevice`, for when Firebase says the user signed out. */
    readonly leave: (world: World, tab: Tab) => Flow,
  ) {
    const stored = world.read(tab.device);
    this.outbox = outboxOf(stored.outbox, uid);
    this.lastSeen = stored.cards.type === 'ENCRYPTED' ? stored.cards : { type: 'ENCRYPTED', cards: {} };
  }

  start(): this {
    const fb = this.tab.fb;
    fb.cards = this;
    fb.confirmed = null;
    fb.lastView = null;
    fb.valueEvents = [];
    if (fb.socketUp && this.tab.device.google === UID)
      fb.downlink.push({ kind: 'data', cards: { ...this.world.server.cards } });
    fb.connection = this;
    fb.noticed = null;
    fb.users = this;
    fb.userNotices = [this.tab.device.google];
    if (this.world.recordMayChange) {
      fb.auth = this;
      fb.auths = [];
      fb.lastAuth = undefined;
      if (fb.socketUp && this.tab.device.google === UID) authChanged(this.world, fb);
    }
    return this;
  }

  dispose(): void {
    this.disposed = true;
    const fb = this.tab.fb;
    if (fb.cards === this) {
      fb.cards = null;
      fb.confirmed = null;
      fb.valueEvents = [];
    }
    if (fb.connection === this) fb.connection = null;
    if (fb.users === this) {
      fb.users = null;
      fb.userNotices = [];
    }
    if (fb.auth === this) {
      fb.auth = null;
      fb.auths = [];
    }
    this.inFlight.clear();
    this.keepDue = false;
    this.retired.dispose();
  }

  /** `sealedFor`: the records the card was sealed for (outbox-sender.ts `record` refuses it under others). */
  *put(card: EncryptedCard, shown: PlainCard, sealedFor: AuthRecords): Flow {
    yield* this.record([card], sealedFor);
    if (this.disposed) return;
    showCard(this.tab, this.shownCollection(), shown);
    this.send(card);
  }

  *remove(ids: readonly string[], at: number): Flow {
    yield* this.record(ids.map((id) => ({ id, deleted: true as const, modifiedAt: at })));
    if (this.disposed) return;
    showWithout(this.tab, this.shownCollection(), ids);
    this.flush();
  }

  outboxChanged(): void {
    const stored = this.world.read(this.tab.device).outbox;
    if (this.disposed) return;
    this.outbox = outboxOf(stored, this.uid);
    this.render();
    this.flush();
  }

  *record(entries: readonly OutboxEntry[], sealedFor?: AuthRecords): Flow {
    let replaced: OutboxEntry[] = [];
    const stored = yield* this.world.updateStorage(this.tab, (current) => {
      // sync-session.ts `record`: signed out in another tab meanwhile, no session will ever send this.
      if (current.auth.password === null)
        throw new SleeveError('Sleeve was changed in another tab, so nothing was changed here.');
      // Another tab adopted a record over another key meanwhile: the card was sealed under the key it replaced.
      const wrap = (auth: AuthRecords) => `${auth.password?.salt}|${auth.password?.encryptedDek.ciphertext}`;
      if (sealedFor?.password && wrap(sealedFor) !== wrap(current.auth)) throw new SleeveError(CHANGED_ELSEWHERE);
      const outbox = outboxOf(current.outbox, this.uid);
      replaced = entries.flatMap((entry) => outbox.cards[entry.id] ?? []);
      return { outbox: entries.reduce(withEntry, outbox) };
    });
    for (const entry of entries) {
      const earlier = replaced.find((other) => other.id === entry.id);
      const version = earlier && !isDeletion(earlier) ? this.world.versions.get(versionOfSealed(earlier)) : undefined;
      if (version) version.replacedBy = isDeletion(entry) ? undefined : versionOfSealed(entry);
      if (isDeletion(entry)) this.world.deletions.push({ id: entry.id, at: entry.modifiedAt, by: this.tab.name });
      else this.world.placeAccount(entry, this.tab.name);
    }
    this.outbox = outboxOf(stored.outbox, this.uid);
  }

  *settle(entry: OutboxEntry): Flow {
    if (this.inFlight.get(entry.id) === entry) this.inFlight.delete(entry.id);
    let left = false;
    const stored = yield* this.world.updateStorage(this.tab, (current) => {
      const outbox = outboxOf(current.outbox, this.uid);
      const next = withoutEntry(outbox, entry);
      left = next !== outbox;
      return left ? { outbox: next } : {};
    });
    if (this.disposed) return;
    this.outbox = outboxOf(stored.outbox, this.uid);
    // outbox-sender.ts `settle`: what shows is the server with the outbox laid over it, without this change now.
    if (this.world.closer && left) this.render();
    // sync-session.ts `settle`: the card may have changed again while this change was on its way: send that now.
    this.flush();
  }

  flush(): void {
    if (this.disposed || !this.connected || this.server === null) return;
    for (const entry of Object.values(this.outbox.cards)) {
      if (this.inFlight.has(entry.id)) continue;
      // outbox.ts `stillToSend`: a deletion goes unless the server holds a newer copy.
      if (stillToSend(entry, this.server)) this.send(entry);
      else this.spawn('settle', this.settle(entry));
    }
  }

  send(entry: OutboxEntry): void {
    if (this.disposed || !this.connected) return;
    this.inFlight.set(entry.id, entry);
    fbWrite(this.world, this.tab, {
      ...(isDeletion(entry) ? { remove: [entry.id], removedAt: entry.modifiedAt } : { set: entry }),
      onAck: () => this.spawn('settle', this.settle(entry)),
      onRefuse: () => this.spawn('refused', this.refused(entry)),
    });
  }

  *refused(entry: OutboxEntry): Flow {
    if (this.disposed) return;
    yield* this.settle(entry);
    // The server refuses a card only when it holds a newer copy: sync-session.ts `refused` stays quiet then.
    this.world.note(`${this.tab.name} refused quietly: the server holds a newer ${entry.id}`);
    const version = isDeletion(entry) ? undefined : this.world.versions.get(versionOfSealed(entry));
    if (version && version.place.kind === 'account') {
      version.place = { kind: 'exempt', why: 'refused by the server, which holds a newer copy' };
      this.world.stats.exempt += 1;
    }
    this.render();
  }

  serverCards(collection: EncryptedCollection): void {
    if (this.disposed) return;
    this.server = collection;
    this.render();
    this.flush();
    if (this.world.closer) this.keepDue = true;
  }

  *keepForOffline(): Flow {
    this.keepDue = false;
    const server = this.server;
    if (this.disposed || !server) return;
    // Only for the account this session belongs to, still on this device.
    yield* this.world.updateStorage(this.tab, (current) =>
      current.auth.password !== null && current.outbox.uid === this.uid ? { cards: server } : {},
    );
  }

  connectionChanged(connected: boolean): void {
    this.connected = connected;
    if (connected) this.flush();
  }

  /** sync-session.ts `subscribeAuth`'s callback: the retired keys go to the worker, then the record is looked at. */
  authHeard(record: SecretRecord | null, retired: RetiredKeys | null): void {
    this.retired.heard(retired);
    this.passwordRecord(record);
  }

  /** sync-session.ts `passwordRecord`: a record newer than this device's, written elsewhere, locks for its password. */
  passwordRecord(record: SecretRecord | null): void {
    const local = this.tab.records.password;
    if (this.disposed || !record || !local || recordKey(record) === recordKey(local)) return;
    if (this.ownRecords.has(recordKey(record))) return;
    if (record.modifiedAt <= local.modifiedAt) return;
    this.spawn('password changed elsewhere', markPasswordStale(this.world, this.tab, record));
  }

  userChanged(user: string | null): void {
    if (!this.disposed && user === null) {
      this.spawn('leave', this.leave(this.world, this.tab));
    }
  }

  /** Cards of `collection` that opened only under a retired key: sealed again and sent (retired-keys.ts). */
  sealAgain(collection: EncryptedCollection, ids: readonly string[]): void {
    this.retired.sealAgain(collection, ids);
  }

  shownCollection(): EncryptedCollection {
    // The earlier runs showed a new empty collection each time (no cards are kept signed in there): see `World.closer`.
    return overlay(this.server ?? (this.world.closer ? this.lastSeen : { type: 'ENCRYPTED', cards: {} }), this.outbox);
  }

  render(): void {
    if (this.world.verbose) this.world.note(`${this.tab.name} render asked${this.rendering ? ' again' : ''}`);
    if (this.rendering) {
      this.renderAgain = true;
      return;
    }
    this.rendering = true;
    this.spawn('render', this.renderLoop());
  }

  *renderLoop(): Flow {
    try {
      do {
        this.renderAgain = false;
        const collection = this.shownCollection();
        if (this.tab.locked) setStored(this.tab, collection);
        else {
          try {
            yield* openAndShow(this.world, this.tab, collection);
          } catch (error) {
            // sync-session.ts: locked while it opened, the collection waits for the unlock; nothing to tell.
            if (!this.disposed && !this.tab.locked) this.world.unexpected(this.tab, 'render', error);
          }
        }
      } while (this.renderAgain && !this.disposed);
    } finally {
      this.rendering = false;
    }
  }

  spawn(name: string, flow: Flow): void {
    this.world.spawn(this.tab, name, flow, (error) => this.world.unexpected(this.tab, name, error));
  }
}
