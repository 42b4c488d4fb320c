/**
 * What the account's subscription hears, read a slice of time at a time (src/domain/next-task.ts). The SDK hands the
 * listener a snapshot of the whole account inside the task that took it off the connection, its own handling of
 * the data already tens of milliseconds with ten thousand cards; reading every card there as well (each entry's
 * value, then its check) made that one task twice as long. The listener only keeps the snapshot; the reading follows
 * in tasks of its own.
 *
 * Each snapshot is the whole account at one moment, so snapshots that arrive while one is read are not queued: the
 * newest of them is read next, and the ones between are passed over. What a write's answer decides depends on what
 * was heard before it (the SDK shows a write's own copy before the call returns, and takes it back before a refusal
 * is answered): `caughtUp` resolves once everything heard so far has been handed on, for the answer to wait for.
 */
import type { DataSnapshot } from 'firebase/database';
import { parseDeletions } from '../domain/deletions';
import { asFromServer } from '../domain/merge-decision';
import { inSlices, nextTask } from '../domain/next-task';
import { type HeardCards, parseServerCards, type ServerCards, serverCardsCollector } from '../domain/server-shapes';
import { parseServerDetails } from '../domain/synced-details';

/** The entries of `{uid}/cards`, each read and checked, a slice at a time. */
async function readCardsOf(cards: DataSnapshot): Promise<ServerCards> {
  // A value that is no map (nothing, or something else altogether) is read whole, as a one-time read reads it.
  if (!cards.hasChildren()) return parseServerCards(cards.val());
  const entries: DataSnapshot[] = [];
  cards.forEach((entry) => {
    entries.push(entry);
  });
  const collector = serverCardsCollector();
  await inSlices(entries, (entry) => collector.add(entry.key ?? '', entry.val()));
  return collector.result();
}

async function readAccount(account: DataSnapshot): Promise<HeardCards> {
  const { collection, malformed } = await readCardsOf(account.child('cards'));
  return {
    collection: asFromServer(collection),
    malformed,
    deletions: asFromServer(parseDeletions(account.child('deleted').val())),
    details: parseServerDetails(account.child('details').val()),
  };
}

/** A subscription to the account: ended with `stop`; `caughtUp` resolves once what it heard so far is handed on. */
export interface CardsSubscription {
  readonly stop: () => void;
  caughtUp(): Promise<void>;
}

export class HeardAccount {
  private newest: DataSnapshot | null = null;
  private reading = false;
  private done: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly handOn: (heard: HeardCards) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** The SDK's listener: keeps the snapshot, to be read in tasks of its own. */
  heard(snapshot: DataSnapshot): void {
    this.newest = snapshot;
    if (this.reading || this.stopped) return;
    this.reading = true;
    this.done = this.readInTurn();
  }

  /** Resolves once every snapshot heard so far has been read and handed on (or passed over for a newer one). */
  caughtUp(): Promise<void> {
    return this.done;
  }

  stop(): void {
    this.stopped = true;
    this.newest = null;
  }

  private async readInTurn(): Promise<void> {
    try {
      // The SDK's task ends before any reading starts.
      await nextTask();
      while (this.newest && !this.stopped) {
        const snapshot = this.newest;
        this.newest = null;
        try {
          const heard = await readAccount(snapshot);
          if (!this.stopped) this.handOn(heard);
        } catch (error) {
          // One snapshot that could not be handed on stops none of the ones after it.
          this.failed(error);
        }
      }
    } finally {
      // Cleared in the same step as the loop's last check, so a snapshot heard from here on starts a new read.
      this.reading = false;
    }
  }
}
