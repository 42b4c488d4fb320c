/**
 * The database worker's Firebase: its own app, the Realtime Database, and Auth only to hold the signed-in person's
 * tokens. The page signs in and out (src/remote/auth.ts); Auth here reads the same user from the browser's IndexedDB,
 * where the page's Auth keeps it (src/remote/firebase.ts puts that persistence first), the way Firebase's own build
 * for workers does, and gives the database its ID token. Nothing here signs in or out: a worker is started for one
 * signed-in user and ended with that user's session (src/remote/database-client.ts).
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, onAuthStateChanged } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  goOffline,
  goOnline,
  onValue,
  ref,
  type Unsubscribe,
} from 'firebase/database';
import { SleeveError } from '../../domain/errors';
import { remoteConfig } from '../config';
import { DatabaseMessages } from '../wire';

const config = remoteConfig();

// WebSocket only, as on the page before (the long-polling fallback loads scripts, which a worker cannot).
forceWebSockets();

const app = initializeApp(config.options);
const auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
export const database = getDatabase(app);

if (config.emulators) {
  connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
  const [host = '127.0.0.1', port = '9000'] = config.emulators.database.split(':');
  connectDatabaseEmulator(database, host, Number(port));
}

/**
 * How long the page's sign-in may take to reach this worker's Auth: it is stored before the page's sign-in call
 * returns, so it is normally there at once; Auth re-reads the store every 800 ms in a worker.
 */
const SIGNED_IN_WITHIN_MS = 5_000;

/**
 * Resolves once Auth here holds the user the page has signed in (`uid`; `null`: nobody, once Auth has read its store);
 * fails when it does not within the time.
 */
export function signedIn(uid: string | null): Promise<void> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(
        new SleeveError(DatabaseMessages.readCardsFailed, {
          cause: new Error('the sign-in did not reach the database'),
        }),
      );
    }, SIGNED_IN_WITHIN_MS);
    stop = onAuthStateChanged(auth, (user) => {
      if ((user?.uid ?? null) !== uid) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/**
 * Connects again at once. A worker hears no `online` event of the page's (the SDK listens on `window`), so after a
 * time offline it would wait out its back-off; the page passes the event on (database-client.ts).
 */
export function reconnect(): void {
  goOffline(database);
  goOnline(database);
}

/** Closes the connection; writes made meanwhile wait in the SDK, as they do without a network. */
export const disconnect = (): void => goOffline(database);

/**
 * Calls `each` with how far the server's clock is ahead of this device's, as Firebase measured it when it connected
 * (0 until then, or for a value that is not a number), and on every change; returns the stop.
 */
export const onServerOffset = (each: (offsetMs: number) => void): Unsubscribe =>
  onValue(ref(database, '.info/serverTimeOffset'), (snapshot) => {
    const offset: unknown = snapshot.val();
    each(typeof offset === 'number' && Number.isFinite(offset) ? offset : 0);
  });

let serverOffsetMs: number | null = null;

/**
 * Now, by the server's clock (this device's until it has connected once): the server refuses records dated more
 * than a few minutes ahead of it.
 */
export function serverNow(): number {
  if (serverOffsetMs === null) {
    serverOffsetMs = 0;
    onServerOffset((offset) => {
      serverOffsetMs = offset;
    });
  }
  return Date.now() + serverOffsetMs;
}
