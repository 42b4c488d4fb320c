/**
 * Following a replaced key (src/state/replace-key.ts) on this device: the account's retired keys, as heard with its
 * password record, go to the worker, which then opens the cards a late device sealed under an old key; each such card
 * is sealed again under the current key and sent, so it reaches every device in the form the new key opens. Part of
 * a sync session, and gone with it.
 */
import type { EncryptedCard, EncryptedCollection } from '../domain/card';
import { SleeveError } from '../domain/errors';
import type { RetiredKeys } from '../domain/secret';
import { getEngine } from '../engine';
import type { OutboxSender } from './outbox-sender';
import { reportError } from './report';

// Beyond SPEC.md: a card kept apart that cannot be kept any more (changed or deleted meanwhile, or the key is gone).
export const RetiredKeyMessages = {
  keepGone: 'This card changed or went meanwhile, so nothing was changed. Check the list and try again.',
} as const;

export class RetiredKeysFollower {
  private disposed = false;
  /** The retired keys as last heard (their ciphertext), so the worker is told only of a change. */
  private heardNow: string | null = null;
  /** Cards being sealed again right now, so an open meanwhile does not start the same work twice. */
  private readonly sealing = new Set<string>();

  constructor(
    private readonly sender: OutboxSender,
    private readonly openAgain: () => void,
  ) {}

  /** The account's retired keys as the server holds them now: cards sealed under an old key may open now. */
  heard(retired: RetiredKeys | null): void {
    const heard = retired ? `${retired.iv}|${retired.ciphertext}` : null;
    if (this.disposed || heard === this.heardNow) return;
    this.heardNow = heard;
    getEngine()
      .setRetiredKeys(retired)
      .then((opens) => {
        if (opens && !this.disposed) this.openAgain();
      })
      .catch(reportError);
  }

  /** See `SyncSession.sealAgain` (src/state/store-types.ts). */
  sealAgain(collection: EncryptedCollection, ids: readonly string[]): void {
    const fresh = ids.filter((id) => !this.sealing.has(id) && Object.hasOwn(collection.cards, id));
    if (fresh.length === 0 || this.disposed) return;
    for (const id of fresh) this.sealing.add(id);
    const from = new Map(fresh.map((id) => [id, collection.cards[id] as EncryptedCard]));
    const run = async () => {
      const sealed = await getEngine().sealAgain([...from.values()]);
      if (this.disposed || sealed.length === 0) return;
      await this.sender.recordSealedAgain(
        sealed.map((card) => from.get(card.id) as EncryptedCard),
        sealed,
      );
      if (!this.disposed) this.sender.flush();
    };
    run()
      .catch(reportError)
      .finally(() => {
        for (const id of fresh) this.sealing.delete(id);
      });
  }

  /** See `SyncSession.keepSavedWithOldKey` (src/state/store-types.ts). */
  async keepSavedWithOldKey(collection: EncryptedCollection, id: string): Promise<void> {
    const card = Object.hasOwn(collection.cards, id) ? collection.cards[id] : undefined;
    const [sealed] = card ? await getEngine().keepSavedWithOldKey([card]) : [];
    if (!card || !sealed) throw new SleeveError(RetiredKeyMessages.keepGone);
    await this.sender.recordSealedAgain([card], [sealed]);
    if (this.disposed) return;
    this.openAgain();
    this.sender.flush();
  }

  dispose(): void {
    this.disposed = true;
    // What this account retired means nothing to the next one signed in here.
    if (this.heardNow !== null) getEngine().setRetiredKeys(null).catch(reportError);
  }
}
