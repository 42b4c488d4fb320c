/**
 * Live sync while signed in (SPEC.md §4, Cards), as one object that lives from sign-in to sign-out: it owns the
 * subscriptions, the changes on their way to the server and every counter, so nothing of one session can touch the
 * next (a disposed session ignores whatever still arrives for it).
 *
 * What the person sees is the server's `{uid}/cards` with this device's waiting changes laid over it. A change is
 * kept in the outbox on this device (encrypted) before it is sent, so it survives a lost connection, a reload and a
 * browser restart, and it is shown as waiting until the server has it, never as failed while it may still land. It
 * is sent when the connection is up; one the server already has, or holds a newer copy of, is dropped (newer wins).
 */
import { ref } from 'valtio';
import type { CardCollection, EncryptedCard, EncryptedCollection, PlainCard } from '../domain/card';
import { SleeveError } from '../domain/errors';
import type { FromServer } from '../domain/merge-decision';
import { asLocal } from '../domain/merge-decision';
import type { Outbox, OutboxEntry } from '../domain/outbox';
import { isDeletion, outboxOf, overlay, sameEntry, stillToSend, withEntry, withoutEntry } from '../domain/outbox';
import type { SecretRecord } from '../domain/secret';
import type { MalformedEntry } from '../domain/server-shapes';
import { getEngine } from '../engine';
import type { AccountServer } from '../remote';
import { loadCards, loadOutbox, updateStorage } from '../storage/local-storage';
import { CHANGED_ELSEWHERE } from './device-records';
import { reportError } from './report';
import type { SyncSession } from './store';
import {
  appState,
  cardsState,
  hideCards,
  records,
  setStoredCollection,
  showCard,
  showCards,
  showWithout,
} from './store';
import { showError } from './toast';
import { openAndShow } from './view';

/** How long after the server's last update its cards are copied to this device. */
const KEEP_DELAY_MS = 500;
/** Changes per write when the outbox is sent: one multi-path update each, so a thousand waiting edits are ten. */
const CHANGES_PER_WRITE = 100;
/** How long a change that failed in this client before it left waits before it is sent again. */
const RETRY_MS = 5_000;

const recordKey = (record: SecretRecord): string => `${record.salt}|${record.encryptedDek.ciphertext}`;

export class AccountSync implements SyncSession {
  private disposed = false;
  private readonly stops: (() => void)[] = [];
  /** The server's cards as last heard; `null` until the first answer. */
  private serverCards: FromServer<EncryptedCollection> | null = null;
  private outbox: Outbox;
  /** Changes sent and not yet answered, by card id. */
  private readonly inFlight = new Map<string, OutboxEntry>();
  /** Cards whose change is leaving the outbox right now, so a flush meanwhile does not settle it twice. */
  private readonly settling = new Set<string>();
  private connected = false;
  private flushing = false;
  private flushAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private rendering = false;
  private renderAgain = false;
  /** Password records this device is writing right now: the server echoes them before the local copy is saved. */
  private readonly ownRecords = new Set<string>();
  private stale: SecretRecord | null = null;
  /** The account's cards as this device last heard them (kept in `sleeve/cards`), shown until the server answers. */
  private readonly lastSeen: EncryptedCollection;
  private keepTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly server: AccountServer,
    private readonly uid: string,
    private readonly onSignedOut: () => Promise<void>,
  ) {
    const stored = loadOutbox();
    this.outbox = outboxOf(stored.ok ? stored.value : { uid: null, cards: {} }, uid);
    const cards = loadCards();
    this.lastSeen = cards.ok && cards.value.type === 'ENCRYPTED' ? cards.value : { type: 'ENCRYPTED', cards: {} };
  }

  /** Subscribes to the account's cards, its password record, the signed-in user and the connection. */
  start(): this {
    const { server, uid } = this;
    cardsState.merging = true;
    cardsState.waiting = this.waitingCount();
    this.stops.push(
      server.subscribeCards(uid, ({ collection, malformed }) => this.cardsArrived(collection, malformed), showError),
      server.subscribeAuth(uid, (record) => this.passwordRecord(record).catch(showError), showError),
      server.onUserChanged((user) => {
        if (!this.disposed && user === null) this.onSignedOut().catch(showError);
      }),
      server.onConnectionChanged((connected) => {
        this.connected = connected;
        if (connected) this.flush();
      }),
    );
    return this;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.keepTimer);
    clearTimeout(this.retryTimer);
    for (const stop of this.stops.splice(0)) stop();
    this.inFlight.clear();
  }

  // ---- the person's changes ----

  async put(card: EncryptedCard, shown: PlainCard): Promise<void> {
    await this.record([card]);
    if (this.disposed) return;
    showCard(this.shownCollection(), shown);
    this.send([card]);
  }

  async putMany(cards: readonly EncryptedCard[], shown: readonly PlainCard[]): Promise<void> {
    await this.record(cards);
    if (this.disposed) return;
    showCards(this.shownCollection(), shown);
    this.flush();
  }

  async remove(ids: readonly string[], at: number): Promise<void> {
    await this.record(ids.map((id) => ({ id, deleted: true, modifiedAt: at })));
    if (this.disposed) return;
    showWithout(this.shownCollection(), ids);
    this.flush();
  }

  async setPasswordRecord(record: SecretRecord): Promise<void> {
    const key = recordKey(record);
    this.ownRecords.add(key);
    try {
      await this.server.setPasswordRecord(this.uid, record);
    } finally {
      this.ownRecords.delete(key);
    }
  }

  newerPasswordRecord(): SecretRecord | null {
    return this.stale;
  }

  now(): number {
    return this.server.serverNow();
  }

  outboxChanged(): void {
    const stored = loadOutbox();
    if (!stored.ok || this.disposed) return;
    this.outbox = outboxOf(stored.value, this.uid);
    this.render();
    this.flush();
  }

  // ---- the outbox ----

  private waitingCount(): number {
    return Object.keys(this.outbox.cards).length;
  }

  /** Keeps changes in the outbox on this device, in one write under the storage lock. */
  private async record(entries: readonly OutboxEntry[]): Promise<void> {
    const stored = await updateStorage((current) => {
      // Signed out in another tab meanwhile: no session will ever send this, so it is refused, not kept.
      if (current.auth.password === null) throw new SleeveError(CHANGED_ELSEWHERE);
      return { outbox: entries.reduce(withEntry, outboxOf(current.outbox, this.uid)) };
    });
    this.outbox = outboxOf(stored.outbox, this.uid);
    cardsState.waiting = this.waitingCount();
  }

  /** The server has these changes, or newer ones: they leave the outbox (a card changed again meanwhile stays). */
  private async settle(entries: readonly OutboxEntry[]): Promise<void> {
    for (const entry of entries) {
      if (this.inFlight.get(entry.id) === entry) this.inFlight.delete(entry.id);
      this.settling.add(entry.id);
    }
    try {
      let left = false;
      const stored = await updateStorage((current) => {
        const outbox = outboxOf(current.outbox, this.uid);
        const next = entries.reduce(withoutEntry, outbox);
        left = next !== outbox;
        return left ? { outbox: next } : {};
      });
      if (this.disposed) return;
      this.outbox = outboxOf(stored.outbox, this.uid);
      cardsState.waiting = this.waitingCount();
      // What shows is the server with the outbox laid over it: without these changes over it, the server's copy
      // shows (another device may have deleted or changed a card after this change landed).
      if (left) this.render();
    } finally {
      for (const entry of entries) this.settling.delete(entry.id);
    }
    // A card may have changed again while its change was on its way (a save, then a delete): send that now.
    this.flush();
  }

  /** Sends every waiting change the server still needs; only while connected and once the server has answered. */
  private flush(): void {
    if (this.disposed || !this.connected || this.serverCards === null) return;
    // The SDK tells this session's listener of a write before the write call returns, and the listener flushes:
    // nested so, each flush would send one more write from inside the last, a thousand deep for a thousand waiting
    // changes (the stack ran out, and the writes failed). A flush asked for meanwhile runs after this one instead.
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = true;
    try {
      do {
        this.flushAgain = false;
        const toSend: OutboxEntry[] = [];
        const landed: OutboxEntry[] = [];
        for (const entry of Object.values(this.outbox.cards)) {
          if (this.inFlight.has(entry.id) || this.settling.has(entry.id)) continue;
          (stillToSend(entry, this.serverCards) ? toSend : landed).push(entry);
        }
        if (landed.length > 0) this.settle(landed).catch(reportError);
        this.send(toSend);
      } while (this.flushAgain && !this.disposed && this.connected);
    } finally {
      this.flushing = false;
    }
  }

  /** Sends changes, a hundred to a write; each is in flight (not sent again) until its write is answered. */
  private send(entries: readonly OutboxEntry[]): void {
    if (this.disposed || !this.connected || entries.length === 0) return;
    for (const entry of entries) this.inFlight.set(entry.id, entry);
    for (let start = 0; start < entries.length; start += CHANGES_PER_WRITE) {
      const batch = entries.slice(start, start + CHANGES_PER_WRITE);
      this.server
        .sendChanges(this.uid, batch)
        .then(
          () => this.settle(batch),
          (error: unknown) => this.notLanded(batch, error),
        )
        .catch(reportError);
    }
  }

  /**
   * A write failed. Refused by the server, a write of several changes goes again change by change (the server takes
   * a write whole or not at all, and one card another device saved later must not hold back the rest); a single
   * change is refused for good. Failed in this client before it left, the changes still wait, and go again shortly.
   */
  private async notLanded(batch: readonly OutboxEntry[], error: unknown): Promise<void> {
    if (this.disposed) return;
    const current = batch.filter((entry) => this.inFlight.get(entry.id) === entry);
    if (!this.server.refusedByServer(error)) {
      for (const entry of current) this.inFlight.delete(entry.id);
      reportError(error);
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.flush(), RETRY_MS);
      return;
    }
    const [single] = batch;
    if (batch.length === 1 && single) await this.refused(single, error);
    else for (const entry of current) this.send([entry]);
  }

  /**
   * The server refused the change (it will never land): it leaves the outbox and what the server holds shows. When
   * the server holds a copy of the card at least as new (another device saved it later), that is newer-wins doing
   * its work and nothing went wrong, so nothing is said; any other refusal is told to the person.
   */
  private async refused(entry: OutboxEntry, error: unknown): Promise<void> {
    // Read before settling: the server's copy as the refusal left it (Firebase shows it again before it answers).
    const newer = this.serverHoldsNewer(entry);
    await this.settle([entry]);
    if (this.disposed) return;
    if (!newer)
      showError(error instanceof SleeveError ? error : new SleeveError('Failed to add or update card on server'));
    this.render();
  }

  private serverHoldsNewer(entry: OutboxEntry): boolean {
    if (isDeletion(entry)) return false;
    const there =
      this.serverCards && Object.hasOwn(this.serverCards.cards, entry.id)
        ? this.serverCards.cards[entry.id]
        : undefined;
    return there !== undefined && there.modifiedAt >= entry.modifiedAt && !sameEntry(there, entry);
  }

  // ---- what arrives ----

  private cardsArrived(collection: FromServer<EncryptedCollection>, malformed: MalformedEntry[]): void {
    if (this.disposed) return;
    this.serverCards = collection;
    cardsState.malformed = ref(malformed);
    this.render();
    this.flush();
    this.keepForOffline();
  }

  /**
   * Keeps a copy of the account's cards (ciphertext, as the server holds them) on this device, so a start without a
   * connection still shows them. Written a moment after the last update, so a burst of updates is one write; a copy
   * that cannot be written (a full quota) only means the next offline start waits for the server.
   */
  private keepForOffline(): void {
    clearTimeout(this.keepTimer);
    this.keepTimer = setTimeout(() => {
      const serverCards = this.serverCards;
      if (this.disposed || !serverCards) return;
      updateStorage((current) =>
        // Only for the account this session belongs to, still on this device.
        current.auth.password !== null && current.outbox.uid === this.uid
          ? { cards: asLocal<CardCollection>(serverCards) }
          : {},
      ).catch(reportError);
    }, KEEP_DELAY_MS);
  }

  /** The server's cards (until it answers: as last seen here) with the waiting changes laid over them. */
  private shownCollection(): EncryptedCollection {
    return overlay(this.serverCards ?? this.lastSeen, this.outbox);
  }

  /** Opens what is to be shown; calls that arrive while one runs collapse into one more run with the newest state. */
  private render(): void {
    if (this.rendering) {
      this.renderAgain = true;
      return;
    }
    this.rendering = true;
    cardsState.merging = true;
    const run = async () => {
      do {
        this.renderAgain = false;
        const collection = this.shownCollection();
        // Locked: kept unopened until the key comes back.
        if (appState.locked) setStoredCollection(collection);
        else
          await openAndShow(collection).catch((error: unknown) => {
            if (!this.disposed) showError(error);
          });
      } while (this.renderAgain && !this.disposed);
    };
    run()
      .catch(reportError)
      .finally(() => {
        this.rendering = false;
        if (!this.disposed) cardsState.merging = this.serverCards === null;
      });
  }

  private async passwordRecord(record: SecretRecord | null): Promise<void> {
    const local = records().password;
    if (this.disposed || !record || !local || recordKey(record) === recordKey(local)) return;
    if (this.ownRecords.has(recordKey(record))) return;
    if (record.modifiedAt <= local.modifiedAt) return;
    // Changed on another device: locked until the new password is entered here. The PIN stays: anyone who can write
    // the server can write a record, and one that no password opens must not cost this device its way in. It goes
    // only once the new password has opened the new record (secrets.ts `adoptNewerPassword`).
    this.stale = record;
    await getEngine().lock();
    hideCards();
    appState.passwordStale = true;
    appState.locked = true;
  }
}
