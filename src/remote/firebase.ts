/**
 * The app's one Firebase app, Auth and Realtime Database, pointed at the emulators when the config says so.
 * This module and its siblings are the only code that imports Firebase, and they load only on demand.
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase } from 'firebase/database';
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

export const app = initializeApp(config.options);
export const auth = getAuth(app);
export const database = getDatabase(app);

if (config.emulators) {
  connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
  const [host = '127.0.0.1', port = '9000'] = config.emulators.database.split(':');
  connectDatabaseEmulator(database, host, Number(port));
}
