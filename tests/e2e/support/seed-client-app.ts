/**
 * A client of the seed's kind in Node, for end-to-end tests: its own Firebase app against the local backend, signed in
 * as a Google account (which the emulator's chooser then offers in the browser), writing through the real SDK so the
 * server's rules judge what it writes. What it seals is sealed with node:crypto (tests/interop/seed-client.ts).
 */
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, GoogleAuthProvider, getAuth, signInWithCredential } from 'firebase/auth';
import { connectDatabaseEmulator, type Database, getDatabase } from 'firebase/database';
import { inject } from 'vitest';

export interface SeedClientApp {
  app: FirebaseApp;
  db: Database;
  uid: string;
  /** Ends the client: its app and connection go. */
  close(): Promise<void>;
}

export async function seedClientApp(
  name: string,
  person: { sub: string; email: string; name: string },
): Promise<SeedClientApp> {
  const app = initializeApp(
    {
      apiKey: 'demo-key',
      projectId: 'demo-sleeve',
      authDomain: 'demo-sleeve.firebaseapp.com',
      databaseURL: inject('databaseUrl'),
    },
    name,
  );
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, inject('authUrl'), { disableWarnings: true });
    const db = getDatabase(app);
    const { hostname, port } = new URL(inject('databaseUrl'));
    connectDatabaseEmulator(db, hostname, Number(port));
    const { user } = await signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(person)));
    return { app, db, uid: user.uid, close: () => deleteApp(app) };
  } catch (error) {
    await deleteApp(app);
    throw error;
  }
}
