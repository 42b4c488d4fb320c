/**
 * What the account's subscription hears, as the page takes it in. The database worker (database/listeners.ts) reads
 * each copy of the account it hears and hands it on, its cards in parts; the page reads the parts a slice of time at
 * a time (src/domain/card-parts.ts), so ten thousand cards arrive without a long task.
 *
 * Each copy is the whole account at one moment, so copies that arrive while one is read are not queued: the newest
 * of them is read next, and the ones between are passed over. What a write's answer decides depends on what was
 * heard before it (the SDK shows a write's own copy before the call returns, and takes it back before a refusal is
 * answered, and the worker's messages arrive in the order it sent them): `caughtUp` resolves once everything heard
 * so far has been handed on, for the answer to wait for.
 */
import { readInSlices } from '../domain/collection-transfer';
import type { HeardCards } from '../domain/server-shapes';

/** A subscription to the account: ended with `stop`; `caughtUp` resolves once what it heard so far is handed on. */
export interface CardsSubscription {
  readonly stop: () => void;
  caughtUp(): Promise<void>;
}

export class HeardAccount {
  private newest: unknown = null;
  private reading = false;
  private done: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly handOn: (heard: HeardCards) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** The worker's message: a copy of the account, its cards parted when many, read in tasks of its own. */
  heard(copy: unknown): void {
    this.newest = copy;
    if (this.reading || this.stopped) return;
    this.reading = true;
    this.done = this.readInTurn();
  }

  /** Resolves once every copy heard so far has been read and handed on (or passed over for a newer one). */
  caughtUp(): Promise<void> {
    return this.done;
  }

  stop(): void {
    this.stopped = true;
    this.newest = null;
  }

  private async readInTurn(): Promise<void> {
    try {
      while (this.newest !== null && !this.stopped) {
        const copy = this.newest;
        this.newest = null;
        try {
          const heard = (await readInSlices(copy)) as HeardCards;
          if (!this.stopped) this.handOn(heard);
        } catch (error) {
          // One copy that could not be handed on stops none of the ones after it.
          this.failed(error);
        }
      }
    } finally {
      // Cleared in the same step as the loop's last check, so a copy heard from here on starts a new read.
      this.reading = false;
    }
  }
}
