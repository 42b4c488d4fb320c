/**
 * Live sync while signed in (SPEC.md §4, Cards), as one object that lives from sign-in to sign-out: it owns the
 * subscriptions, the outbox's sending (src/state/outbox-sender.ts) and what shows, so nothing of one session can
 * touch the next (a disposed session ignores whatever still arrives for it).
 *
 * What the person sees is the server's `{uid}/cards` with this device's waiting changes laid over it, less the
 * waiting edits the account deleted later (its deletion records, `{uid}/deleted`, heard with the cards). What the
 * session learns that is not about cards (signed out elsewhere, the password changed elsewhere) it reports as a
 * device event (src/state/store-types.ts, DeviceEvent); src/state/lifecycle.ts reacts. It never changes the lock.
 */
import { ref } from 'valtio';
import type { ReplacedKey } from '../../worker/api';
import type { EncryptedCollection, PlainCard } from '../domain/card';
import type { CardDetails } from '../domain/card-details';
import { type Deletions, expiredDeletions, noDeletions } from '../domain/deletions';
import type { FromServer } from '../domain/merge-decision';
import type { CardChange, Deletion } from '../domain/outbox';
import { broughtBack, overlay } from '../domain/outbox';
import type { RetiredKeys, SecretRecord } from '../domain/secret';
import type { HeardCards } from '../domain/server-shapes';
import type { DetailsCollection } from '../domain/stored-details';
import type { ServerDetails } from '../domain/synced-details';
import type { AccountServer, CardsSubscription, RecordSwap } from '../remote';
import { loadCards } from '../storage/local-storage';
import { showRecords, showWithoutDetails } from './details';
import { OfflineCopy } from './offline-copy';
import { answersAfter, OutboxSender } from './outbox-sender';
import { OwnRecords, recordKey } from './own-records';
import { reportError } from './report';
import { RetiredKeysFollower } from './retired-keys';
import { SessionDetails } from './session-details';
import { showCard, showCards, showWithout } from './shown-cards';
import type { SyncSession } from './store';
import { appState, cardsState, emitDeviceEvent, records, setStoredCollection } from './store';
import { showError } from './toast';
import { openAndShow } from './view';

export class AccountSync implements SyncSession {
  private disposed = false;
  private readonly stops: (() => void)[] = [];
  /** The server's cards as last heard; `null` until the first answer. */
  private serverCards: FromServer<EncryptedCollection> | null = null;
  /** The account's deletion records, heard with its cards. */
  private deletions: Deletions = noDeletions;
  /** Whether this session has asked the server to drop the deletion records kept long enough (once is enough). */
  private pruned = false;
  private readonly sender: OutboxSender;
  private rendering = false;
  private renderAgain = false;
  /** Password records this device is writing right now (src/state/own-records.ts). */
  private readonly ownRecords = new OwnRecords();
  /** The account's retired keys, and the cards sealed again under the current key (src/state/retired-keys.ts). */
  private readonly retired: RetiredKeysFollower;
  /** The account's cards as this device last heard them (kept in `sleeve/cards`), shown until the server answers. */
  private readonly lastSeen: EncryptedCollection;
  /** The account's cards and details as last heard, kept on this device for a start without a connection. */
  private readonly offline: OfflineCopy;
  /** The account's cards' details, heard with its cards (src/state/session-details.ts). */
  private readonly details: SessionDetails;
  private cards: CardsSubscription | null = null; // from `start` on

  constructor(
    private readonly server: AccountServer,
    private readonly uid: string,
  ) {
    const changes = answersAfter(server, () => this.cards?.caughtUp());
    this.sender = new OutboxSender(changes, uid, {
      waiting: (count) => {
        cardsState.waiting = count;
      },
      settled: () => this.render(),
      refused: (error) => showError(error),
    });
    this.retired = new RetiredKeysFollower(this.sender, () => {
      if (!appState.locked) this.render();
    });
    const cards = loadCards();
    this.lastSeen = cards.ok && cards.value.type === 'ENCRYPTED' ? cards.value : { type: 'ENCRYPTED', cards: {} };
    this.details = new SessionDetails(server, uid);
    this.offline = new OfflineCopy(uid);
  }

  /** Subscribes to the account's cards, its password record, the signed-in user and the connection. */
  start(): this {
    const { server, uid } = this;
    cardsState.merging = true;
    cardsState.waiting = this.sender.waitingCount();
    this.cards = server.subscribeCards(uid, (heard) => this.cardsArrived(heard), showError);
    this.stops.push(
      this.cards.stop,
      server.subscribeAuth(
        uid,
        (record, retired) => {
          this.retired.heard(retired);
          this.passwordRecord(record);
        },
        showError,
      ),
      server.onUserChanged((user) => {
        if (!this.disposed && user === null) emitDeviceEvent({ kind: 'signed-out-elsewhere' });
      }),
      server.onConnectionChanged((connected) => this.sender.setConnected(connected)),
    );
    // Changes still waiting from before this page (kept offline across a reload) show at once over the cards as
    // last seen, rather than only once the server answers.
    if (this.sender.waitingCount() > 0) this.render();
    return this;
  }

  dispose(): void {
    this.disposed = true;
    this.offline.dispose();
    for (const stop of this.stops.splice(0)) stop();
    this.sender.dispose();
    this.retired.dispose();
    this.details.dispose();
  }

  // ---- the person's changes ----

  async put(card: CardChange, shown: PlainCard, details?: CardDetails): Promise<void> {
    await this.sender.record([card]);
    if (this.disposed) return;
    showCard(this.shownCollection(), shown);
    if (details) showRecords(this.shownDetails(), new Map([[card.id, details]]));
    this.sender.send([card]);
  }

  /** New cards in one change (an import); one the account deleted since its date comes back dated now (`broughtBack`). */
  async putMany(
    cards: readonly CardChange[],
    shown: readonly PlainCard[],
    details: ReadonlyMap<string, CardDetails> = new Map(),
  ): Promise<void> {
    const now = this.now();
    await this.sender.record(cards.map((card) => broughtBack(card, this.deletions, now)));
    if (this.disposed) return;
    showCards(
      this.shownCollection(),
      shown.map((card) => broughtBack(card, this.deletions, now)),
    );
    if (details.size > 0) showRecords(this.shownDetails(), details);
    this.sender.flush();
  }

  async remove(deletions: readonly Deletion[]): Promise<void> {
    await this.sender.record(deletions);
    if (this.disposed) return;
    const ids = deletions.map((deletion) => deletion.id);
    showWithout(this.shownCollection(), ids);
    showWithoutDetails(this.shownDetails(), ids);
    this.sender.flush();
  }

  /**
   * Writes `record` over `replaces` on the server, a compare-and-set. Its echo is this device's own until the server
   * has answered, however late (the write may land after the person was told its outcome is not known yet).
   */
  swapPasswordRecord(replaces: SecretRecord, record: SecretRecord): Promise<RecordSwap> {
    return this.ownRecords.during(record, () => this.server.swapPasswordRecord(this.uid, replaces, record));
  }

  now(): number {
    return this.server.serverNow();
  }

  readServerCards(): Promise<EncryptedCollection> {
    return this.server.readCards(this.uid);
  }

  readServerDetails(): Promise<ServerDetails> {
    return this.server.readDetails(this.uid);
  }

  readRetiredKeys(): Promise<RetiredKeys | null> {
    return this.server.readRetiredKeys(this.uid);
  }

  connected(): Promise<boolean> {
    return this.server.connectedNow();
  }

  readPasswordRecord(): Promise<SecretRecord | null> {
    return this.server.readPasswordRecord(this.uid);
  }

  async replaceKey(
    { record, retired, collection, details }: ReplacedKey,
    replaces: SecretRecord,
    previous: RetiredKeys | null,
  ): Promise<'written' | 'refused'> {
    const cards = Object.values(collection.cards);
    return this.ownRecords.during(record, () =>
      this.server.replaceAccountKey(this.uid, record, retired, cards, replaces, previous, details).then(
        () => 'written' as const,
        (error: unknown) => {
          if (this.server.refusedByServer(error)) return 'refused' as const;
          throw error;
        },
      ),
    );
  }

  sealAgain(collection: EncryptedCollection, ids: readonly string[]): void {
    this.retired.sealAgain(collection, ids);
  }

  keepSavedWithOldKey(id: string): Promise<void> {
    return this.retired.keepSavedWithOldKey(this.shownCollection(), id);
  }

  showAgain(): void {
    if (!this.disposed && !appState.locked) this.render();
  }

  outboxChanged(): void {
    if (this.disposed) return;
    this.sender.reload();
    this.render();
    this.sender.flush();
  }

  // ---- what arrives ----

  private cardsArrived({ collection, malformed, deletions, details }: HeardCards): void {
    if (this.disposed) return;
    this.serverCards = collection;
    this.deletions = deletions;
    this.details.heard(details, collection);
    cardsState.malformed = ref(malformed);
    this.render();
    this.sender.heard(collection, deletions);
    this.offline.keepSoon(() =>
      this.serverCards ? { cards: this.serverCards, details: this.details.kept(this.serverCards) } : null,
    );
    this.pruneDeletions(deletions);
  }

  /**
   * Deletion records are kept `DELETIONS_KEPT_DAYS` (src/domain/deletions.ts); the first answer of each session that
   * holds older ones removes them. Only housekeeping: a failure is reported, not shown, and the next session tries.
   */
  private pruneDeletions(deletions: Deletions): void {
    if (this.pruned) return;
    this.pruned = true;
    const expired = expiredDeletions(deletions, this.server.serverNow());
    if (expired.length > 0) this.server.pruneDeletions(this.uid, expired).catch(reportError);
  }

  /** The details records that show beside the cards shown: the server's, or those a waiting change carries. */
  shownDetails(): DetailsCollection {
    return this.details.shown(this.sender.outbox, this.shownCollection());
  }

  /** The server's cards (until it answers: as last seen here) with the waiting changes laid over them. */
  private shownCollection(): EncryptedCollection {
    return overlay(this.serverCards ?? this.lastSeen, this.sender.outbox, this.deletions);
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
            // Locked while it opened (the key went a moment before this open reached the worker): it is kept for
            // the next unlock, which opens it; there is nothing to tell.
            if (!this.disposed && !appState.locked) showError(error);
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

  /** A password record newer than this device's was written elsewhere: the new password is needed here. */
  private passwordRecord(record: SecretRecord | null): void {
    const local = records().password;
    if (this.disposed || !record || !local || recordKey(record) === recordKey(local)) return;
    if (this.ownRecords.has(record)) return;
    if (record.modifiedAt <= local.modifiedAt) return;
    emitDeviceEvent({ kind: 'password-changed-elsewhere', record });
  }
}
