/**
 * Benchmark accounts on the local backend, made the way another client of the project would make them: signed in
 * with a Google credential on the Auth emulator (what its popup ends with), then the password record and the cards
 * written through the Firebase SDK, the rules applying as to any client. The ciphertext comes from
 * bench/support/encrypt.mjs, so an account of 10,000 cards (more than Sleeve itself lets one account hold) can exist
 * as it would after another client wrote it. Each account is new (its own Google id); `remove` takes its data off the
 * server again, cards first as the rules require.
 *
 * @typedef {import('./encrypt.mjs').EncryptedCollection} EncryptedCollection
 * @typedef {import('./encrypt.mjs').SecretRecord} SecretRecord
 * @typedef {import('./backend.mjs').Settings} Settings
 */
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, GoogleAuthProvider, getAuth, signInWithCredential, signOut } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, goOffline, onValue, ref, remove, set } from 'firebase/database';

/**
 * A new account holding `record` and `cards` on the server.
 * @param {Settings} settings @param {string} name what the account is for, in its Google id
 * @param {SecretRecord} record @param {EncryptedCollection | null} cards
 */
export async function seedAccount(settings, name, record, cards) {
  const sub = `bench-${name}-${randomBytes(6).toString('hex')}`;
  const email = `${sub}@example.com`;
  const app = initializeApp(settings.options, sub);
  const auth = getAuth(app);
  const database = getDatabase(app);
  if (settings.emulators) {
    connectAuthEmulator(auth, `http://${settings.emulators.auth}`, { disableWarnings: true });
    const [host = '127.0.0.1', port = '9000'] = settings.emulators.database.split(':');
    connectDatabaseEmulator(database, host, Number(port));
  }
  const credential = GoogleAuthProvider.credential(JSON.stringify({ sub, email, name: 'Bench Person' }));
  const { user } = await signInWithCredential(auth, credential);
  const uid = user.uid;
  // The record first: the rules refuse a first record once cards exist.
  await set(ref(database, `${uid}/auth/password`), record);
  if (cards) await set(ref(database, `${uid}/cards`), cards.cards);
  return {
    sub,
    email,
    uid,
    /**
     * How many of the account's cards the server holds dated `since` or later, read afresh by this client (a
     * one-off listener: the local database server does not answer the SDK's `get()`).
     * @param {number} since
     */
    async cardsSince(since) {
      const cards = await new Promise((resolve, reject) =>
        onValue(ref(database, `${uid}/cards`), (snapshot) => resolve(snapshot.val()), reject, { onlyOnce: true }),
      );
      return Object.values(/** @type {Record<string, { modifiedAt: number }>} */ (cards ?? {})).filter(
        (card) => card.modifiedAt >= since,
      ).length;
    },
    /** The account's cards and record taken off the server, and this client closed. */
    async remove() {
      try {
        await remove(ref(database, `${uid}/cards`));
        await remove(ref(database, `${uid}/auth`));
      } finally {
        await signOut(auth);
        goOffline(database);
        await deleteApp(app);
      }
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof seedAccount>>} Account */
