/**
 * The engine bench page: the app's own engine (src/engine + the worker, built exactly as the app builds them) on a
 * page of its own, so bench/run.mjs can time worker calls the way the app makes them. Built into a temporary folder
 * at bench time; it never ships in dist/.
 */
import type { CardCollection, EncryptedCollection, OpenedCards } from '../../src/domain/card';
import { asFromServer, asLocal } from '../../src/domain/merge-decision';
import { cardsGoingUp } from '../../src/domain/merge-up';
import type { SecretRecord } from '../../src/domain/secret';
import { sortOutCards } from '../../src/domain/stored-cards';
import { createEngine } from '../../src/engine';

interface Data {
  pin: string;
  newPin: string;
  record: SecretRecord;
  collections: Record<string, CardCollection>;
}

interface Timed {
  ms: number;
  longTasks: number;
  cards: number;
}

let data: Data | undefined;
const need = (): Data => {
  if (!data) throw new Error('setData first');
  return data;
};

const longTasks: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
}).observe({ type: 'longtask', buffered: true });

/**
 * Long tasks that ran at any moment in [from, to]; waits a moment first, since the observer reports after the task.
 * Overlapping rather than starting within: the task that makes the call (and sends the cards to the worker) began
 * before the call's own clock was read, and it is the call's work all the same.
 */
async function longTasksBetween(from: number, to: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return longTasks.filter((task) => task.end >= from && task.start <= to).length;
}

/** A fresh engine worker, as the app starts one: nothing cached, nothing held. */
function startEngine() {
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' });
  return { engine: createEngine(worker), stop: () => worker.terminate() };
}

let kept: ReturnType<typeof startEngine> | undefined;
const keptEngine = () => {
  kept ??= startEngine();
  return kept.engine;
};

const cardCount = (collection: CardCollection | OpenedCards | unknown[]): number =>
  Array.isArray(collection)
    ? collection.length
    : Array.isArray(collection.cards)
      ? collection.cards.length
      : Object.keys(collection.cards).length;

const bench = {
  setData(next: Data): void {
    data = next;
  },

  /** One PBKDF2 derivation through the engine, as unlocking and verifying run it (plus one unwrap). */
  async kdf(): Promise<number> {
    const { pin, record } = need();
    const engine = keptEngine();
    const start = performance.now();
    const ok = await engine.verify(pin, record);
    const ms = performance.now() - start;
    if (!ok) throw new Error('the bench PIN does not open its record');
    return ms;
  },

  /**
   * The first derivation of a worker that has started (it answered a call) but derived nothing yet: what the app's
   * unlock pays, since each page load starts its own worker.
   */
  async firstKdf(): Promise<number> {
    const { pin, record } = need();
    const { engine, stop } = startEngine();
    try {
      await engine.hasKey();
      const start = performance.now();
      await engine.unlock(pin, record);
      return performance.now() - start;
    } finally {
      stop();
    }
  },

  /** Derivations the engine counts for unlock, verify and change-password (verify the old, wrap under the new). */
  async derivations(collection: string) {
    const { pin, newPin, record, collections } = need();
    const { engine, stop } = startEngine();
    try {
      const counts = [await engine.derivationCount()];
      await engine.unlock(pin, record);
      counts.push(await engine.derivationCount());
      await engine.verify(pin, record);
      counts.push(await engine.derivationCount());
      if (!(await engine.verify(pin, record))) throw new Error('verify failed');
      await engine.createSecret(newPin, collections[collection] as CardCollection, Date.now(), {
        current: { secret: pin, record },
      });
      counts.push(await engine.derivationCount());
      const [c0 = 0, c1 = 0, c2 = 0, c3 = 0] = counts;
      return { unlock: c1 - c0, verify: c2 - c1, changePassword: c3 - c2 };
    } finally {
      stop();
    }
  },

  /** A cold open: fresh worker, unlocked (not timed), then one openCollection call timed end to end. */
  async open(name: string): Promise<Timed> {
    const { pin, record, collections } = need();
    const collection = collections[name] as CardCollection;
    const { engine, stop } = startEngine();
    try {
      await engine.unlock(pin, record);
      const start = performance.now();
      const cards = await engine.openCollection(collection);
      const end = performance.now();
      return { ms: end - start, longTasks: await longTasksBetween(start, end), cards: cardCount(cards) };
    } finally {
      stop();
    }
  },

  /**
   * The part of an open that checks every entry's shape card by card (so one damaged entry is listed rather than
   * failing the open), timed on its own: the worker runs it inside each open (worker/vault/collections.ts).
   */
  checks(name: string): number {
    const collection = need().collections[name] as CardCollection;
    const start = performance.now();
    const { cards } = sortOutCards(collection);
    const ms = performance.now() - start;
    if (cards.length !== cardCount(collection)) throw new Error('a stored card was sorted out');
    return ms;
  },

  /**
   * One merge, timed end to end, as a device joining an account makes it (src/state/sign-in.ts): both collections go
   * to the worker, its decision comes back, and the page works out the cards going up (src/domain/merge-up.ts).
   * `cards` is how many the account then holds.
   */
  async merge(local: string, remote: string): Promise<Timed> {
    const { collections } = need();
    const localCollection = collections[local] as EncryptedCollection;
    const remoteCollection = collections[remote] as EncryptedCollection;
    const engine = keptEngine();
    const start = performance.now();
    const decision = await engine.mergeCollections(asLocal(localCollection), asFromServer(remoteCollection));
    const { onAccount } = await cardsGoingUp(localCollection, remoteCollection, decision.fromServer, {}, Date.now());
    const end = performance.now();
    return { ms: end - start, longTasks: await longTasksBetween(start, end), cards: onAccount.size };
  },
};

export type Bench = typeof bench;
(window as unknown as { bench: Bench }).bench = bench;
document.body.dataset.ready = 'true';
