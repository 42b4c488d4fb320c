/**
 * The account's cards and their details as the server last sent them (ciphertext only), kept on this device so a
 * start without a connection still shows them. Written a moment after the server's last update, so a burst of
 * updates is one write; a copy that cannot be written (a full quota) only means the next offline start waits for the
 * server. What is stored already is not written again. Part of a sync session, and gone with it.
 */
import type { CardCollection, EncryptedCollection } from '../domain/card';
import { asLocal } from '../domain/merge-decision';
import { sameCards } from '../domain/stored-cards';
import { type DetailsCollection, sameStoredDetails } from '../domain/stored-details';
import { updateStorage } from '../storage/local-storage';
import { reportError } from './report';

/** How long after the server's last update its cards are copied to this device. */
const KEEP_DELAY_MS = 500;

export class OfflineCopy {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly uid: string) {}

  /** Keeps what `copy` gives a moment from now (read then, so the newest update is what is kept). */
  keepSoon(copy: () => { cards: EncryptedCollection; details: DetailsCollection } | null): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const kept = this.disposed ? null : copy();
      if (!kept) return;
      updateStorage((current) => {
        // Only for the account this session belongs to, still on this device.
        if (current.auth.password === null || current.outbox.uid !== this.uid) return {};
        // Every start hears first what the last session kept: storing the same text again would be a long task of
        // its own with ten thousand cards (a `setItem` of millions of characters), for nothing.
        if (sameCards(current.cards, kept.cards) && sameStoredDetails(current.details, kept.details)) return {};
        return { cards: asLocal<CardCollection>(kept.cards), details: kept.details };
      }).catch(reportError);
    }, KEEP_DELAY_MS);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }
}
