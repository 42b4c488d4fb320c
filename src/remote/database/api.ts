/**
 * What the database worker offers the page (src/remote/database-client.ts), the only way the app reaches the
 * Realtime Database: every read, write and listener of the account. The page imports this module's type alone.
 */
import * as accountKey from './account-key';
import * as cards from './cards';
import { disconnect, reconnect, signedIn } from './connection';
import * as details from './details';
import * as listeners from './listeners';
import * as records from './records';

export const databaseApi = {
  signedIn,
  reconnect,
  disconnect,
  readCards: cards.readCards,
  readDeletions: cards.readDeletions,
  putCards: cards.putCards,
  sendChanges: cards.sendChanges,
  removeAllCards: cards.removeAllCards,
  pruneDeletions: cards.pruneDeletions,
  holdsCards: cards.holdsCards,
  readDetails: details.readDetails,
  removeDetails: details.removeDetails,
  readPasswordRecord: records.readPasswordRecord,
  swapPasswordRecord: records.swapPasswordRecord,
  createPasswordRecord: records.createPasswordRecord,
  removePasswordRecord: records.removePasswordRecord,
  replaceAccountKey: accountKey.replaceAccountKey,
  readRetiredKeys: accountKey.readRetiredKeys,
  connectedNow: accountKey.connectedNow,
  listenCards: listeners.listenCards,
  listenAuth: listeners.listenAuth,
  listenConnection: listeners.listenConnection,
  listenServerTime: listeners.listenServerTime,
  stopListening: listeners.stopListening,
};

export type DatabaseApi = typeof databaseApi;
