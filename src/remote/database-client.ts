/**
 * The page's side of the database worker (database/worker.ts), which holds the Realtime Database client: the
 * database's messages are taken off the connection, parsed and read there, and the page only reads what it is
 * handed, a slice of time at a time. With 10,000 cards the SDK's own handling of the account's first copy was one
 * task of 55–66 ms on the page (128–199 ms at 4× CPU throttling), whatever the app did with it.
 *
 * One worker per signed-in user: started by the first call, once its Auth has the user the page signed in
 * (database/connection.ts), and ended when the page's user changes or signs out, so nothing of one account's session
 * outlives it. The page's listeners outlive a worker: each is set up again on the next (database-subscriptions.ts).
 * This module imports the worker's API as a type only.
 */
import { type Remote, transferHandlers, wrap } from 'comlink';
import { onAuthStateChanged } from 'firebase/auth';
import { inParts } from '../domain/collection-transfer';
import { InvalidStateError } from '../domain/errors';
import { registerTransfers } from '../domain/transfers';
import type { DatabaseApi } from './database/api';
import { auth } from './firebase';
import type { HeardMessage } from './wire';

export type Api = Remote<DatabaseApi>;

interface Connection {
  /** The user whose tokens the worker's Auth holds; `null`: nobody's, so the server sees a client signed out. */
  readonly uid: string | null;
  readonly worker: Worker;
  readonly api: Api;
  /** Resolves once the worker's Auth holds the user; every call waits for it. */
  readonly ready: Promise<void>;
  /** Rejects when the worker ends, so a call it had not answered fails rather than waiting for ever. */
  readonly ended: Promise<never>;
  readonly end: (error: Error) => void;
}

/** A listener of the page's, known by the same number on every worker it is set up on. */
export interface Listener {
  readonly id: number;
  /** Sets it up on a worker. */
  readonly start: (api: Api) => Promise<void>;
  /** What it heard, posted on the worker's own port, in order with the answers to calls. */
  readonly heard: (message: HeardMessage) => void;
}

let current: Connection | null = null;
/** Whether the database is held off the network (`holdOffline`), for every worker started meanwhile too. */
let heldOffline = false;
/** How far the server's clock is ahead of this device's, as the current connection last heard. */
let serverOffsetMs = 0;
let lastListenerId = 0;

/** The page's listeners by number, the server's clock among them. */
const listeners = new Map<number, Listener>();

function attach(listener: Listener, connection: Connection): void {
  connection.ready.then(() => listener.start(connection.api)).catch(() => undefined);
}

function connect(uid: string | null): Connection {
  if (current?.uid === uid) return current;
  closeDatabase();
  registerTransfers(transferHandlers);
  const worker = new Worker(new URL('./database/worker.ts', import.meta.url), { type: 'module', name: 'database' });
  const api = inParts(wrap<DatabaseApi>(worker));
  const signedIn = api.signedIn(uid);
  const ready = heldOffline || !navigator.onLine ? signedIn.then(() => api.disconnect()) : signedIn;
  let end: (error: Error) => void = () => undefined;
  const ended = new Promise<never>((_, reject) => {
    end = reject;
  });
  // Marked as handled: with no call in flight, nobody waits for the end.
  ended.catch(() => undefined);
  const connection: Connection = { uid, worker, api, ready, ended, end };
  worker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as Partial<HeardMessage> | null;
    // Comlink's own messages carry an id and no listener's number.
    if (typeof message?.listening !== 'number' || current !== connection) return;
    listeners.get(message.listening)?.heard(message as HeardMessage);
  });
  current = connection;
  for (const listener of listeners.values()) attach(listener, connection);
  return connection;
}

/** A new listener's number. */
export const nextListenerId = (): number => {
  lastListenerId += 1;
  return lastListenerId;
};

/**
 * Sets `listener` up on the signed-in user's worker and on each one after it, until the stop returned, which ends it
 * here at once and in the worker when that is reached.
 */
export function listening(listener: Listener): () => void {
  listeners.set(listener.id, listener);
  const uid = signedInUid();
  if (current?.uid === uid) attach(listener, current);
  else connect(uid);
  return () => {
    if (!listeners.delete(listener.id)) return;
    current?.ready.then(() => current?.api.stopListening(listener.id)).catch(() => undefined);
  };
}

// The server's clock, followed on every worker.
const serverClock = nextListenerId();
listeners.set(serverClock, {
  id: serverClock,
  start: (api) => api.listenServerTime(serverClock),
  heard: ({ values }) => {
    const offset = values?.[0];
    if (offset && 'value' in offset && typeof offset.value === 'number') serverOffsetMs = offset.value;
  },
});

/**
 * Calls the worker of `uid` (the signed-in user, or nobody), started if need be, once it is ready; fails if the
 * worker ends first (its user signed out or changed) rather than never settling.
 */
async function callWorker<T>(uid: string | null, call: (api: Api) => Promise<T>): Promise<T> {
  const connection = connect(uid);
  await Promise.race([connection.ready, connection.ended]);
  return Promise.race([call(connection.api), connection.ended]);
}

/** The user the page has signed in, whose worker the database's calls go to; `null`: nobody. */
function signedInUid(): string | null {
  return auth.currentUser?.uid ?? null;
}

/** Ends the worker and its connection: the page's user signed out, or another signed in. */
export function closeDatabase(): void {
  current?.worker.terminate();
  current?.end(new InvalidStateError('The account was signed out before the server answered.'));
  current = null;
  serverOffsetMs = 0;
}

// The page's Auth decides who is signed in; a worker of anyone else ends with it.
onAuthStateChanged(auth, (user) => {
  const uid = user?.uid ?? null;
  if (current?.uid === uid) return;
  closeDatabase();
  // The page's listeners carry on with the worker of whoever signed in now (the server's clock is always one).
  // Signed out, they wait for the next worker: the account's own have been stopped by then.
  if (uid !== null && listeners.size > 1) connect(uid);
});

// The worker hears no `online` or `offline` event (the SDK listens on `window`, and the network the page is told it
// lost may not be the worker's yet): passed on, so the database goes off the network with the page, and connects
// again at once when it returns rather than when its back-off ends.
window.addEventListener('offline', () => {
  current?.api.disconnect().catch(() => undefined);
});
window.addEventListener('online', () => {
  if (!heldOffline) current?.api.reconnect().catch(() => undefined);
});

/**
 * Takes the database off the network (`true`), as the SDK's `goOffline` does, or back on at once: for tests, which
 * cannot take the browser's network away from one client. Writes made meanwhile wait in the SDK.
 */
export async function holdOffline(offline: boolean): Promise<void> {
  heldOffline = offline;
  const connection = current;
  if (!connection) return;
  await connection.ready.catch(() => undefined);
  await (offline ? connection.api.disconnect() : connection.api.reconnect());
}

/**
 * Calls the worker of the user the page has signed in with `call`, which names the uid it reads or writes (another
 * user's is refused by the server, as it would be from the page).
 */
export const withDatabase = <T>(call: (api: Api) => Promise<T>): Promise<T> => callWorker(signedInUid(), call);

/** Now, by the server's clock (this device's until the worker has connected once). */
export const serverNow = (): number => Date.now() + serverOffsetMs;

/** Whether the database is connected now. */
export const connectedNow = (): Promise<boolean> => withDatabase((api) => api.connectedNow());
