/**
 * src/state/retired-keys.ts, with outbox-sender.ts `recordSealedAgain`: a session follows a replaced key. The
 * account's retired keys, heard with its password record, go to the worker; a card shown that opened only under one
 * of them is sealed again under the current key and kept in the outbox with its date unchanged (unless another change
 * of the card waits there), then sent, so that it reaches every device in the form the current key opens.
 */
import type { EncryptedCard, EncryptedCollection } from '../../../src/domain/card';
import { SleeveError } from '../../../src/domain/errors';
import { outboxOf, sameEntry, withEntry } from '../../../src/domain/outbox';
import type { RetiredKeys } from '../../../src/domain/secret';
import { CHANGED_ELSEWHERE } from '../../../src/state/device-records';
import type { Flow } from './core';
import type { Session } from './sync-session';
import { keyOfCard } from './tokens';
import { engine } from './worker';
import { sealAgain, setRetiredKeys } from './worker-retired';

export class RetiredKeysFollower {
  /** The retired keys as last heard, so the worker is told only of a change. */
  private heardNow: string | null = null;
  /** Cards being sealed again right now, so an open meanwhile does not start the same work twice. */
  private readonly sealing = new Set<string>();

  constructor(private readonly session: Session) {}

  heard(retired: RetiredKeys | null): void {
    const heard = retired ? `${retired.iv}|${retired.ciphertext}` : null;
    if (this.session.disposed || heard === this.heardNow) return;
    this.heardNow = heard;
    this.session.spawn('retired keys', this.tell(retired));
  }

  private *tell(retired: RetiredKeys | null): Flow {
    const { tab } = this.session;
    const opens = yield* engine(tab, () => setRetiredKeys(tab, retired));
    // Opened again only when that can change what shows: the held key opens them, and the tab is not locked.
    if (opens && !this.session.disposed && !tab.locked) this.session.render();
  }

  sealAgain(collection: EncryptedCollection, ids: readonly string[]): void {
    const fresh = ids.filter((id) => !this.sealing.has(id) && Object.hasOwn(collection.cards, id));
    if (fresh.length === 0 || this.session.disposed) return;
    for (const id of fresh) this.sealing.add(id);
    const from = new Map(fresh.map((id) => [id, collection.cards[id] as EncryptedCard]));
    this.session.spawn('seal again', this.sealAndSend(from));
  }

  private *sealAndSend(from: Map<string, EncryptedCard>): Flow {
    const { session } = this;
    const { tab, world } = session;
    try {
      const sealed = yield* engine(tab, () => sealAgain(world, tab, [...from.values()]));
      if (session.disposed || sealed.length === 0) return;
      yield* recordSealedAgain(
        session,
        sealed.map((card) => from.get(card.id) as EncryptedCard),
        sealed,
      );
      if (!session.disposed) session.flush();
    } finally {
      for (const id of from.keys()) this.sealing.delete(id);
    }
  }

  /**
   * retired-keys.ts `keepSavedWithOldKey`: the person keeps a card kept apart; it is sealed under the held key and
   * sent like a card sealed again.
   */
  *keepSavedWithOldKey(id: string): Flow {
    const { session } = this;
    const { tab, world } = session;
    const collection = session.shownCollection();
    const card = Object.hasOwn(collection.cards, id) ? collection.cards[id] : undefined;
    const [sealed] = card ? yield* engine(tab, () => sealAgain(world, tab, [card], true)) : [];
    if (!card || !sealed) throw new SleeveError('This card changed or went meanwhile, so nothing was changed.');
    yield* recordSealedAgain(session, [card], [sealed]);
    if (session.disposed) return;
    session.render();
    session.flush();
  }

  dispose(): void {
    if (this.heardNow === null) return;
    const { tab } = this.session;
    // What this account retired means nothing to the next one signed in here.
    this.session.spawn(
      'forget retired keys',
      engine(tab, () => {
        setRetiredKeys(tab, null);
      }),
    );
  }
}

/**
 * outbox-sender.ts `recordSealedAgain`: `sealed[i]`, sealed again from `from[i]`, kept as a change to send, unless a
 * change of the card waits already that is not `from[i]` (a newer edit never gives way to an old copy).
 */
export function* recordSealedAgain(
  session: Session,
  from: readonly EncryptedCard[],
  sealed: readonly EncryptedCard[],
): Flow {
  const { world, tab } = session;
  let kept: EncryptedCard[] = [];
  const stored = yield* world.updateStorage(tab, (current) => {
    if (current.auth.password === null) throw new SleeveError(CHANGED_ELSEWHERE);
    const outbox = outboxOf(current.outbox, session.uid);
    kept = sealed.filter((card, index) => {
      const waiting = Object.hasOwn(outbox.cards, card.id) ? outbox.cards[card.id] : undefined;
      const original = from[index];
      return original !== undefined && (waiting === undefined || sameEntry(waiting, original));
    });
    return { outbox: kept.reduce(withEntry, outbox) };
  });
  const ids = kept.map((card) => `${card.id} under ${keyOfCard(card)}`);
  if (ids.length > 0) world.note(`${tab.name} seals ${ids.join(', ')} again, to send`);
  world.stats.resealed += kept.length;
  session.outbox = outboxOf(stored.outbox, session.uid);
}
