/**
 * The Google side of an account, for browser tests against the real local backend. Google's popup cannot run in
 * these tests (its script loader is out of reach), so a test signs in the way the popup ends: a Google credential
 * on the app's own Auth instance. The account module then takes over exactly as after the popup.
 */
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { onValue, ref } from 'firebase/database';
import { inject } from 'vitest';
import { auth } from '../../src/remote/firebase';
import { database } from './page-database';
import type {} from './provided-context';

/** A Google account id nobody else uses, so each test starts with its own brand-new account. */
export const uniqueSub = (): string => `screen-${crypto.randomUUID()}`;

/** Ends the way Google's popup ends for the Google account `sub` (Ada Lovelace); the Firebase uid. */
export async function googleSignIn(sub: string): Promise<string> {
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada Lovelace' }),
  );
  return (await signInWithCredential(auth, credential)).user.uid;
}

/** What the server holds at `path`, read once as the signed-in user (the rules apply). */
export const serverValue = (path: string): Promise<unknown> =>
  new Promise((resolve, reject) => onValue(ref(database, path), (s) => resolve(s.val()), reject, { onlyOnce: true }));

/** Writes `value` at `path` as the server itself would, rules aside (an entry left by an older client). */
export async function writeRulesAside(path: string, value: unknown): Promise<void> {
  const response = await fetch(new URL(path, inject('databaseDumpUrl')), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  if (!response.ok) throw new Error(`Could not write ${path}: ${await response.text()}`);
}
