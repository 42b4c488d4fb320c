/**
 * The account flows' fixtures for state tests: a device started as a fresh page would start it, a new Google account
 * for each test signed in the way Google's popup ends (a credential on the app's own Auth instance), and what a
 * person could see of the server and of this device's storage.
 */
import { signOut as firebaseSignOut, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { onValue, ref } from 'firebase/database';
import { afterEach, beforeEach, expect } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { stopEngines } from './engine-worker';
import { database } from './page-database';
import { seedPlainCards, storedJson } from './seed-storage';

export const PASSWORD = 'Account password 1!';
export const NEW_PASSWORD = 'Another password 2?';
export const PIN = '274951';

/** The Google account of the test running now (a new one for each test). */
let sub = '';

export const serverValue = (path: string): Promise<unknown> =>
  new Promise((resolve, reject) => onValue(ref(database, path), (s) => resolve(s.val()), reject, { onlyOnce: true }));

/** Ends the way Google's popup ends: Firebase has a signed-in user. */
export async function googleSignIn(): Promise<string> {
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada Lovelace' }),
  );
  return (await signInWithCredential(auth, credential)).user.uid;
}

/** A fresh page on a device: nothing in memory but what startApp reads from storage. */
export async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
}

export const derivations = () => getEngine().derivationCount();
export const shownIds = () => cardsState.cards.map((card) => card.id).sort();
export const ids = (cards: PlainCard[]) => cards.map((card) => card.id).sort();

export function expectEncryptedOnly(server: unknown): void {
  for (const card of Object.values(server as Record<string, unknown>)) {
    expect(card).toEqual({
      id: expect.any(String),
      modifiedAt: expect.any(Number),
      data: { cipherText: expect.any(String), iv: expect.any(String) },
    });
  }
}

/**
 * Signed in, this device keeps the account's cards only as the server's ciphertext, for offline use (written a moment
 * after they arrive), and never a plain card: either nothing yet, or ciphertext.
 */
export function expectNoPlainCardsHere(): void {
  const kept = storedJson('cards') as { type: string; cards: Record<string, unknown> };
  if (Object.keys(kept.cards).length === 0) return;
  expect(kept.type).toBe('ENCRYPTED');
  expectEncryptedOnly(kept.cards);
}

/** A device whose account was just created, with `cards` moved up. */
export async function createdAccount(cards: PlainCard[]): Promise<string> {
  seedPlainCards(cards);
  await freshPage();
  const uid = await googleSignIn();
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  await createAccountPassword(PASSWORD);
  return uid;
}

/** Each test of the calling file on a freshly started device with a new Google account, signed out after it. */
export function freshDeviceEachTest(): void {
  beforeEach(async () => {
    sub = `acct-${crypto.randomUUID()}`;
    await freshPage();
  });
  afterEach(async () => {
    if (auth.currentUser) await signOut();
    await firebaseSignOut(auth);
    stopEngines();
  });
}
