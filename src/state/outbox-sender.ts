/**
 * The outbox's sending: card changes kept on this device until the server has them. A change is stored in the
 * outbox (`sleeve/outbox`, encrypted) before it is sent, so it survives a lost connection, a reload and a browser
 * restart; it is sent while connected, a hundred to a write; it leaves the outbox once the server has it, or holds
 * a newer copy (newer wins), or refuses it for good. Only the server's answer drops a change: one that fails in
 * this client before it leaves waits and goes again.
 *
 * It knows the server only as `ChangeServer` (the Firebase door's two calls, or a fake in tests) and reports what
 * happened to its session through `SenderReports`; it never touches the screen.
 */
import type { EncryptedCard, EncryptedCollection } from '../domain/card';
import { type Deletions, noDeletions } from '../domain/deletions';
import { SleeveError } from '../domain/errors';
import type { Outbox, OutboxEntry } from '../domain/outbox';
import { outboxOf, sameEntry, serverHoldsNewer, stillToSend, withEntry, withoutEntry } from '../domain/outbox';
import { loadOutbox, updateStorage } from '../storage/local-storage';
import { CHANGED_ELSEWHERE, sameWrappedKey } from './device-records';
import { reportError } from './report';
import { records } from './store';

/** Changes per write when the outbox is sent: one multi-path update each, so a thousand waiting edits are ten. */
const CHANGES_PER_WRITE = 100;
/** How long a change that failed in this client before it left waits before it is sent again. */
const RETRY_MS = 5_000;

/** What sending needs of the server. */
export interface ChangeServer {
  /** Writes the changes in one update, which the server applies or refuses whole. */
  sendChanges(uid: string, changes: readonly OutboxEntry[]): Promise<void>;
  /** Whether a failed write was refused by the server (it will never land), not lost on the way. */
  refusedByServer(error: unknown): boolean;
}

/**
 * `changes` whose writes answer only once `heard` resolves: the session's subscription has read everything it heard
 * before the answer. The SDK shows a write's own copy to the subscription before the call returns, and takes it back
 * before a refusal is answered; what the answer decides (a change leaving the outbox, a refusal told or not) is
 * measured against the server's cards as they then were, and the subscription reads what it hears in tasks of its own.
 */
export function answersAfter(changes: ChangeServer, heard: () => Promise<void> | undefined): ChangeServer {
  return {
    sendChanges: (uid, batch) =>
      changes.sendChanges(uid, batch).then(heard, async (error: unknown) => {
        await heard();
        throw error;
      }),
    refusedByServer: (error) => changes.refusedByServer(error),
  };
}

/** What the sender tells its session. */
export interface SenderReports {
  /** How many changes wait now. */
  waiting(count: number): void;
  /** Changes left the outbox: what shows (the server with the outbox laid over it) has changed. */
  settled(): void;
  /** The server refused a change for a reason other than holding a newer copy: the person is told. */
  refused(error: SleeveError): void;
}

export class OutboxSender {
  private disposed = false;
  private outboxNow: Outbox;
  /** The server's cards as last heard; `null` until the first answer (nothing is sent before it). */
  private server: EncryptedCollection | null = null;
  /** The account's deletion records as last heard with those cards. */
  private deletions: Deletions = noDeletions;
  private connected = false;
  /** Changes sent and not yet answered, by card id. */
  private readonly inFlight = new Map<string, OutboxEntry>();
  /** Cards whose change is leaving the outbox right now, so a flush meanwhile does not settle it twice. */
  private readonly settling = new Set<string>();
  private flushing = false;
  private flushAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly changes: ChangeServer,
    private readonly uid: string,
    private readonly reports: SenderReports,
  ) {
    const stored = loadOutbox();
    this.outboxNow = outboxOf(stored.ok ? stored.value : { uid: null, cards: {} }, uid);
  }

  /** The changes waiting, as last stored. */
  get outbox(): Outbox {
    return this.outboxNow;
  }

  waitingCount(): number {
    return Object.keys(this.outboxNow.cards).length;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.retryTimer);
    this.inFlight.clear();
  }

  /** Keeps changes in the outbox on this device, in one write under the storage lock. */
  async record(entries: readonly OutboxEntry[]): Promise<void> {
    const stored = await updateStorage((current) => {
      // Signed out in another tab meanwhile: no session will ever send this, so it is refused, not kept. The same
      // when another tab adopted a newer account record meanwhile: this change was sealed for the one it replaced.
      const sealedFor = records().password;
      if (current.auth.password === null || (sealedFor !== null && !sameWrappedKey(current.auth.password, sealedFor))) {
        throw new SleeveError(CHANGED_ELSEWHERE);
      }
      return { outbox: entries.reduce(withEntry, outboxOf(current.outbox, this.uid)) };
    });
    this.outboxNow = outboxOf(stored.outbox, this.uid);
    this.reports.waiting(this.waitingCount());
  }

  /**
   * Cards sealed again under the current key (`sealed[i]` from `from[i]`), kept as changes to send; a card whose own
   * change waits already keeps that change, whichever key sealed it (a newer edit must never give way to an old copy).
   */
  async recordSealedAgain(from: readonly EncryptedCard[], sealed: readonly EncryptedCard[]): Promise<void> {
    const stored = await updateStorage((current) => {
      if (current.auth.password === null) throw new SleeveError(CHANGED_ELSEWHERE);
      const outbox = outboxOf(current.outbox, this.uid);
      const kept = sealed.filter((card, index) => {
        const waiting = Object.hasOwn(outbox.cards, card.id) ? outbox.cards[card.id] : undefined;
        const original = from[index];
        return original !== undefined && (waiting === undefined || sameEntry(waiting, original));
      });
      return { outbox: kept.reduce(withEntry, outbox) };
    });
    this.outboxNow = outboxOf(stored.outbox, this.uid);
    this.reports.waiting(this.waitingCount());
  }

  /** Another tab changed the outbox: what it holds now is what waits here too. */
  reload(): void {
    const stored = loadOutbox();
    if (!stored.ok || this.disposed) return;
    this.outboxNow = outboxOf(stored.value, this.uid);
    this.reports.waiting(this.waitingCount());
  }

  /** The server's cards and deletion records as they now are: what still needs sending is measured against them. */
  heard(server: EncryptedCollection, deletions: Deletions = noDeletions): void {
    this.server = server;
    this.deletions = deletions;
    this.flush();
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    if (connected) this.flush();
  }

  /** Sends every waiting change the server still needs; only while connected and once the server has answered. */
  flush(): void {
    if (this.disposed || !this.connected || this.server === null) return;
    // The SDK tells the session's listener of a write before the write call returns, and the listener flushes:
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
        for (const entry of Object.values(this.outboxNow.cards)) {
          if (this.inFlight.has(entry.id) || this.settling.has(entry.id)) continue;
          (stillToSend(entry, this.server, this.deletions) ? toSend : landed).push(entry);
        }
        if (landed.length > 0) this.settle(landed).catch(reportError);
        this.send(toSend);
      } while (this.flushAgain && !this.disposed && this.connected);
    } finally {
      this.flushing = false;
    }
  }

  /** Sends changes, a hundred to a write; each is in flight (not sent again) until its write is answered. */
  send(entries: readonly OutboxEntry[]): void {
    if (this.disposed || !this.connected || entries.length === 0) return;
    for (const entry of entries) this.inFlight.set(entry.id, entry);
    for (let start = 0; start < entries.length; start += CHANGES_PER_WRITE) {
      const batch = entries.slice(start, start + CHANGES_PER_WRITE);
      this.changes
        .sendChanges(this.uid, batch)
        .then(
          () => this.settle(batch),
          (error: unknown) => this.notLanded(batch, error),
        )
        .catch(reportError);
    }
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
      this.outboxNow = outboxOf(stored.outbox, this.uid);
      this.reports.waiting(this.waitingCount());
      // What shows is the server with the outbox laid over it: without these changes over it, the server's copy
      // shows (another device may have deleted or changed a card after this change landed).
      if (left) this.reports.settled();
    } finally {
      for (const entry of entries) this.settling.delete(entry.id);
    }
    // A card may have changed again while its change was on its way (a save, then a delete): send that now.
    this.flush();
  }

  /**
   * A write failed. Refused by the server, a write of several changes goes again change by change (the server takes
   * a write whole or not at all, and one card another device saved later must not hold back the rest); a single
   * change is refused for good. Failed in this client before it left, the changes still wait, and go again shortly.
   */
  private async notLanded(batch: readonly OutboxEntry[], error: unknown): Promise<void> {
    if (this.disposed) return;
    const current = batch.filter((entry) => this.inFlight.get(entry.id) === entry);
    if (!this.changes.refusedByServer(error)) {
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
   * the server holds a copy of the card at least as new (another device saved it later), or deleted the card at or
   * after the change, or the change is a deletion older than the card there, that is newer-wins doing its work and
   * nothing went wrong, so nothing is said; any other refusal is told to the person.
   */
  private async refused(entry: OutboxEntry, error: unknown): Promise<void> {
    // Read before settling: the server's copy as the refusal left it (Firebase shows it again before it answers).
    const newer = this.server !== null && serverHoldsNewer(entry, this.server, this.deletions);
    await this.settle([entry]);
    if (this.disposed) return;
    if (!newer)
      this.reports.refused(
        error instanceof SleeveError ? error : new SleeveError('Failed to add or update card on server'),
      );
    this.reports.settled();
  }
}
