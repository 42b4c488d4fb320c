/**
 * The app's one Firebase app, Auth and Realtime Database, pointed at the emulators when the config says so.
 * This module and its siblings are the only code that imports Firebase, and they load only on demand.
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectDatabaseEmulator, forceWebSockets, getDatabase } from 'firebase/database';
import { remoteConfig } from './config';

const config = remoteConfig();

declare global {
  // The SDK reads its experimental settings from here (@firebase/util `getExperimentalSetting`).
  var __FIREBASE_DEFAULTS__: Record<string, unknown> | undefined;
}

if (config.authTokenSyncUrl) {
  // The SDK's own switch for `authTokenSyncURL`: `getAuth` reads `__FIREBASE_DEFAULTS__._authTokenSyncURL` when it
  // first creates Auth, and then posts the ID token to that same-origin path (or DELETEs on sign-out).
  globalThis.__FIREBASE_DEFAULTS__ = {
    ...globalThis.__FIREBASE_DEFAULTS__,
    _authTokenSyncURL: config.authTokenSyncUrl,
  };
}

/**
 * The database speaks WebSocket only. After a WebSocket attempt that never became healthy (any start without a
 * connection), the SDK remembers the failure in localStorage and from then on tries long-polling first, which loads
 * scripts from the database's host: the Content-Security-Policy refuses them (script-src), and the local database
 * server does not offer it, so the device would never reconnect and its outbox never be sent.
 */
forceWebSockets();

export const app = initializeApp(config.options);
export const auth = getAuth(app);
export const database = getDatabase(app);

if (config.emulators) {
  connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
  const [host = '127.0.0.1', port = '9000'] = config.emulators.database.split(':');
  connectDatabaseEmulator(database, host, Number(port));
}
