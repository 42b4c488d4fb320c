/**
 * The page's Firebase app and Auth, pointed at the emulator when the config says so. The Realtime Database runs in a
 * worker of its own (database/connection.ts), whose Auth reads the user this one keeps in IndexedDB: that persistence
 * comes first here. This module and its siblings are the only code that imports Firebase, and they load only on demand.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { remoteConfig } from './config';
import { syncIdToken } from './token-sync';

const config = remoteConfig();

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

if (config.emulators) {
  connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
}

if (config.authTokenSyncUrl) syncIdToken(auth, config.authTokenSyncUrl);
