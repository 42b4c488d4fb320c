/**
 * The database worker as the page reaches it (src/remote/database-client.ts): one worker for whoever is signed in,
 * the page's listeners carried on to the next one, and the page's offline and online events passed on.
 */
import { GoogleAuthProvider, signInWithCredential, signOut } from 'firebase/auth';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { EncryptedCard } from '../../src/domain/card';
import { accountServer as db } from '../../src/remote';
import { holdOffline } from '../../src/remote/database-client';
import { auth } from '../../src/remote/firebase';

const sub = `db-worker-${crypto.randomUUID()}`;
let uid = '';

async function signIn(): Promise<string> {
  const credential = GoogleAuthProvider.credential(JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada' }));
  return (await signInWithCredential(auth, credential)).user.uid;
}

const encrypted = (id: string): EncryptedCard => ({
  id,
  data: { cipherText: btoa(`ciphertext of card ${id}`.padEnd(48, '.')), iv: btoa('twelve bytes') },
  modifiedAt: 1_700_000_000_000,
});

afterEach(async () => {
  if (uid) await db.removeAllCards(uid);
});

afterAll(async () => {
  await signOut(auth);
});

describe('the database worker', () => {
  test('a listener set up while nobody is signed in follows the database of whoever signs in', async () => {
    await signOut(auth);
    const seen: boolean[] = [];
    const stop = db.onConnectionChanged((connected) => seen.push(connected));
    try {
      uid = await signIn();
      await expect.poll(() => seen.at(-1)).toBe(true);
      // The account's own calls go to that same database, signed in.
      await db.putCards(uid, [encrypted('CardAAA1')]);
      expect(Object.keys((await db.readCards(uid)).cards)).toEqual(['CardAAA1']);
    } finally {
      stop();
    }
  });

  test("the page's offline and online events take the database off the network and back at once", async () => {
    const seen: boolean[] = [];
    const stop = db.onConnectionChanged((connected) => seen.push(connected));
    try {
      await expect.poll(() => seen.at(-1)).toBe(true);
      window.dispatchEvent(new Event('offline'));
      await expect.poll(() => seen.at(-1)).toBe(false);
      window.dispatchEvent(new Event('online'));
      await expect.poll(() => seen.at(-1)).toBe(true);
    } finally {
      stop();
    }
  });

  test('a call the server has not answered when the person signs out fails, rather than waiting for ever', async () => {
    uid = await signIn();
    await holdOffline(true);
    try {
      // Offline, the write waits in the worker for a server that never answers it.
      const write = db.putCards(uid, [encrypted('CardBBB2')]);
      await signOut(auth);
      await expect(write).rejects.toThrow('The account was signed out before the server answered.');
    } finally {
      await holdOffline(false);
      uid = await signIn();
    }
    // The write went with the worker: the account holds nothing of it.
    expect((await db.readCards(uid)).cards).toEqual({});
  });
});
