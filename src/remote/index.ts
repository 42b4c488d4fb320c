/**
 * The one door to Firebase. The app loads this module with a dynamic `import('../remote')` only when an account
 * is involved, so a person who never signs in never downloads Firebase.
 */
import * as accountKey from './account-key';
import * as auth from './auth';
import * as database from './database';
import * as details from './details';

export const accountServer = {
  signInWithGoogle: auth.signInWithGoogle,
  reauthenticate: auth.reauthenticate,
  signOut: auth.signOut,
  deleteUser: auth.deleteUser,
  currentUser: auth.currentUser,
  currentEmail: auth.currentEmail,
  firstUser: auth.firstUser,
  onUserChanged: auth.onUserChanged,
  readCards: database.readCards,
  readDeletions: database.readDeletions,
  subscribeCards: database.subscribeCards,
  putCards: database.putCards,
  readDetails: details.readDetails,
  removeDetails: details.removeDetails,
  holdsCards: database.holdsCards,
  removeAllCards: database.removeAllCards,
  pruneDeletions: database.pruneDeletions,
  sendChanges: database.sendChanges,
  refusedByServer: database.refusedByServer,
  onConnectionChanged: database.onConnectionChanged,
  serverNow: database.serverNow,
  readPasswordRecord: database.readPasswordRecord,
  setPasswordRecord: database.setPasswordRecord,
  createPasswordRecord: database.createPasswordRecord,
  removePasswordRecord: database.removePasswordRecord,
  subscribeAuth: database.subscribeAuth,
  replaceAccountKey: accountKey.replaceAccountKey,
  readRetiredKeys: accountKey.readRetiredKeys,
  connectedNow: accountKey.connectedNow,
};

export type AccountServer = typeof accountServer;
export type { CardsSubscription } from './heard-account';
