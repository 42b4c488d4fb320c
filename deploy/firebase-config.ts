/**
 * Firebase's configuration (firebase.json) for a build: the database rules and the hosting, deployed together so the
 * rules and the app never drift apart. The committed firebase.json is this for a build for the local backend on its
 * default ports (`node scripts/write-firebase-json.mjs` writes it; a test checks that it is current); a deployment
 * writes its own from the project's settings (scripts/deploy.mjs).
 */
import { type RemoteSettings, resolveRemoteSettings } from '../src/remote/settings.ts';
import { type HostingConfig, hostingConfig } from './hosting.ts';

export interface FirebaseConfig {
  database: { rules: string };
  hosting: HostingConfig;
  emulators?: Record<string, unknown>;
}

export const DATABASE_RULES = 'database.rules.json';

export function firebaseConfig(settings: RemoteSettings): FirebaseConfig {
  return { database: { rules: DATABASE_RULES }, hosting: hostingConfig(settings) };
}

/** The settings of a build for the local backend on its default ports (`npm start`, `node scripts/backend.mjs`). */
export const localSettings = (): RemoteSettings => resolveRemoteSettings({ VITE_USE_FIREBASE_EMULATORS: 'true' });

/**
 * The committed firebase.json. Its emulator ports are those of the local backend (scripts/backend.mjs: the Auth
 * emulator with its hub and logging beside it) and of scripts/hosting-emulator.mjs, for anyone who runs
 * `firebase emulators:start` by hand.
 */
export function committedFirebaseConfig(): FirebaseConfig {
  return {
    ...firebaseConfig(localSettings()),
    emulators: {
      auth: { host: '127.0.0.1', port: 9099 },
      hosting: { host: '127.0.0.1', port: 5000 },
      hub: { host: '127.0.0.1', port: 9101 },
      logging: { host: '127.0.0.1', port: 9102 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
}
