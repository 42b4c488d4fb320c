/**
 * The cards' details within a sync session (src/state/sync-session.ts): the account's records as last heard with its
 * cards, which records show beside the cards on screen (src/domain/synced-details.ts), what is kept on this device
 * for a start without a connection, and the records the account keeps for cards it no longer holds, removed when
 * seen. Only ciphertext; opening is src/state/details.ts's.
 */
import type { EncryptedCollection } from '../domain/card';
import type { Outbox } from '../domain/outbox';
import { emptyOutbox } from '../domain/outbox';
import type { DetailsCollection } from '../domain/stored-details';
import type { ServerDetails } from '../domain/synced-details';
import { noServerDetails, orphanDetails, overlayDetails } from '../domain/synced-details';
import type { AccountServer } from '../remote';
import { loadDetails } from '../storage/local-storage';
import { reportError } from './report';

export class SessionDetails {
  /** The account's records as last heard; `null` until the server first answers. */
  private server: ServerDetails | null = null;
  /** The records this device kept from the account's last answer, shown until the server answers. */
  private readonly lastSeen: ServerDetails;
  /** Records being removed right now, so an update meanwhile does not ask again. */
  private readonly removing = new Set<string>();
  private disposed = false;

  constructor(
    private readonly account: Pick<AccountServer, 'removeDetails'>,
    private readonly uid: string,
  ) {
    const stored = loadDetails();
    this.lastSeen = stored.ok && stored.value.type === 'ENCRYPTED' ? stored.value.details : noServerDetails;
  }

  /** The account's records, heard with `cards` from one moment of the server. */
  heard(details: ServerDetails, cards: EncryptedCollection): void {
    if (this.disposed) return;
    this.server = details;
    this.removeOrphans(orphanDetails(details, cards));
  }

  /** The records that show beside `shown`, the server's cards with `outbox` laid over them. */
  shown(outbox: Outbox, shown: EncryptedCollection): DetailsCollection {
    return overlayDetails(this.server ?? this.lastSeen, outbox, shown);
  }

  /** What is kept on this device beside the server's `cards` for a start without a connection: the server's records. */
  kept(cards: EncryptedCollection): DetailsCollection {
    return overlayDetails(this.server ?? this.lastSeen, emptyOutbox(), cards);
  }

  dispose(): void {
    this.disposed = true;
  }

  /**
   * Records of cards another client removed with a plain removal (the seed's clients know nothing of details) go
   * too: a card's details never outlive it for long. Only housekeeping: a failure is reported, and the next update
   * tries again.
   */
  private removeOrphans(ids: readonly string[]): void {
    const fresh = ids.filter((id) => !this.removing.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.removing.add(id);
    this.account
      .removeDetails(this.uid, fresh)
      .catch(reportError)
      .finally(() => {
        for (const id of fresh) this.removing.delete(id);
      });
  }
}
