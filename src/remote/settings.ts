/**
 * Which Firebase the app talks to, worked out from `VITE_` settings. Pure, so the build (vite.config.ts, for the
 * Content-Security-Policy) and the app reach the same answer from the same values.
 *
 * With a real project's settings (`VITE_FIREBASE_PROJECT_ID` and the rest) and `VITE_USE_FIREBASE_EMULATORS` not
 * 'true', the app uses that project. Otherwise it uses the local emulators, which need no account. The dev server
 * may fall back to them silently; a production build may not (deploy/build-settings.ts).
 */
export type RemoteEnv = Readonly<Record<string, string | boolean | undefined>>;

export interface FirebaseProjectOptions {
  apiKey: string;
  authDomain: string;
  projectId: string;
  databaseURL: string;
  appId?: string;
}

export interface RemoteSettings {
  mode: 'project' | 'emulator';
  options: FirebaseProjectOptions;
  /** host:port of the Auth emulator and of the database emulator, in emulator mode only. */
  emulators?: { auth: string; database: string };
  /** A same-origin path the ID token is posted to (the SDK's `authTokenSyncURL` exchange, token-sync.ts), if set. */
  authTokenSyncUrl?: string;
}

export const EMULATOR_PROJECT_ID = 'demo-sleeve';
export const EMULATOR_NAMESPACE = 'demo-sleeve-default-rtdb';
export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEFAULT_DATABASE_EMULATOR_HOST = '127.0.0.1:9000';

const text = (env: RemoteEnv, name: string): string | undefined => {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export function resolveRemoteSettings(env: RemoteEnv): RemoteSettings {
  const authTokenSyncUrl = text(env, 'VITE_AUTH_TOKEN_SYNC_URL');
  const sync = authTokenSyncUrl ? { authTokenSyncUrl } : {};
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID');
  if (projectId && text(env, 'VITE_USE_FIREBASE_EMULATORS') !== 'true') {
    const appId = text(env, 'VITE_FIREBASE_APP_ID');
    return {
      mode: 'project',
      options: {
        apiKey: text(env, 'VITE_FIREBASE_API_KEY') ?? '',
        authDomain: text(env, 'VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
        projectId,
        databaseURL: text(env, 'VITE_FIREBASE_DATABASE_URL') ?? `https://${projectId}-default-rtdb.firebaseio.com`,
        ...(appId ? { appId } : {}),
      },
      ...sync,
    };
  }
  const auth = text(env, 'VITE_FIREBASE_AUTH_EMULATOR_HOST') ?? DEFAULT_AUTH_EMULATOR_HOST;
  const database = text(env, 'VITE_FIREBASE_DATABASE_EMULATOR_HOST') ?? DEFAULT_DATABASE_EMULATOR_HOST;
  return {
    mode: 'emulator',
    options: {
      apiKey: 'demo-key',
      authDomain: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
      projectId: EMULATOR_PROJECT_ID,
      databaseURL: `http://${database}?ns=${EMULATOR_NAMESPACE}`,
    },
    emulators: { auth, database },
    ...sync,
  };
}
