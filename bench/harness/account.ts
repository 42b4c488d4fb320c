/**
 * The account bench page: the whole app (its screens, state, engine worker and Firebase, built with the app's own
 * Vite config) rendered as src/app/boot.tsx renders it, plus `window.bench`, which reaches what the built app keeps to
 * itself: signing in the way Google's popup ends (a credential on the app's own Auth), the card action the Edit
 * screen calls, the waiting count Home shows, the connection, and the engine's derivation count. Built into a
 * temporary folder at bench time; it never ships in dist/.
 */
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio';
import { App } from '../../src/app/App';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState, saveCard } from '../../src/state/cards';
import { startApp } from '../../src/state/lifecycle';
import { loadAccountServer } from '../../src/state/server-loader';
import { continueSignIn, enterAccountPassword } from '../../src/state/sign-in';
import '../../src/styles/index.css';

/** When the database connection last came up and went down (page time). */
const connection = { connected: false, upAt: 0, downAt: 0 };

/** Resolves with the page time at which `holds` first holds for the cards' state (now, or after a change). */
function whenCards(holds: () => boolean, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (holds()) {
      resolve(performance.now());
      return;
    }
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The cards did not reach the expected state in ${timeoutMs} ms: ${JSON.stringify(shown())}`));
    }, timeoutMs);
    const stop = subscribe(cardsState, () => {
      if (!holds()) return;
      clearTimeout(timer);
      stop();
      resolve(performance.now());
    });
  });
}

const shown = () => ({ cards: cardsState.cards.length, merging: cardsState.merging, waiting: cardsState.waiting });

const bench = {
  /** Renders the app and starts it, as src/app/boot.tsx does, and follows the database connection. */
  async start(): Promise<void> {
    const root = document.getElementById('root');
    if (!root) throw new Error('no root');
    createRoot(root).render(createElement(StrictMode, null, createElement(App)));
    await startApp();
    const remote = await loadAccountServer();
    remote.onConnectionChanged((connected) => {
      connection.connected = connected;
      if (connected) connection.upAt = performance.now();
      else connection.downAt = performance.now();
    });
  },

  /** Signs in as Google's popup would end for `sub`, then enters the account's password; the account's uid. */
  async join(sub: string, email: string, password: string): Promise<string> {
    const credential = GoogleAuthProvider.credential(JSON.stringify({ sub, email, name: 'Bench Person' }));
    const { user } = await signInWithCredential(auth, credential);
    const step = await continueSignIn();
    if (step !== 'ENTER_PASSWORD') throw new Error(`Expected the account's password step, got ${step}`);
    await enterAccountPassword(password);
    return user.uid;
  },

  /** Resolves once `count` cards show and nothing is being merged. */
  whenShown: (count: number): Promise<number> =>
    whenCards(() => cardsState.cards.length === count && !cardsState.merging, 120_000),

  shown,

  /** Resolves once the connection is in the state asked for. */
  async whenConnected(connected: boolean): Promise<number> {
    const deadline = performance.now() + 60_000;
    while (connection.connected !== connected) {
      if (performance.now() > deadline) throw new Error(`The connection did not become ${connected}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return connected ? connection.upAt : connection.downAt;
  },

  /**
   * Edits the `count` newest cards not yet edited under `label`, one after another, through the action the Edit
   * screen calls (the issuer becomes `label N`); the page time they took.
   */
  async edit(count: number, label: string): Promise<number> {
    const cards = cardsState.cards.filter((card) => !card.data.issuer.startsWith(label)).slice(0, count);
    if (cards.length < count) throw new Error(`Only ${cards.length} cards left to edit`);
    const start = performance.now();
    for (const [index, card] of cards.entries()) {
      await saveCard({ id: card.id, data: { ...card.data, issuer: `${label} ${index}` } });
    }
    return performance.now() - start;
  },

  /** Resolves with the page time at which no change waits to sync any more. */
  whenSynced: (timeoutMs: number): Promise<number> => whenCards(() => cardsState.waiting === 0, timeoutMs),

  /** How many of the account's cards the server holds dated `since` or later (server time). */
  async serverCardsSince(since: number): Promise<number> {
    const remote = await loadAccountServer();
    const user = remote.currentUser();
    if (!user) throw new Error('Not signed in');
    const cards = await remote.readCards(user.uid);
    return Object.values(cards.cards).filter((card) => card.modifiedAt >= since).length;
  },

  /** Now, by the server's clock, as the app dates its changes. */
  serverNow: async (): Promise<number> => (await loadAccountServer()).serverNow(),

  derivations: (): Promise<number> => getEngine().derivationCount(),
};

export type AccountBench = typeof bench;
(window as unknown as { bench: AccountBench }).bench = bench;
document.body.dataset.ready = 'true';
