/**
 * The one door to Firebase. The app loads this module with a dynamic `import('../remote')` only when an account
 * is involved, so a person who never signs in never downloads Firebase. Auth runs on the page (auth.ts); the
 * database runs in a worker of its own (database-client.ts), whose calls this door makes for the signed-in user.
 */
import * as auth from './auth';
import type { DatabaseApi } from './database/api';
import * as client from './database-client';
import { withDatabase } from './database-client';
import * as subscriptions from './database-subscriptions';
import { refusedByServer } from './wire';

type Call<Name extends keyof DatabaseApi> = DatabaseApi[Name] extends (uid: string, ...rest: infer Rest) => infer Result
  ? (uid: string, ...rest: Rest) => Promise<Awaited<Result>>
  : never;

/** The worker's `name`, for the user `uid`, called once the signed-in user's worker is ready. */
function forUser<Name extends keyof DatabaseApi>(name: Name): Call<Name> {
  const call = (uid: string, ...rest: unknown[]) =>
    withDatabase((api) => (api[name] as unknown as (...values: unknown[]) => Promise<unknown>)(uid, ...rest));
  return call as unknown as Call<Name>;
}

export const accountServer = {
  signInWithGoogle: auth.signInWithGoogle,
  reauthenticate: auth.reauthenticate,
  signOut: auth.signOut,
  deleteUser: auth.deleteUser,
  currentUser: auth.currentUser,
  currentEmail: auth.currentEmail,
  firstUser: auth.firstUser,
  onUserChanged: auth.onUserChanged,
  readCards: forUser('readCards'),
  readDeletions: forUser('readDeletions'),
  subscribeCards: subscriptions.subscribeCards,
  putCards: forUser('putCards'),
  readDetails: forUser('readDetails'),
  removeDetails: forUser('removeDetails'),
  holdsCards: forUser('holdsCards'),
  removeAllCards: forUser('removeAllCards'),
  pruneDeletions: forUser('pruneDeletions'),
  sendChanges: forUser('sendChanges'),
  refusedByServer,
  onConnectionChanged: subscriptions.onConnectionChanged,
  serverNow: client.serverNow,
  readPasswordRecord: forUser('readPasswordRecord'),
  swapPasswordRecord: forUser('swapPasswordRecord'),
  createPasswordRecord: forUser('createPasswordRecord'),
  removePasswordRecord: forUser('removePasswordRecord'),
  subscribeAuth: subscriptions.subscribeAuth,
  replaceAccountKey: forUser('replaceAccountKey'),
  readRetiredKeys: forUser('readRetiredKeys'),
  connectedNow: client.connectedNow,
};

export type AccountServer = typeof accountServer;
export type { CardsSubscription } from './heard-account';
export type { RecordSwap } from './wire';
