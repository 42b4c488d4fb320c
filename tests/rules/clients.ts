/**
 * What the rules tests share: clients of the running local backend through the real Firebase SDK, signed in as two
 * people (Ada, Bob) or signed out (a visitor), the reading of a refusal, and the cards and records they write.
 * `signInPeople()` signs them in once per file and empties Ada's account before each test.
 */
import { deleteApp, type FirebaseApp, initializeApp, setLogLevel } from 'firebase/app';
import { connectAuthEmulator, GoogleAuthProvider, getAuth, signInWithCredential } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  type Database,
  getDatabase,
  goOffline,
  onValue,
  ref,
  set,
  update,
} from 'firebase/database';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';

// Each refusal would otherwise also print the SDK's own warning.
setLogLevel('error');

const authUrl = inject('authUrl');
const databaseUrl = inject('databaseUrl');

export interface Client {
  app: FirebaseApp;
  db: Database;
  uid: string | null;
}

let appCount = 0;

async function client(person?: { sub: string; email: string; name: string }): Promise<Client> {
  const app = initializeApp(
    {
      apiKey: 'demo-key',
      projectId: 'demo-sleeve',
      authDomain: 'demo-sleeve.firebaseapp.com',
      databaseURL: databaseUrl,
    },
    `rules-${appCount++}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, authUrl, { disableWarnings: true });
  const db = getDatabase(app);
  const { hostname, port } = new URL(databaseUrl);
  connectDatabaseEmulator(db, hostname, Number(port));
  let uid: string | null = null;
  if (person) {
    const result = await signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(person)));
    uid = result.user.uid;
  }
  return { app, db, uid };
}

const ADA = { sub: 'ada-rules', email: 'ada@example.com', name: 'Ada Lovelace' };

/** Another of Ada's devices: a client of its own, signed in as her, that has read nothing yet. Close it with `closeClient`. */
export const adaElsewhere = () => client(ADA);

export async function closeClient(c: Client): Promise<void> {
  goOffline(c.db);
  await deleteApp(c.app);
}

/** The SDK's get() hangs against this server; a one-off listener reads the same. */
export function read(db: Database, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    onValue(ref(db, path), (snapshot) => resolve(snapshot.val()), reject, { onlyOnce: true });
  });
}

export async function expectDenied(operation: Promise<unknown>) {
  const error = await operation.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'the server allowed it').toBeInstanceOf(Error);
  expect(String((error as Error).message)).toMatch(/permission[_ ]denied/i);
}

export const base64 = (bytes: number, fill = 7) => Buffer.alloc(bytes, fill).toString('base64');

/** What the rules allow ahead of the server's clock, in ms (5 minutes). */
export const SKEW_MS = 5 * 60_000;

export const CARD_ID = 'Ab3dE6gH';
export const OTHER_ID = 'Zz9yX8wV';
export const encryptedCard = (id = CARD_ID, modifiedAt = 1_700_000_000_000) => ({
  id,
  data: { cipherText: base64(180), iv: base64(12) },
  modifiedAt,
});
export const passwordRecord = (modifiedAt = 1_700_000_000_000, wrapped = 48) => ({
  salt: base64(16),
  encryptedDek: { ciphertext: base64(wrapped), iv: base64(12) },
  modifiedAt,
});

// Live bindings: each is set once the file's clients are signed in (`signInPeople`).
export let ada: Client;
export let bob: Client;
export let visitor: Client;

/** Signs in Ada and Bob and opens a visitor's client for the file; empties Ada's account before each test. */
export function signInPeople(): void {
  beforeAll(async () => {
    ada = await client(ADA);
    bob = await client({ sub: 'bob-rules', email: 'bob@example.com', name: 'Bob Babbage' });
    visitor = await client();
  });

  afterAll(async () => {
    for (const c of [ada, bob, visitor]) if (c) await closeClient(c);
  });

  /** Ada's account emptied: cards, details and deletion records first, then the password record (which cards would keep). */
  beforeEach(async () => {
    await update(ref(ada.db, `${ada.uid}`), { cards: null, details: null, deleted: null });
    await set(ref(ada.db, `${ada.uid}/auth`), null);
  });
}

export const cardPath = (c: Client, id = CARD_ID) => `${c.uid}/cards/${id}`;

/** One card written on its own, as every client of the project writes a card. */
export const putCard = (c: Client, card: object, id = (card as { id?: string }).id ?? CARD_ID) =>
  set(ref(c.db, cardPath(c, id)), card);
