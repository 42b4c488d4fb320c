/**
 * Another device of the same account, for browser tests: its own Firebase app in the test page, signed in with the
 * same Google account, writing through the real SDK under the rules, so it stays online while the app's own
 * connection is down. It holds no key: what it writes is sealed by the test.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, GoogleAuthProvider, getAuth, signInWithCredential } from 'firebase/auth';
import { connectDatabaseEmulator, type Database, getDatabase, goOffline, onValue, ref } from 'firebase/database';
import { inject } from 'vitest';
import type {} from './provided-context';

export interface OtherDevice {
  db: Database;
  /** What this device reads at `path` now, as the signed-in person. */
  read(path: string): Promise<unknown>;
  close(): Promise<void>;
}

let count = 0;

/** Signs in as the Google account `sub` (as tests/support/google.ts `googleSignIn` does) on a device of its own. */
export async function otherDevice(sub: string): Promise<OtherDevice> {
  const databaseUrl = inject('databaseUrl');
  const app = initializeApp(
    {
      apiKey: 'demo-key',
      projectId: 'demo-sleeve',
      authDomain: 'demo-sleeve.firebaseapp.com',
      databaseURL: databaseUrl,
    },
    `other-device-${count++}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, inject('authUrl'), { disableWarnings: true });
  const db = getDatabase(app, databaseUrl);
  const { hostname, port } = new URL(databaseUrl);
  connectDatabaseEmulator(db, hostname, Number(port));
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada Lovelace' }),
  );
  await signInWithCredential(auth, credential);
  let closed = false;
  return {
    db,
    read: (path) =>
      new Promise((resolve, reject) => onValue(ref(db, path), (s) => resolve(s.val()), reject, { onlyOnce: true })),
    close: async () => {
      if (closed) return;
      closed = true;
      goOffline(db);
      await deleteApp(app);
    },
  };
}
