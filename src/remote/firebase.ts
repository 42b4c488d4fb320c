/**
 * The app's one Firebase app, Auth and Realtime Database, pointed at the emulators when the config says so.
 * This module and its siblings are the only code that imports Firebase, and they load only on demand.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { connectDatabaseEmulator, forceWebSockets, getDatabase } from 'firebase/database';
import { remoteConfig } from './config';
import { syncIdToken } from './token-sync';

const config = remoteConfig();

/**
 * The database speaks WebSocket only. After a WebSocket attempt that never became healthy (any start without a
 * connection), the SDK remembers the failure in the browser's web storage and from then on tries long-polling first,
 * which loads scripts from the database's host: the Content-Security-Policy refuses them (script-src), and the local
 * database server does not offer it, so the device would never reconnect and its outbox never be sent.
 */
forceWebSockets();

export const app = initializeApp(config.options);

/**
 * Auth as `getAuth` would make it (the same persistence), but without the popup resolver. Given one here, the SDK
 * loads Google's script loader into the page as soon as Auth starts on mobile browsers and Safari, before anyone asks
 * to sign in; the resolver is handed to the popup calls alone (auth.ts), so only pressing 'Sign in with Google'
 * brings a third-party script into the vault's page.
 */
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

export const database = getDatabase(app);

if (config.emulators) {
  connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
  const [host = '127.0.0.1', port = '9000'] = config.emulators.database.split(':');
  connectDatabaseEmulator(database, host, Number(port));
}

if (config.authTokenSyncUrl) syncIdToken(auth, config.authTokenSyncUrl);
